/**
 * Background Sync of the offer queue. When the browser fires `sync`, an open page is asked to flush
 * (it owns the toasts and the private entries); with no page open, the worker flushes itself with
 * the one offer sender (src/offering/shared/offer-wire.ts) under the same Web Lock and the same policy as the page.
 * An offer refused (or given up) then is kept, marked with the status and the reason, for the next
 * page to hand back to the private entries. After its own flush it shows on the app's icon how many
 * offers still wait (src/offering/shared/offer-badge.ts), so a badge clears with no page open.
 */
import type { WorkerToPageMessage } from '../src/shared/messages'
import {
  OFFER_FLUSH_LOCK,
  flushOfferQueue,
  type FlushResult,
  type OfferQueueStorage,
} from '../src/offering/shared/offer-queue-policy'
import { sendOffer, type BackendConfig } from '../src/offering/shared/offer-wire'
import type { OfferEventListener } from '../src/offering/shared/offer-events'
import { showHeldOffers, type BadgeHost } from '../src/offering/shared/offer-badge'

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
  /**
   * When the Void last asked to be left alone until (a 429 or 503's `Retry-After`, or the backoff):
   * a sync before then sends nothing. Kept in IndexedDB, since the worker may stop between syncs.
   */
  retryGate?: { load(): Promise<number | undefined>; save(at: number): Promise<void> }
  now?: () => number
  /** Hears the worker's tries and answers (src/offering/shared/offer-events.ts). */
  onEvent?: OfferEventListener
  /** The worker's navigator, for the app's badge (the Badging API, where it exists). */
  badge?: BadgeHost
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
  const now = deps.now ?? Date.now
  const retryAt = await deps.retryGate?.load()
  if (retryAt !== undefined && now() < retryAt)
    throw new Error('Offers still wait: the Void asked for a pause, not yet over')
  const flush = () =>
    flushOfferQueue({
      storage: deps.storage,
      // One offer per request: a request carries one Idempotency-Key.
      send: (offer) => sendOffer(deps.fetch, backend, offer),
      now,
      ...(deps.onEvent
        ? { onEvent: deps.onEvent, by: 'worker' as const, why: 'background-sync' as const }
        : {}),
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
  if (deps.badge)
    await deps.storage.list().then(
      (items) => showHeldOffers(deps.badge, items),
      () => undefined,
    )
  if (result.retryInMs !== null) {
    await deps.retryGate?.save(now() + result.retryInMs)
    throw new Error('Offers still wait: the Void was unreachable')
  }
  return result
}
