/**
 * The app's offer service, made once: the page's offer queue (src/offering/offer-queue.ts) over
 * IndexedDB, the one offer sender (src/offering/shared/offer-wire.ts) and the store. Screens reach it
 * through src/offering/offering.ts. A refused, expired or withdrawn offer's words go back to the
 * private entries through the store, with the wording of src/offering/offer-outcome.ts. Loaded with
 * `import()` after the first paint (it carries postgrest-js).
 */
import { env } from '../lib/env'
import {
  createOfferQueue,
  openOfferChannel,
  type OfferQueue,
  type OfferQueueDeps,
} from './offer-queue'
import { pageOfferStorage } from './offer-queue-store'
import { newClientId } from '../lib/client-id'
import { isReport, type QueuedOffer } from './shared/offer'
import {
  journeyRecorder,
  offerJourneyLog,
  pruneEndedJourneys,
  type JourneyLog,
} from './shared/offer-journey'
import { handBackToast } from './offer-outcome'
import { sendOffer, type BackendConfig } from './shared/offer-wire'
import { showHeldOffers, type BadgeHost } from './shared/offer-badge'
import { useAppStore } from '../store'
import type { OfferActions } from './offers-slice'

type AppStore = typeof useAppStore

/** What the service is made of; the app passes its own, tests a fresh store and a fake fetch. */
export interface OfferServiceDeps {
  store: AppStore
  fetch: typeof fetch
  backend: BackendConfig
  /** Where each offer's journey is recorded (the network lab reads it). */
  journey?: JourneyLog
  /** Where the app's icon shows how many offers are held (the page's `navigator`). */
  badge?: BadgeHost
  host?: Partial<
    Pick<
      OfferQueueDeps,
      'requestBackgroundSync' | 'onWorkerFlushRequest' | 'locks' | 'openChannel' | 'random'
    >
  >
}

/** Makes a queue over `deps` and the actions screens use through it, reporting to `deps.store`. */
export function createOfferService(deps: OfferServiceDeps): OfferActions & { queue: OfferQueue } {
  const send = (offer: QueuedOffer) => sendOffer(deps.fetch, deps.backend, offer)
  // The network lab subscribes to the delivery code's one observer hook.
  const onEvent = deps.journey ? journeyRecorder(deps.journey) : undefined
  const queue = createOfferQueue({
    storage: pageOfferStorage,
    send,
    handBack: async (offer, reason) => {
      // A report has no words to give back; its card stays hidden on this device.
      if (isReport(offer)) return
      const state = deps.store.getState()
      // The entries' storage is loaded first, so the entry is written before the offer leaves.
      await state.loadEntries()
      const now = Date.now()
      await state.restoreEntry(
        offer.entry ?? { id: now, text: offer.text, date: new Date(now).toISOString() },
      )
      state.showToast(handBackToast(reason))
    },
    onWaitingOffers: (offers) => {
      deps.store.getState().setPendingOffers(offers)
      // Every change to the queue ends here, in every tab: the icon follows the list.
      void showHeldOffers(deps.badge, offers)
    },
    ...(onEvent ? { onEvent } : {}),
    ...deps.host,
  })
  const { journey } = deps
  const start = (): (() => void) => {
    if (journey) void pruneEndedJourneys(journey, () => pageOfferStorage.list())
    return queue.start()
  }
  return {
    queue: { ...queue, start },
    // The queue decides between sending now and holding: one path, one retry rule.
    offerToVoid: queue.offer,
    withdrawOffer: (offer) => queue.withdraw(offer),
    reportThought: (thoughtId) =>
      queue.hold({
        clientId: newClientId(),
        text: '',
        queuedAt: Date.now(),
        attempts: 0,
        origin: 'void',
        report: { thoughtId },
      }),
  }
}

let service: ReturnType<typeof createOfferService> | undefined

/** The app's running offer queue, once started (the network lab drives it). */
export const runningOfferQueue = (): OfferQueue | undefined => service?.queue

/** Makes the app's offer service (once), connects it to the store and starts its triggers. */
export function startOfferService(): () => void {
  const journey = offerJourneyLog()
  service ??= createOfferService({
    store: useAppStore,
    fetch: (input, init) => fetch(input, init),
    backend: { url: env.supabaseUrl, anonKey: env.supabaseAnonKey },
    journey,
    badge: navigator,
    host: {
      requestBackgroundSync: () =>
        import('../lib/sw-bridge').then(({ requestBackgroundSync }) => requestBackgroundSync()),
      onWorkerFlushRequest: (listener) =>
        import('../lib/sw-bridge').then(({ onWorkerMessage }) =>
          onWorkerMessage((message) => {
            if (message.type === 'FLUSH_OFFERS') listener()
          }),
        ),
      ...('locks' in navigator && navigator.locks ? { locks: navigator.locks } : {}),
      openChannel: openOfferChannel,
    },
  })
  useAppStore.getState().connectOffers(service)
  return service.queue.start()
}
