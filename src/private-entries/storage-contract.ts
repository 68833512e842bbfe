/**
 * The shape of the private entries' storage, shared by the parts that meet it: the storage that keeps
 * them (./plain-storage.ts, and ./lock/locked-storage.ts around it), the store's slice that mirrors
 * them for screens, the lock's screens, and the app that connects them. Types only.
 */
import type { LockError, VaultProblems } from './lock/envelope'
import type { EntriesChange, PrivateEntry } from './private-entry'

/**
 * What the storage touches of the browser, handed to it when it is made (the app: the browser's own;
 * a test: fakes), so each storage object holds its own state and nothing is shared at module level.
 */
export interface BrowserEdges {
  /** localStorage, or null where the browser refuses it. */
  storage: () => Storage | null
  /** Follows another tab's writes to localStorage (the `storage` event). */
  onStorageEvent: (listener: (event: Pick<StorageEvent, 'key' | 'newValue'>) => void) => void
  /** Opens the channel between this site's tabs, or null where there is none. */
  openChannel: (name: string) => BroadcastChannel | null
  /** The page's document (whether it is shown), or undefined outside a page. */
  document: () => Pick<Document, 'visibilityState' | 'addEventListener'> | undefined
}

/**
 * The lock (docs/product.md, decision 20): `off` (the plain list), `locked` (entries can be added, not read),
 * `unlocked` (read and written with a key held in memory), `unreadable` (locked data that cannot be
 * read: nothing is written over it).
 */
export type PrivateEntriesLock = 'off' | 'locked' | 'unlocked' | 'unreadable'

/** What a storage call gives back: at once, or once encrypted and written (when locked). */
export type MaybeAsync<T> = T | Promise<T>

/** Whether the browser keeps the private entries: `full` (quota), `unavailable` (turned off). */
export type PrivateEntriesHealth = 'ok' | 'full' | 'unavailable'

/** The private entries as they stand, and the state of their storage. */
export interface PrivateEntriesSnapshot {
  entries: PrivateEntry[]
  health: PrivateEntriesHealth
  /** Changes that live only in memory because they could not be written yet. */
  unsavedChanges: number
  /** Where an unreadable stored value was kept, when one was found. */
  backupKey: string | null
  /** The lock's state; absent means `off`. */
  lock?: PrivateEntriesLock
}

/** What the store needs from the private entries' storage; the app hands it one. */
export interface PrivateEntriesStorage {
  /** Reads the entries and follows other tabs' changes, reporting them to `onChange`. */
  openPrivateEntries: (
    onChange: (snapshot: PrivateEntriesSnapshot) => void,
  ) => PrivateEntriesSnapshot
  /** Applies `change` (kept in memory when it cannot be written yet). */
  changePrivateEntries: (change: EntriesChange) => MaybeAsync<PrivateEntriesSnapshot>
  /** Saves `text` as a new entry. */
  savePrivateEntry: (
    text: string,
  ) => MaybeAsync<{ entry: PrivateEntry; snapshot: PrivateEntriesSnapshot }>
  /** Adds the entries whose id is not there yet. */
  mergePrivateEntries: (entries: readonly PrivateEntry[]) => MaybeAsync<{
    added: number
    snapshot: PrivateEntriesSnapshot
  }>
  /** The lock, where this storage has one (the app's does; the plain list alone has none). */
  lock?: LockCommands
}

/** How a lock action ended: done, or why not (words a screen can show as they are). */
export type LockOutcome = { ok: true } | { ok: false; kind: LockError['kind'] | 'storage' }

/** What the screens say about the vault beyond its entries. */
export interface LockProblems extends VaultProblems {
  /** A thought saved while locked was not sealed, since the stored public key is not the trusted one. */
  sealRefused: boolean
  /**
   * The vault this tab knew is gone from storage, with no plain list written in its place (as removing
   * the lock writes one): a thought saved now is not written in plain text for whoever took it.
   */
  vaultMissing: boolean
}

/** The lock's commands and what its screens read, on the storage that has a lock. */
export interface LockCommands {
  turnLockOn: (passphrase: string, iterations?: number) => Promise<LockOutcome>
  unlock: (passphrase: string) => Promise<LockOutcome>
  lockNow: () => void
  changePassphrase: (current: string, next: string) => Promise<LockOutcome>
  removeLock: (passphrase: string) => Promise<LockOutcome>
  /** What an unlock (or a refused seal) found wrong, or null. */
  lockProblems: () => LockProblems | null
  /** Minutes hidden after which the entries lock again. */
  lockAfterMinutes: () => number
  setLockAfterMinutes: (minutes: number) => void
}
