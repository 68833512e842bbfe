/**
 * The offers waiting in the queue, as screens show them, and what screens do with offers and reports.
 * The queue itself lives in IndexedDB and is run by an object the app creates
 * (src/app/offer-service.ts); the app connects its actions here once, and a screen that offers before
 * then waits for it.
 */
import type { StateCreator } from 'zustand'
import type { QueuedOffer } from '../offering/shared/offer'
import type { OfferToVoid } from '../shared/offer-outcome'
import type { StoreState } from './types'

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

export interface OffersSlice extends OfferActions {
  pendingOffers: QueuedOffer[]
  setPendingOffers: (offers: QueuedOffer[]) => void
  /** Called once by the app with its offer service; the first call wins. */
  connectOffers: (actions: OfferActions) => void
}

export const createOffersSlice: StateCreator<StoreState, [], [], OffersSlice> = (set) => {
  let connect: (actions: OfferActions) => void = () => undefined
  const connected = new Promise<OfferActions>((resolve) => (connect = resolve))
  return {
    pendingOffers: [],
    setPendingOffers: (pendingOffers) => set({ pendingOffers }),
    connectOffers: (actions) => connect(actions),
    offerToVoid: async (...args) => (await connected).offerToVoid(...args),
    withdrawOffer: async (offer) => (await connected).withdrawOffer(offer),
    reportThought: async (thoughtId) => (await connected).reportThought(thoughtId),
  }
}
