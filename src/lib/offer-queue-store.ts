/**
 * Durable storage of the offer queue in IndexedDB, in its own named idb-keyval store so the page and
 * the service worker read the same items. Keys sort by queue time, so listing is oldest first.
 * The queue's policy (when to send, retry, give up) lives in src/shared; this module only stores.
 */
import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval'
import type { QueuedOffer } from '../shared/offer'

let store: UseStore | undefined
const offerStore = () => (store ??= createStore('unburden-offers', 'offers'))

const keyOf = (offer: QueuedOffer) =>
  `${String(offer.queuedAt).padStart(15, '0')}:${offer.clientId}`

/** Stores `offer`; resolves once the write transaction has committed. */
export async function enqueueOffer(offer: QueuedOffer): Promise<void> {
  await set(keyOf(offer), offer, offerStore())
}

/** Every waiting offer, oldest first. */
export async function listOffers(): Promise<QueuedOffer[]> {
  const all = await entries<string, QueuedOffer>(offerStore())
  return all.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, offer]) => offer)
}

/** Replaces a stored offer (e.g. its attempt count). */
export async function updateOffer(offer: QueuedOffer): Promise<void> {
  if ((await get(keyOf(offer), offerStore())) !== undefined)
    await set(keyOf(offer), offer, offerStore())
}

/** Removes a delivered, refused or withdrawn offer. */
export async function removeOffer(offer: QueuedOffer): Promise<void> {
  await del(keyOf(offer), offerStore())
}
