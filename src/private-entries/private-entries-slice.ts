/**
 * Private entries (Return to Yourself), mirrored to localStorage `sanctuary-entries` on every change.
 * The store does not know the storage code: the app connects a loader once (`connectPrivateEntries`,
 * src/app/root-layout.tsx), called the first time entries are touched, so the writer's first paint
 * carries none of it; every change goes through it, and an action used before then waits for it.
 */
import type { StateCreator } from 'zustand'
import type { PrivateEntry } from './private-entry'
import type {
  PrivateEntriesHealth,
  PrivateEntriesLock,
  PrivateEntriesSnapshot,
  PrivateEntriesStorage,
} from './storage-contract'
import type { StoreState } from '../store/types'

export type { PrivateEntry } from './private-entry'

/** The state of the browser storage behind the private entries. */
export interface PrivateEntriesStorageState {
  /** False until the stored entries have been read once. */
  loaded: boolean
  health: PrivateEntriesHealth
  /** Changes kept only in memory because storage refused them. */
  unsavedChanges: number
  /** Where an unreadable stored value was kept aside, if one was found. */
  backupKey: string | null
}

export interface PrivateEntriesSlice {
  privateEntries: PrivateEntry[]
  privateStorage: PrivateEntriesStorageState
  /** The lock on the entries (docs/product.md, decision 20); `off` unless the visitor turned it on. */
  privateLock: PrivateEntriesLock
  /**
   * Reads the stored entries and starts following other tabs' changes; resolves the storage the app
   * connected (its lock's commands are handed from there to the lock's screens).
   */
  loadEntries: () => Promise<PrivateEntriesStorage>
  /** Appends a private entry for `text` (untrimmed); `stored` is false when storage refused it. */
  saveEntry: (text: string) => Promise<{ entry: PrivateEntry; stored: boolean }>
  /** Removes the entry with `id` for good; resolves whether storage took the change. */
  removeEntry: (id: number) => Promise<boolean>
  /**
   * Puts an entry back (an offer withdrawn or refused); no-op when its id is already there. Resolves
   * once the entry is written; with the lock off and `loadEntries()` resolved, it is written before
   * this returns.
   */
  restoreEntry: (entry: PrivateEntry) => Promise<void>
  /** Adds the entries whose id is not there yet (a restored copy); resolves how many were added. */
  mergeEntries: (entries: PrivateEntry[]) => Promise<{ added: number; stored: boolean }>
  /** Called once by the app with the loader of the entries' storage; the first call wins. */
  connectPrivateEntries: (load: () => Promise<PrivateEntriesStorage>) => void
}

const fromSnapshot = (snapshot: PrivateEntriesSnapshot) => ({
  privateEntries: snapshot.entries,
  privateStorage: {
    loaded: true,
    health: snapshot.health,
    unsavedChanges: snapshot.unsavedChanges,
    backupKey: snapshot.backupKey,
  },
  privateLock: snapshot.lock ?? 'off',
})

export const createPrivateEntriesSlice: StateCreator<StoreState, [], [], PrivateEntriesSlice> = (
  set,
  get,
) => {
  let connect: (load: () => Promise<PrivateEntriesStorage>) => void = () => undefined
  const connected = new Promise<() => Promise<PrivateEntriesStorage>>(
    (resolve) => (connect = resolve),
  )
  let loaded: PrivateEntriesStorage | null = null
  const open = async () => {
    const storage = (loaded ??= await (await connected)())
    set(fromSnapshot(storage.openPrivateEntries((snapshot) => set(fromSnapshot(snapshot)))))
    return storage
  }
  return {
    privateEntries: [],
    privateStorage: {
      loaded: false,
      health: 'ok',
      unsavedChanges: 0,
      backupKey: null,
    },
    privateLock: 'off',
    loadEntries: open,
    saveEntry: async (text) => {
      const storage = await open()
      const { entry, snapshot } = await storage.savePrivateEntry(text)
      set(fromSnapshot(snapshot))
      return { entry, stored: snapshot.unsavedChanges === 0 }
    },
    removeEntry: async (id) => {
      const storage = await open()
      const snapshot = await storage.changePrivateEntries({ kind: 'remove', id })
      set(fromSnapshot(snapshot))
      return snapshot.unsavedChanges === 0
    },
    restoreEntry: (entry) => {
      const restore = (storage: PrivateEntriesStorage) => {
        const written = storage.changePrivateEntries({ kind: 'add', entry })
        if (!(written instanceof Promise)) return set(fromSnapshot(written))
        return written.then((snapshot) => set(fromSnapshot(snapshot)))
      }
      // Once the entries have been loaded (and with the lock off), it is written before this returns.
      if (loaded && get().privateStorage.loaded) return Promise.resolve(restore(loaded))
      return open().then(restore)
    },
    mergeEntries: async (entries) => {
      const storage = await open()
      const { added, snapshot } = await storage.mergePrivateEntries(entries)
      set(fromSnapshot(snapshot))
      return { added, stored: snapshot.unsavedChanges === 0 }
    },
    connectPrivateEntries: (load) => connect(load),
  }
}
