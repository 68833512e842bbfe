/** App-wide status: connectivity, a waiting new version, and whether the writer holds a draft. */
import type { StateCreator } from 'zustand'
import type { StoreState } from './types'

export interface AppSlice {
  online: boolean
  setOnline: (online: boolean) => void
  /** Set when a new version is waiting; calling it switches to the new version. */
  activateUpdate: (() => void) | null
  setActivateUpdate: (activate: (() => void) | null) => void
  /** True while the writer's text area holds words a reload would lose (set by the writer). */
  draftInProgress: boolean
  setDraftInProgress: (draftInProgress: boolean) => void
}

export const createAppSlice: StateCreator<StoreState, [], [], AppSlice> = (set) => ({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  setOnline: (online) => set({ online }),
  activateUpdate: null,
  setActivateUpdate: (activateUpdate) => set({ activateUpdate }),
  draftInProgress: false,
  setDraftInProgress: (draftInProgress) => set({ draftInProgress }),
})
