/**
 * Private entries (Return to Yourself), mirrored to localStorage `sanctuary-entries` on every change.
 * The store does not know the storage code: the app connects a loader once (`connectSanctuaryStorage`,
 * src/app/root-layout.tsx), called the first time entries are touched, so the writer's first paint
 * carries none of it; every change goes through it, and an action used before then waits for it.
 */
import type { StateCreator } from 'zustand'
import type { SanctuaryEntry } from '../shared/sanctuary-entries'
import type {
  SanctuaryHealth,
  SanctuaryLock,
  SanctuarySnapshot,
  SanctuaryStorage,
} from '../shared/sanctuary-storage'
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
  /** The lock on the entries (PRODUCT.md 20); `off` unless the visitor turned it on. */
  sanctuaryLock: SanctuaryLock
  /** Reads the stored entries and starts following other tabs' changes. */
  loadEntries: () => Promise<void>
  /** Appends a private entry for `text` (untrimmed); `stored` is false when storage refused it. */
  saveEntry: (text: string) => Promise<{ entry: SanctuaryEntry; stored: boolean }>
  /** Removes the entry with `id` for good; resolves whether storage took the change. */
  removeEntry: (id: number) => Promise<boolean>
  /**
   * Puts an entry back (an offer withdrawn or refused); no-op when its id is already there. Resolves
   * once the entry is written; with the lock off and `loadEntries()` resolved, it is written before
   * this returns.
   */
  restoreEntry: (entry: SanctuaryEntry) => Promise<void>
  /** Adds the entries whose id is not there yet (a restored copy); resolves how many were added. */
  mergeEntries: (entries: SanctuaryEntry[]) => Promise<{ added: number; stored: boolean }>
  /** Called once by the app with the loader of the entries' storage; the first call wins. */
  connectSanctuaryStorage: (load: () => Promise<SanctuaryStorage>) => void
}

const fromSnapshot = (snapshot: SanctuarySnapshot) => ({
  sanctuaryEntries: snapshot.entries,
  sanctuaryStorage: {
    loaded: true,
    health: snapshot.health,
    unsavedChanges: snapshot.unsavedChanges,
    backupKey: snapshot.backupKey,
  },
  sanctuaryLock: snapshot.lock ?? 'off',
})

export const createEntriesSlice: StateCreator<StoreState, [], [], EntriesSlice> = (set, get) => {
  let connect: (load: () => Promise<SanctuaryStorage>) => void = () => undefined
  const connected = new Promise<() => Promise<SanctuaryStorage>>((resolve) => (connect = resolve))
  let loaded: SanctuaryStorage | null = null
  const open = async () => {
    const storage = (loaded ??= await (await connected)())
    set(fromSnapshot(storage.openSanctuary((snapshot) => set(fromSnapshot(snapshot)))))
    return storage
  }
  return {
    sanctuaryEntries: [],
    sanctuaryStorage: {
      loaded: false,
      health: 'ok',
      unsavedChanges: 0,
      backupKey: null,
    },
    sanctuaryLock: 'off',
    loadEntries: async () => {
      await open()
    },
    saveEntry: async (text) => {
      const storage = await open()
      const { entry, snapshot } = await storage.saveSanctuaryEntry(text)
      set(fromSnapshot(snapshot))
      return { entry, stored: snapshot.unsavedChanges === 0 }
    },
    removeEntry: async (id) => {
      const storage = await open()
      const snapshot = await storage.changeSanctuary({ kind: 'remove', id })
      set(fromSnapshot(snapshot))
      return snapshot.unsavedChanges === 0
    },
    restoreEntry: (entry) => {
      const restore = (storage: SanctuaryStorage) => {
        const written = storage.changeSanctuary({ kind: 'add', entry })
        if (!(written instanceof Promise)) return set(fromSnapshot(written))
        return written.then((snapshot) => set(fromSnapshot(snapshot)))
      }
      // Once the entries have been loaded (and with the lock off), it is written before this returns.
      if (loaded && get().sanctuaryStorage.loaded) return Promise.resolve(restore(loaded))
      return open().then(restore)
    },
    mergeEntries: async (entries) => {
      const storage = await open()
      const { added, snapshot } = await storage.mergeSanctuaryEntries(entries)
      set(fromSnapshot(snapshot))
      return { added, stored: snapshot.unsavedChanges === 0 }
    },
    connectSanctuaryStorage: (load) => connect(load),
  }
}
