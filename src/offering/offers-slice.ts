/**
 * The offers waiting in the queue, as screens show them, and the app's connection to its offer
 * service. The queue itself lives in IndexedDB and is run by an object the app creates
 * (src/offering/offer-service.ts) after the first paint; the app connects it here once. Screens offer,
 * withdraw and report through src/offering/offering.ts, which waits for that connection.
 */
import type { StateCreator } from 'zustand'
import type { QueuedOffer } from './shared/offer'
import type { OfferToVoid } from './offer-outcome'
import type { StoreState } from '../store/types'

/** What the app's offer service does for screens. */
export interface OfferActions {
  /** Offers `text` to The Void (sent now or held); never throws. */
  offerToVoid: OfferToVoid
  /** Takes a waiting offer back to the private entries; `gone` when it was sent meanwhile. */
  withdrawOffer: (offer: QueuedOffer) => Promise<'withdrawn' | 'gone'>
  /**
   * Queues a report of the thought `thoughtId` (delivered now or later, counted once by the
   * database); resolves once it is durably queued.
   */
  reportThought: (thoughtId: number) => Promise<void>
}

export interface OffersSlice {
  pendingOffers: QueuedOffer[]
  setPendingOffers: (offers: QueuedOffer[]) => void
  /** Called once by the app with its offer service; the first call wins. */
  connectOffers: (actions: OfferActions) => void
  /** The app's offer service, once connected (src/offering/offering.ts is its one reader). */
  offerActions: () => Promise<OfferActions>
}

export const createOffersSlice: StateCreator<StoreState, [], [], OffersSlice> = (set) => {
  let connect: (actions: OfferActions) => void = () => undefined
  const connected = new Promise<OfferActions>((resolve) => (connect = resolve))
  return {
    pendingOffers: [],
    setPendingOffers: (pendingOffers) => set({ pendingOffers }),
    connectOffers: (actions) => connect(actions),
    offerActions: () => connected,
  }
}
