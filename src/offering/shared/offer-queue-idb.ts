/**
 * The offer queue's storage operations over its IndexedDB object store, written once for the page
 * (src/offering/offer-queue-store.ts) and the service worker (sw/offer-store.ts). Each host brings its own
 * way to run a transaction on the store (idb-keyval's store shape), so this module opens nothing and
 * imports no storage library. IndexedDB exists in windows and workers alike.
 */
import type { QueuedOffer } from './offer'
import { offerKey, type OfferQueueStorage } from './offer-queue-policy'

/** Runs `callback` in one transaction on the queue's object store. */
export type RunInOfferStore = <T>(
  mode: IDBTransactionMode,
  callback: (store: IDBObjectStore) => T | PromiseLike<T>,
) => Promise<T>

/** Resolves with a request's result, or once a transaction has committed. */
export function settled<T = undefined>(request: IDBRequest<T> | IDBTransaction): Promise<T> {
  return new Promise((resolve, reject) => {
    if ('oncomplete' in request) {
      request.oncomplete = () => resolve(undefined as T)
      request.onabort = request.onerror = () => reject(request.error)
    } else {
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    }
  })
}

/** The queue as the shared flush policy sees it: list oldest first, update while queued, remove. */
export function offerQueueOperations(run: RunInOfferStore): OfferQueueStorage {
  return {
    list: () => run('readonly', (store) => settled(store.getAll() as IDBRequest<QueuedOffer[]>)),
    // An offer that has left the queue (delivered, withdrawn) stays gone: only present keys are put.
    put: (offers) =>
      run('readwrite', (store) => {
        for (const offer of offers) {
          const key = offerKey(offer)
          const existing = store.getKey(key)
          existing.onsuccess = () => {
            if (existing.result !== undefined) store.put(offer, key)
          }
        }
        return settled(store.transaction)
      }),
    remove: (offers) =>
      run('readwrite', (store) => {
        for (const offer of offers) store.delete(offerKey(offer))
        return settled(store.transaction)
      }),
  }
}
