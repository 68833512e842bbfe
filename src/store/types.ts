/** The whole store's shape: the union of its slices. Each slice lives in its own file. */
import type { PrivateEntriesSlice } from '../private-entries/private-entries'
import type { ToastsSlice } from './toasts-slice'
import type { OffersSlice } from '../offering/offers-slice'
import type { AppSlice } from './app-slice'

export type StoreState = PrivateEntriesSlice & ToastsSlice & OffersSlice & AppSlice
