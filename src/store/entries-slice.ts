/** Private entries (Return to Yourself), mirrored to localStorage `sanctuary-entries`. */
import type { StateCreator } from 'zustand'
import type { StoreState } from './types'

/** A private entry, exactly as SPEC.md stores it. */
export interface SanctuaryEntry {
  /** Creation time in ms. */
  id: number
  /** The text, untrimmed. */
  text: string
  /** ISO timestamp. */
  date: string
}

export interface EntriesSlice {
  sanctuaryEntries: SanctuaryEntry[]
  /** Appends a private entry for `text` and returns it. */
  saveEntry: (text: string) => SanctuaryEntry
  /** Removes the entry with `id`. */
  removeEntry: (id: number) => void
  /** Puts an entry back (an offer withdrawn or refused); no-op when its id is already there. */
  restoreEntry: (entry: SanctuaryEntry) => void
}

export const createEntriesSlice: StateCreator<StoreState, [], [], EntriesSlice> = (set) => ({
  sanctuaryEntries: [],
  saveEntry: (text) => {
    const now = Date.now()
    const entry: SanctuaryEntry = { id: now, text, date: new Date(now).toISOString() }
    set((state) => ({ sanctuaryEntries: [...state.sanctuaryEntries, entry] }))
    return entry
  },
  removeEntry: (id) =>
    set((state) => ({ sanctuaryEntries: state.sanctuaryEntries.filter((e) => e.id !== id) })),
  restoreEntry: (entry) =>
    set((state) =>
      state.sanctuaryEntries.some((e) => e.id === entry.id)
        ? state
        : { sanctuaryEntries: [...state.sanctuaryEntries, entry].sort((a, b) => a.id - b.id) },
    ),
})
