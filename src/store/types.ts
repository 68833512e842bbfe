/** The whole store's shape: the union of its slices. Each slice lives in its own file. */
import type { EntriesSlice } from './entries-slice'
import type { ToastsSlice } from './toasts-slice'
import type { OffersSlice } from './offers-slice'
import type { AppSlice } from './app-slice'

export type StoreState = EntriesSlice & ToastsSlice & OffersSlice & AppSlice
