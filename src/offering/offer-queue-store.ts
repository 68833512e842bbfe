/**
 * Durable storage of the offer queue in IndexedDB, in its own named idb-keyval store so the page and
 * the service worker (sw/offer-store.ts, same names from src/offering/shared) read the same items.
 * Keys sort by queue time, so listing is oldest first. Enqueueing uses a "strict" durability transaction and
 * resolves only once it has committed, so an offer is on disk before the writer says "held". Other
 * writes (attempt counts, removals) may be lost in a crash at worst, which only means a harmless resend.
 * The queue's policy lives in src/offering/shared/offer-queue-policy.ts; this module only stores.
 */
import type { PageOfferStorage } from './offer-queue'
import type { QueuedOffer } from './shared/offer'
import { offerQueueOperations, settled } from './shared/offer-queue-idb'
import {
  OFFER_QUEUE_DB,
  OFFER_QUEUE_STORE,
  offerKey,
  type OfferQueueStorage,
} from './shared/offer-queue-policy'

let database: Promise<IDBDatabase> | undefined

function openQueue(): Promise<IDBDatabase> {
  if (database) return database
  const request = indexedDB.open(OFFER_QUEUE_DB)
  request.onupgradeneeded = () => request.result.createObjectStore(OFFER_QUEUE_STORE)
  const opened = settled(request)
  database = opened
  opened.then(
    (db) => {
      db.onclose = () => (database = undefined)
    },
    () => (database = undefined),
  )
  return opened
}

/** Runs `callback` in one transaction on the queue's object store (idb-keyval's store shape). */
function offerStore<T>(
  mode: IDBTransactionMode,
  callback: (store: IDBObjectStore) => T | PromiseLike<T>,
  durability: IDBTransactionDurability = 'default',
): Promise<T> {
  return openQueue().then((db) =>
    callback(
      db.transaction(OFFER_QUEUE_STORE, mode, { durability }).objectStore(OFFER_QUEUE_STORE),
    ),
  )
}

/** Stores `offer`; resolves once the write transaction has committed to disk. */
async function enqueueOffer(offer: QueuedOffer): Promise<void> {
  await offerStore(
    'readwrite',
    (store) => {
      store.add(offer, offerKey(offer))
      return settled(store.transaction)
    },
    'strict',
  )
}

/** The queue as the shared policy sees it (the same operations the service worker uses). */
const offerQueueStorage: OfferQueueStorage = offerQueueOperations(offerStore)

/** Every offer in the queue, oldest first (including refused ones awaiting hand-back). */
export const listOffers = (): Promise<QueuedOffer[]> => offerQueueStorage.list()

/** Removes `offer` if it is still queued; answers whether it was. One transaction, so never half done. */
async function takeOffer(offer: QueuedOffer): Promise<boolean> {
  return offerStore('readwrite', (store) => {
    const key = offerKey(offer)
    let found = false
    const existing = store.getKey(key)
    existing.onsuccess = () => {
      found = existing.result !== undefined
      if (found) store.delete(key)
    }
    return settled(store.transaction).then(() => found)
  })
}

/** The queue as a page's offer queue uses it (src/offering/offer-queue.ts). */
export const pageOfferStorage: PageOfferStorage = {
  ...offerQueueStorage,
  enqueue: enqueueOffer,
  take: takeOffer,
}
