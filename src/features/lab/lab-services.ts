/**
 * What the network lab reads and drives, handed in by the app (`labServices` in
 * src/app/lab-mount.tsx): the lab's modules take the running queue and the journeys from there and
 * never import the offer service (src/offering/offer-service.ts) themselves.
 */
import type { OfferQueue } from '../../offering/offer-queue'
import type { QueuedOffer } from '../../offering/shared/offer'
import type { OfferJourney } from '../../offering/shared/offer-journey'

/** The lab's view of the offer queue and the journeys. */
export interface LabServices {
  /** The running queue, once the app has started it (Try now, the backoff timer). */
  queue: () => Pick<OfferQueue, 'requestFlush' | 'nextTryAt'> | undefined
  /** Every item in the queue, oldest first (reports and offers the worker set aside included). */
  listQueue: () => Promise<QueuedOffer[]>
  /** Every journey, most recently changed first. */
  listJourneys: () => Promise<OfferJourney[]>
  /** Calls `listener` when any tab or the worker says the queue or a journey changed; returns a stop. */
  onChange: (listener: () => void) => () => void
  /** The Web Lock's name held while the queue flushes. */
  flushLock: string
}
