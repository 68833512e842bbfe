/**
 * The offer queue as the page uses it. Storage is src/lib/offer-queue-store.ts (IndexedDB); the
 * delivery policy is src/shared/offer.ts. Flushing (issue 7) plugs in behind `requestOfferFlush`.
 */
import type { QueuedOffer } from '../shared/offer'
import { useAppStore } from '../store'
import { enqueueOffer, listOffers } from './offer-queue-store'

/** Reloads the store's view of the waiting offers from IndexedDB. */
export async function refreshPendingOffers(): Promise<QueuedOffer[]> {
  const offers = await listOffers()
  useAppStore.getState().setPendingOffers(offers)
  return offers
}

/** Puts `offer` in the queue; resolves once it is durably stored. */
export async function holdOffer(offer: QueuedOffer): Promise<void> {
  await enqueueOffer(offer)
  await refreshPendingOffers()
  requestOfferFlush()
}

/** Asks the queue to deliver what it holds. Issue 7 implements delivery. */
export function requestOfferFlush(): void {}
