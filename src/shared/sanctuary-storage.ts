/**
 * The shape of the private entries' storage, shared by the layers that meet it: the browser module
 * that keeps them (src/lib/sanctuary-storage.ts), the store that mirrors them for screens, and the app
 * that connects the two. Types only.
 */
import type { EntriesChange, SanctuaryEntry } from './sanctuary-entries'

/**
 * The lock (PRODUCT.md 20): `off` (the plain list), `locked` (entries can be added, not read),
 * `unlocked` (read and written with a key held in memory), `unreadable` (locked data that cannot be
 * read: nothing is written over it).
 */
export type SanctuaryLock = 'off' | 'locked' | 'unlocked' | 'unreadable'

/** What a storage call gives back: at once, or once encrypted and written (when locked). */
export type MaybeAsync<T> = T | Promise<T>

/** Whether the browser keeps the private entries: `full` (quota), `unavailable` (turned off). */
export type SanctuaryHealth = 'ok' | 'full' | 'unavailable'

/** The private entries as they stand, and the state of their storage. */
export interface SanctuarySnapshot {
  entries: SanctuaryEntry[]
  health: SanctuaryHealth
  /** Changes that live only in memory because they could not be written yet. */
  unsavedChanges: number
  /** Where an unreadable stored value was kept, when one was found. */
  backupKey: string | null
  /** The lock's state; absent means `off`. */
  lock?: SanctuaryLock
}

/** What the store needs from the private entries' storage; the app hands it one. */
export interface SanctuaryStorage {
  /** Reads the entries and follows other tabs' changes, reporting them to `onChange`. */
  openSanctuary: (onChange: (snapshot: SanctuarySnapshot) => void) => SanctuarySnapshot
  /** Applies `change` (kept in memory when it cannot be written yet). */
  changeSanctuary: (change: EntriesChange) => MaybeAsync<SanctuarySnapshot>
  /** Saves `text` as a new entry. */
  saveSanctuaryEntry: (
    text: string,
  ) => MaybeAsync<{ entry: SanctuaryEntry; snapshot: SanctuarySnapshot }>
  /** Adds the entries whose id is not there yet. */
  mergeSanctuaryEntries: (entries: readonly SanctuaryEntry[]) => MaybeAsync<{
    added: number
    snapshot: SanctuarySnapshot
  }>
}
