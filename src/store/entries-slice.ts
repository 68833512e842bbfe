/**
 * Private entries (Return to Yourself), mirrored to localStorage `sanctuary-entries` on every change.
 * The storage code (src/lib/sanctuary-storage.ts) is loaded with `import()` the first time entries are
 * touched, so the writer's first paint carries none of it; every change goes through it.
 */
import type { StateCreator } from 'zustand'
import type { SanctuaryHealth, SanctuarySnapshot } from '../lib/sanctuary-storage'
import type { SanctuaryEntry } from '../shared/sanctuary-entries'
import type { StoreState } from './types'

export type { SanctuaryEntry } from '../shared/sanctuary-entries'

/** The state of the browser storage behind the private entries. */
export interface SanctuaryStorageState {
  /** False until the stored entries have been read once. */
  loaded: boolean
  health: SanctuaryHealth
  /** Changes kept only in memory because storage refused them. */
  unsavedChanges: number
  /** Where an unreadable stored value was kept aside, if one was found. */
  backupKey: string | null
}

export interface EntriesSlice {
  sanctuaryEntries: SanctuaryEntry[]
  sanctuaryStorage: SanctuaryStorageState
  /** Reads the stored entries and starts following other tabs' changes. */
  loadEntries: () => Promise<void>
  /** Appends a private entry for `text` (untrimmed); `stored` is false when storage refused it. */
  saveEntry: (text: string) => Promise<{ entry: SanctuaryEntry; stored: boolean }>
  /** Removes the entry with `id` for good; resolves whether storage took the change. */
  removeEntry: (id: number) => Promise<boolean>
  /**
   * Puts an entry back (an offer withdrawn or refused); no-op when its id is already there. Once
   * `loadEntries()` has resolved, the entry is written to storage before this returns.
   */
  restoreEntry: (entry: SanctuaryEntry) => void
  /** Adds the entries whose id is not there yet (a restored copy); resolves how many were added. */
  mergeEntries: (entries: SanctuaryEntry[]) => Promise<{ added: number; stored: boolean }>
}

type StorageModule = typeof import('../lib/sanctuary-storage')
let storageModule: StorageModule | null = null
const sanctuaryStorage = async () => (storageModule ??= await import('../lib/sanctuary-storage'))

const fromSnapshot = (snapshot: SanctuarySnapshot) => ({
  sanctuaryEntries: snapshot.entries,
  sanctuaryStorage: {
    loaded: true,
    health: snapshot.health,
    unsavedChanges: snapshot.unsavedChanges,
    backupKey: snapshot.backupKey,
  },
})

export const createEntriesSlice: StateCreator<StoreState, [], [], EntriesSlice> = (set, get) => {
  const open = async () => {
    const storage = await sanctuaryStorage()
    set(fromSnapshot(storage.openSanctuary((snapshot) => set(fromSnapshot(snapshot)))))
    return storage
  }
  return {
    sanctuaryEntries: [],
    sanctuaryStorage: { loaded: false, health: 'ok', unsavedChanges: 0, backupKey: null },
    loadEntries: async () => {
      await open()
    },
    saveEntry: async (text) => {
      const storage = await open()
      const { entry, snapshot } = storage.saveSanctuaryEntry(text)
      set(fromSnapshot(snapshot))
      return { entry, stored: snapshot.unsavedChanges === 0 }
    },
    removeEntry: async (id) => {
      const storage = await open()
      const snapshot = storage.changeSanctuary({ kind: 'remove', id })
      set(fromSnapshot(snapshot))
      return snapshot.unsavedChanges === 0
    },
    restoreEntry: (entry) => {
      const restore = (storage: StorageModule) =>
        set(fromSnapshot(storage.changeSanctuary({ kind: 'add', entry })))
      // Once the entries have been loaded, the entry is written before this returns.
      if (storageModule && get().sanctuaryStorage.loaded) restore(storageModule)
      else void open().then(restore)
    },
    mergeEntries: async (entries) => {
      const storage = await open()
      const { added, snapshot } = storage.mergeSanctuaryEntries(entries)
      set(fromSnapshot(snapshot))
      return { added, stored: snapshot.unsavedChanges === 0 }
    },
  }
}
