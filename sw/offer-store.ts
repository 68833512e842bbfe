/**
 * The offer queue as the service worker reads it: the same store as the page's
 * src/offering/offer-queue-store.ts, through the same operations (src/offering/shared/offer-queue-idb.ts).
 */
import { createStore } from 'idb-keyval'
import { offerQueueOperations } from '../src/offering/shared/offer-queue-idb'
import { OFFER_QUEUE_DB, OFFER_QUEUE_STORE } from '../src/offering/shared/offer-queue-policy'

/** The queue, for the shared flush policy. */
export const workerOfferStorage = offerQueueOperations(
  createStore(OFFER_QUEUE_DB, OFFER_QUEUE_STORE),
)
