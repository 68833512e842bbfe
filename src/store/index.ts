/** The zustand store that drives the screens, built from slices. */
import { create } from 'zustand'
import { createAppSlice } from './app-slice'
import { createPrivateEntriesSlice } from '../private-entries/private-entries'
import { createOffersSlice } from '../offering/offers-slice'
import { createToastsSlice } from './toasts-slice'
import type { StoreState } from './types'

export type { StoreState } from './types'

/** Builds a fresh store; tests make one each so state never leaks between them. */
export const createAppStore = () =>
  create<StoreState>()((...a) => ({
    ...createPrivateEntriesSlice(...a),
    ...createToastsSlice(...a),
    ...createOffersSlice(...a),
    ...createAppSlice(...a),
  }))

/** The app's store. */
export const useAppStore = createAppStore()

/** Puts the store back to its first state (tests). */
export const resetAppStore = () => useAppStore.setState(useAppStore.getInitialState(), true)
