/** The Void's feed as the screen renders it. */
import type { StateCreator } from 'zustand'
import type { VoidThought } from '../shared/void-rest'
import type { StoreState } from './types'

export interface VoidFeedSlice {
  voidFeed: {
    status: 'idle' | 'loading' | 'ready' | 'error'
    thoughts: VoidThought[]
    total: number | null
  }
}

export const createVoidFeedSlice: StateCreator<StoreState, [], [], VoidFeedSlice> = () => ({
  voidFeed: { status: 'idle', thoughts: [], total: null },
})
