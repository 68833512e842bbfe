/**
 * The private entries in localStorage (`sanctuary-entries`), as the entries slice mirrors them.
 *
 * Constraints, because browser storage fails in ordinary ways:
 * - Every change is applied to what is stored *now* (another tab may have written since), and kept as
 *   pending until a write succeeds: when storage is full or turned off, changes live on in memory and
 *   are written with the next change that fits. Nothing the visitor saved is dropped.
 * - A stored value that cannot be read exactly (corrupt JSON, a foreign shape, entries missing fields)
 *   is first copied under `sanctuary-entries-backup-<time>`; if even that copy cannot be written, the
 *   stored value is never written over.
 * - Another tab's changes arrive through the `storage` event.
 * Each `createPlainStorage()` holds its own state (what was read, what waits to be written); the lock's
 * storage (./lock/locked-storage.ts) makes the one the app uses, loaded with `import()` the first time
 * entries are needed, so the writer's first paint carries none of it.
 */
import { downloadBlob } from '../lib/download'
import {
  BACKUP_PREFIX,
  ENTRIES_KEY,
  applyEntriesChange,
  createEntry,
  entriesCopyFileName,
  entriesToMerge,
  makeEntriesCopy,
  parseStoredEntries,
  serializeEntries,
  type EntriesChange,
  type PrivateEntry,
} from './private-entry'
import type {
  BrowserEdges,
  PrivateEntriesHealth,
  PrivateEntriesSnapshot,
  PrivateEntriesStorage,
} from './storage-contract'

/** The browser's own edges: its localStorage, its `storage` event, its channel, its document. */
export function browserEdges(): BrowserEdges {
  return {
    storage: () => {
      try {
        return globalThis.localStorage ?? null
      } catch {
        return null
      }
    },
    onStorageEvent: (listener) => {
      if (typeof globalThis.addEventListener === 'function')
        globalThis.addEventListener('storage', listener)
    },
    openChannel: (name) =>
      typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name),
    document: () => globalThis.document,
  }
}

function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { name, code } = error as { name?: unknown; code?: unknown }
  return (
    name === 'QuotaExceededError' ||
    name === 'NS_ERROR_DOM_QUOTA_REACHED' ||
    code === 22 ||
    code === 1014
  )
}

function write(storage: Storage, key: string, value: string): PrivateEntriesHealth {
  try {
    storage.setItem(key, value)
    return 'ok'
  } catch (error) {
    return isQuotaError(error) ? 'full' : 'unavailable'
  }
}

/** Copies `raw` under a backup key (reusing one that already holds it); null when it cannot. */
function keepBackup(storage: Storage, raw: string): string | null {
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i)
      if (key?.startsWith(BACKUP_PREFIX) && storage.getItem(key) === raw) return key
    }
    let key = `${BACKUP_PREFIX}${Date.now()}`
    while (storage.getItem(key) !== null) key += '-1'
    return write(storage, key, raw) === 'ok' ? key : null
  } catch {
    return null
  }
}

/** The plain list's storage, and what the lock's storage asks of it beyond the store's calls. */
export interface PlainStorage extends PrivateEntriesStorage {
  openPrivateEntries: (
    onChange: (snapshot: PrivateEntriesSnapshot) => void,
  ) => PrivateEntriesSnapshot
  changePrivateEntries: (change: EntriesChange) => PrivateEntriesSnapshot
  savePrivateEntry: (text: string) => { entry: PrivateEntry; snapshot: PrivateEntriesSnapshot }
  mergePrivateEntries: (entries: readonly PrivateEntry[]) => {
    added: number
    snapshot: PrivateEntriesSnapshot
  }
  /**
   * The list has moved (into the vault, or written anew from it when the lock is removed): what this
   * storage read and holds waiting is let go, so none of it is written back in plain text later.
   */
  letGo: () => void
}

/** The private entries' plain list over `edges`' localStorage. */
export function createPlainStorage(edges: BrowserEdges = browserEdges()): PlainStorage {
  let pending: EntriesChange[] = []
  let stored: PrivateEntry[] = []
  let backupKey: string | null = null
  /** The stored value could not be backed up: it must not be written over. */
  let protectStored = false
  let notify: ((snapshot: PrivateEntriesSnapshot) => void) | null = null

  /** Reads what is stored into `stored`; backs up and repairs what cannot be read exactly. */
  function readStored(storage: Storage | null): boolean {
    if (!storage) return false
    let raw: string | null
    try {
      raw = storage.getItem(ENTRIES_KEY)
    } catch {
      return false
    }
    const found = parseStoredEntries(raw)
    stored = found.entries
    protectStored = false
    if (found.condition !== 'clean' && raw !== null) {
      const key = keepBackup(storage, raw)
      if (key === null) protectStored = true
      else {
        backupKey = key
        write(storage, ENTRIES_KEY, serializeEntries(stored))
      }
    }
    return true
  }

  /** Reads the stored entries, applies the pending changes and tries to write them. */
  function sync(): PrivateEntriesSnapshot {
    const storage = edges.storage()
    const readable = readStored(storage)
    const entries = pending.reduce(applyEntriesChange, stored)
    let health: PrivateEntriesHealth
    if (!readable || !storage) health = 'unavailable'
    else if (pending.length === 0) health = protectStored ? 'full' : 'ok'
    else {
      health = protectStored ? 'full' : write(storage, ENTRIES_KEY, serializeEntries(entries))
      if (health === 'ok') {
        pending = []
        stored = entries
      }
    }
    return { entries, health, unsavedChanges: pending.length, backupKey }
  }

  const changePrivateEntries = (change: EntriesChange) => {
    pending.push(change)
    return sync()
  }

  return {
    /**
     * Reads the private entries and follows other tabs' changes from then on, reporting them to
     * `onChange` (the latest one given).
     */
    openPrivateEntries: (onChange) => {
      if (!notify)
        edges.onStorageEvent((event) => {
          if (event.key === ENTRIES_KEY || event.key === null) notify?.(sync())
        })
      notify = onChange
      return sync()
    },
    /** Applies `change` to the stored entries (kept in memory when it cannot be written yet). */
    changePrivateEntries,
    /** Saves `text` as a new private entry; tells whether it reached storage. */
    savePrivateEntry: (text) => {
      const entry = createEntry(text, Date.now(), sync().entries)
      return { entry, snapshot: changePrivateEntries({ kind: 'add', entry }) }
    },
    /** Adds the entries of a restored copy whose id is not there yet; tells how many were added. */
    mergePrivateEntries: (entries) => {
      const incoming = entriesToMerge(sync().entries, entries)
      pending.push(...incoming.map((entry): EntriesChange => ({ kind: 'add', entry })))
      return { added: incoming.length, snapshot: sync() }
    },
    letGo: () => {
      pending = []
      stored = []
      backupKey = null
      protectStored = false
    },
  }
}

/** Saves `entries` as a JSON file the visitor keeps ("Download a copy"). */
export function downloadPrivateEntriesCopy(entries: readonly PrivateEntry[]): void {
  const now = Date.now()
  downloadBlob(
    new Blob([makeEntriesCopy(entries, now)], { type: 'application/json' }),
    entriesCopyFileName(now),
  )
}
