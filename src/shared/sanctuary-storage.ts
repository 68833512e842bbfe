/**
 * The shape of the private entries' storage, shared by the layers that meet it: the browser module
 * that keeps them (src/lib/sanctuary-storage.ts), the store that mirrors them for screens, and the app
 * that connects the two. Types only.
 */
import type { EntriesChange, SanctuaryEntry } from './sanctuary-entries'

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
}

/** What the store needs from the private entries' storage; the app hands it one. */
export interface SanctuaryStorage {
  /** Reads the entries and follows other tabs' changes, reporting them to `onChange`. */
  openSanctuary: (onChange: (snapshot: SanctuarySnapshot) => void) => SanctuarySnapshot
  /** Applies `change` (kept in memory when it cannot be written yet). */
  changeSanctuary: (change: EntriesChange) => SanctuarySnapshot
  /** Saves `text` as a new entry. */
  saveSanctuaryEntry: (text: string) => { entry: SanctuaryEntry; snapshot: SanctuarySnapshot }
  /** Adds the entries whose id is not there yet. */
  mergeSanctuaryEntries: (entries: readonly SanctuaryEntry[]) => {
    added: number
    snapshot: SanctuarySnapshot
  }
}
