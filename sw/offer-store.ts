/**
 * The offer queue as the service worker reads it: the same idb-keyval store as the page's
 * src/lib/offer-queue-store.ts (names and keys from src/shared/offer-queue-policy.ts).
 */
import { createStore, delMany, promisifyRequest, type UseStore } from 'idb-keyval'
import type { QueuedOffer } from '../src/shared/offer'
import {
  OFFER_QUEUE_DB,
  OFFER_QUEUE_STORE,
  offerKey,
  type OfferQueueStorage,
} from '../src/shared/offer-queue-policy'

let store: UseStore | undefined
const offerStore = () => (store ??= createStore(OFFER_QUEUE_DB, OFFER_QUEUE_STORE))

/** The queue, for the shared flush policy. */
export const workerOfferStorage: OfferQueueStorage = {
  list: () =>
    offerStore()('readonly', (s) => promisifyRequest(s.getAll() as IDBRequest<QueuedOffer[]>)),
  put: (offers) =>
    offerStore()('readwrite', (s) => {
      for (const offer of offers) {
        const key = offerKey(offer)
        const existing = s.getKey(key)
        existing.onsuccess = () => {
          if (existing.result !== undefined) s.put(offer, key)
        }
      }
      return promisifyRequest(s.transaction)
    }),
  remove: (offers) => delMany(offers.map(offerKey), offerStore()),
}
