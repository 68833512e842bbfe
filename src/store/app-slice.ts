/** App-wide status: connectivity and a waiting new version. */
import type { StateCreator } from 'zustand'
import type { StoreState } from './types'

export interface AppSlice {
  online: boolean
  setOnline: (online: boolean) => void
  /** Set when a new version is waiting; calling it switches to the new version. */
  activateUpdate: (() => void) | null
  setActivateUpdate: (activate: (() => void) | null) => void
}

export const createAppSlice: StateCreator<StoreState, [], [], AppSlice> = (set) => ({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  setOnline: (online) => set({ online }),
  activateUpdate: null,
  setActivateUpdate: (activateUpdate) => set({ activateUpdate }),
})
