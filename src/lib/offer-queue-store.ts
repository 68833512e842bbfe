/**
 * Durable storage of the offer queue in IndexedDB, in its own named idb-keyval store so the page and
 * the service worker (sw/offer-store.ts, same names from src/shared) read the same items. Keys sort
 * by queue time, so listing is oldest first. Enqueueing uses a "strict" durability transaction and
 * resolves only once it has committed, so an offer is on disk before the writer says "held". Other
 * writes (attempt counts, removals) may be lost in a crash at worst, which only means a harmless resend.
 * The queue's policy lives in src/shared/offer-queue-policy.ts; this module only stores.
 */
import { promisifyRequest } from 'idb-keyval'
import type { QueuedOffer } from '../shared/offer'
import {
  OFFER_QUEUE_DB,
  OFFER_QUEUE_STORE,
  offerKey,
  type OfferQueueStorage,
} from '../shared/offer-queue-policy'

let database: Promise<IDBDatabase> | undefined

function openQueue(): Promise<IDBDatabase> {
  if (database) return database
  const request = indexedDB.open(OFFER_QUEUE_DB)
  request.onupgradeneeded = () => request.result.createObjectStore(OFFER_QUEUE_STORE)
  const opened = promisifyRequest(request)
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
export async function enqueueOffer(offer: QueuedOffer): Promise<void> {
  await offerStore(
    'readwrite',
    (store) => {
      store.add(offer, offerKey(offer))
      return promisifyRequest(store.transaction)
    },
    'strict',
  )
}

/** Every offer in the queue, oldest first (including refused ones awaiting hand-back). */
export async function listOffers(): Promise<QueuedOffer[]> {
  return offerStore('readonly', (store) =>
    promisifyRequest(store.getAll() as IDBRequest<QueuedOffer[]>),
  )
}

/** Replaces stored offers (e.g. their attempt counts); an offer that has left the queue stays gone. */
export async function updateOffers(offers: QueuedOffer[]): Promise<void> {
  await offerStore('readwrite', (store) => {
    for (const offer of offers) {
      const key = offerKey(offer)
      const existing = store.getKey(key)
      existing.onsuccess = () => {
        if (existing.result !== undefined) store.put(offer, key)
      }
    }
    return promisifyRequest(store.transaction)
  })
}

/** Replaces a stored offer; does nothing once it has left the queue. */
export function updateOffer(offer: QueuedOffer): Promise<void> {
  return updateOffers([offer])
}

/** Removes delivered, refused or withdrawn offers, in one transaction. */
export async function removeOffers(offers: QueuedOffer[]): Promise<void> {
  await offerStore('readwrite', (store) => {
    for (const offer of offers) store.delete(offerKey(offer))
    return promisifyRequest(store.transaction)
  })
}

/** Removes a delivered, refused or withdrawn offer. */
export function removeOffer(offer: QueuedOffer): Promise<void> {
  return removeOffers([offer])
}

/** Removes `offer` if it is still queued; answers whether it was. One transaction, so never half done. */
export async function takeOffer(offer: QueuedOffer): Promise<boolean> {
  return offerStore('readwrite', (store) => {
    const key = offerKey(offer)
    let found = false
    const existing = store.getKey(key)
    existing.onsuccess = () => {
      found = existing.result !== undefined
      if (found) store.delete(key)
    }
    return promisifyRequest(store.transaction).then(() => found)
  })
}

/** The queue as the shared policy sees it. */
export const offerQueueStorage: OfferQueueStorage = {
  list: listOffers,
  put: updateOffers,
  remove: removeOffers,
}
