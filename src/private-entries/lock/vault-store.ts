/**
 * The lock's reads and writes of localStorage: the vault (`sanctuary-vault`), the plain list and the
 * backups it sweeps in, and how long hidden locks the entries again. Nothing is kept here: every read
 * is of storage as it is now, since another tab may have written since.
 */
import { BACKUP_PREFIX, ENTRIES_KEY } from '../private-entry'
import type { BrowserEdges } from '../storage-contract'
import { parseVault, type Vault, type VaultContents } from './envelope'

/** The localStorage key of the locked entries ('sanctuary' stays: users' vaults are under it). */
export const VAULT_KEY = 'sanctuary-vault'
/** The localStorage key of how many minutes hidden lock the entries again. */
const LOCK_AFTER_KEY = 'sanctuary-lock-after-minutes'
/** The choices of that setting, and its default. */
export const LOCK_AFTER_CHOICES = [1, 5, 15] as const
const DEFAULT_LOCK_AFTER = 5

export type VaultStore = ReturnType<typeof createVaultStore>

/** The vault store over `edges`' localStorage. */
export function createVaultStore(edges: BrowserEdges) {
  const getItem = (key: string): string | null => {
    try {
      return edges.storage()?.getItem(key) ?? null
    } catch {
      return null
    }
  }

  /** Writes `value` under `key` and reads it back: false when it did not stick. */
  const setItem = (key: string, value: string): boolean => {
    try {
      const store = edges.storage()
      if (!store) return false
      store.setItem(key, value)
      return store.getItem(key) === value
    } catch {
      return false
    }
  }

  const removeItem = (key: string): void => {
    try {
      edges.storage()?.removeItem(key)
    } catch {
      // Nothing to do: what cannot be removed is swept in again at the next open.
    }
  }

  /** The vault as stored now, unparsed, or null. */
  const rawVault = () => getItem(VAULT_KEY)

  return {
    rawVault,
    /** The vault as stored now, or null (none, or not one). */
    storedVault(): Vault | null {
      const raw = rawVault()
      if (raw === null) return null
      try {
        return parseVault(raw)
      } catch {
        return null
      }
    },
    writeVault: (vault: Vault) => setItem(VAULT_KEY, JSON.stringify(vault)),
    removeVault: () => removeItem(VAULT_KEY),
    /** The plain list as stored now, unparsed, or null; undefined when storage refused the read. */
    rawPlain(): string | null | undefined {
      try {
        return edges.storage()?.getItem(ENTRIES_KEY) ?? null
      } catch {
        return undefined
      }
    },
    writePlain: (text: string) => setItem(ENTRIES_KEY, text),
    removePlain: () => removeItem(ENTRIES_KEY),
    /** Whether localStorage can be read at all and holds no plain list. */
    noPlainList(): boolean {
      try {
        return edges.storage()?.getItem(ENTRIES_KEY) === null
      } catch {
        return false
      }
    },
    /** Backups of unreadable values (`sanctuary-entries-backup-*`) as they stand. */
    backups(): VaultContents['kept'] {
      const found: VaultContents['kept'] = []
      const store = edges.storage()
      if (!store) return found
      try {
        for (let i = 0; i < store.length; i++) {
          const key = store.key(i)
          const value = key?.startsWith(BACKUP_PREFIX) ? store.getItem(key) : null
          if (key && value !== null) found.push({ key, value })
        }
      } catch {
        return found
      }
      return found
    },
    /** The value under a backup key now, or null. */
    backup: (key: string) => getItem(key),
    writeBackup: (key: string, value: string) => setItem(key, value),
    removeBackup: (key: string) => removeItem(key),
    /** Minutes hidden after which the entries lock again. */
    lockAfterMinutes(): number {
      const minutes = Number(getItem(LOCK_AFTER_KEY))
      return (LOCK_AFTER_CHOICES as readonly number[]).includes(minutes)
        ? minutes
        : DEFAULT_LOCK_AFTER
    },
    /** Sets how many minutes hidden lock the entries again. */
    setLockAfterMinutes(minutes: number): void {
      setItem(LOCK_AFTER_KEY, String(minutes))
    },
  }
}
