/**
 * Background Sync of the offer queue. When the browser fires `sync`, an open page is asked to flush
 * (it owns the toasts and the private entries); with no page open, the worker flushes itself with
 * plain fetch (src/shared/offer-wire.ts) under the same Web Lock and the same policy as the page.
 * An offer refused (or given up) then is kept, marked with the status and the reason, for the next
 * page to hand back to the private entries.
 */
import type { WorkerToPageMessage } from '../src/shared/messages'
import {
  OFFER_FLUSH_LOCK,
  OFFER_SEND_TIMEOUT_MS,
  flushOfferQueue,
  type FlushResult,
  type OfferQueueStorage,
} from '../src/shared/offer-queue-policy'
import { postOffers, type BackendConfig } from '../src/shared/offer-wire'

/** What a worker flush needs; tests pass fakes. */
export interface OfferSyncDeps {
  /** The worker's `clients` (only the window clients are asked). */
  clients: {
    matchAll(options: {
      type: 'window'
      includeUncontrolled: boolean
    }): Promise<ReadonlyArray<{ postMessage(message: WorkerToPageMessage): void }>>
  }
  storage: OfferQueueStorage
  loadBackend: () => Promise<BackendConfig | undefined>
  fetch: typeof fetch
  locks?: LockManager
}

/**
 * Flushes the queue for a `sync` event: asks open pages to do it, or does it when none is open.
 * Rejects when offers still wait after a retryable failure, so the browser tries the sync again later.
 */
export async function syncOffers(deps: OfferSyncDeps): Promise<FlushResult | null> {
  const pages = await deps.clients.matchAll({ type: 'window', includeUncontrolled: true })
  if (pages.length > 0) {
    const message: WorkerToPageMessage = { type: 'FLUSH_OFFERS' }
    for (const page of pages) page.postMessage(message)
    return null
  }
  const backend = await deps.loadBackend()
  if (!backend) return null
  const flush = () =>
    flushOfferQueue({
      storage: deps.storage,
      send: (offers) => postOffers(deps.fetch, backend, offers, OFFER_SEND_TIMEOUT_MS),
      onRefused: (offer, answer, reason) =>
        deps.storage.put([
          {
            ...offer,
            refusedStatus: answer?.kind === 'status' ? answer.status : 0,
            refusedReason: reason,
          },
        ]),
    })
  const result = await (deps.locks ? deps.locks.request(OFFER_FLUSH_LOCK, flush) : flush())
  if (result.retryInMs !== null) throw new Error('Offers still wait: the Void was unreachable')
  return result
}
