/** The offers waiting in the queue, as screens show them. The queue itself lives in IndexedDB. */
import type { StateCreator } from 'zustand'
import type { QueuedOffer } from '../shared/offer'
import type { StoreState } from './types'

export interface OffersSlice {
  pendingOffers: QueuedOffer[]
  setPendingOffers: (offers: QueuedOffer[]) => void
}

export const createOffersSlice: StateCreator<StoreState, [], [], OffersSlice> = (set) => ({
  pendingOffers: [],
  setPendingOffers: (pendingOffers) => set({ pendingOffers }),
})
