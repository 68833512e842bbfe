/**
 * The shape of the private entries' storage, shared by the layers that meet it: the browser module
 * that keeps them (src/lib/sanctuary-storage.ts), the store that mirrors them for screens, and the app
 * that connects the two. Types only.
 */
import type { EntriesChange, PrivateEntry } from './private-entry'

/**
 * The lock (PRODUCT.md 20): `off` (the plain list), `locked` (entries can be added, not read),
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
}
