/**
 * Mounts the network lab (src/features/lab) in its own container, outside the router, with the
 * running offer queue. Lazily loaded by src/app/lab-entry.ts; never part of the first paint.
 */
import { StrictMode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import LabRoot, { type LabStart } from '../features/lab/lab-root'
import type { LabServices } from '../features/lab/lab-services'
import { JOURNEY_CHANNEL, offerJourneyLog } from '../offering/shared/offer-journey'
import { runningOfferQueue } from '../offering/offer-service'
import { listOffers } from '../offering/offer-queue-store'
import { OFFER_CHANNEL, OFFER_FLUSH_LOCK } from '../offering/shared/offer-queue-policy'

/** What the network lab reads and drives (src/features/lab), over this app's queue and journeys. */
function labServices(): LabServices {
  return {
    queue: runningOfferQueue,
    listQueue: listOffers,
    listJourneys: () => offerJourneyLog().list(),
    onChange(listener) {
      if (typeof BroadcastChannel === 'undefined') return () => undefined
      const channels = [OFFER_CHANNEL, JOURNEY_CHANNEL].map((name) => new BroadcastChannel(name))
      for (const channel of channels) channel.onmessage = () => listener()
      return () => channels.forEach((channel) => channel.close())
    },
    flushLock: OFFER_FLUSH_LOCK,
  }
}

const RANK: Record<LabStart, number> = { control: 0, banner: 1, open: 2 }

let root: Root | undefined
let shown: LabStart | undefined

/** Shows the lab as `start` asks; a later, stronger start (control → banner → open) wins. */
export function mountLab(start: LabStart): void {
  if (shown !== undefined && RANK[shown] >= RANK[start]) return
  shown = start
  if (!root) {
    const container = document.createElement('div')
    container.id = 'unburden-lab'
    document.body.append(container)
    root = createRoot(container)
  }
  root.render(
    <StrictMode>
      <LabRoot start={start} services={labServices()} />
    </StrictMode>,
  )
}
