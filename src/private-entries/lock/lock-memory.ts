/**
 * What one tab's lock holds in memory, in one object made with the lock's storage and shared by its
 * parts (./locked-storage.ts, ./tab-protocol.ts, ./lock-commands.ts). Nothing of it is ever written.
 */
import type { EntriesChange, PrivateEntry } from '../private-entry'
import type { LockProblems, PrivateEntriesHealth } from '../storage-contract'
import type { VaultKeys } from './envelope'

export interface LockMemory {
  keys: VaultKeys | null
  /** The wrapped private key of the vault `keys` open: another one means the vault was made again. */
  keysFor: string | null
  /**
   * The public key this tab seals to: the first it read, or the one an unlock proved. A different
   * one in storage was put there by someone else (or by a passphrase change, whose tab sends the new
   * keys).
   */
  pinned: string | null
  /** What the last unlock found wrong, shown until the entries lock. */
  problems: LockProblems | null
  /** The entries as the vault holds them with `pending` applied (unlocked only). */
  entries: PrivateEntry[]
  /** Changes not in the vault yet: storage refused them, or (a removal) they wait for an unlock. */
  pending: EntriesChange[]
  health: PrivateEntriesHealth
  unreadable: boolean
}

export const createLockMemory = (): LockMemory => ({
  keys: null,
  keysFor: null,
  pinned: null,
  problems: null,
  entries: [],
  pending: [],
  health: 'ok',
  unreadable: false,
})
