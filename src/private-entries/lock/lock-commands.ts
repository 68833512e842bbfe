/**
 * The lock's commands (docs/product.md, decision 20): turn it on, unlock, lock now, change the
 * passphrase, remove it. Nothing is lost between the two forms: turning the lock on removes the plain
 * list only after the vault has been written and read back; removing it removes the vault only after
 * the plain list has been.
 */
import { BACKUP_PREFIX, applyEntriesChange, serializeEntries } from '../private-entry'
import type { LockCommands, LockOutcome, PrivateEntriesSnapshot } from '../storage-contract'
import {
  LockError,
  createVault,
  kdfNeedsUpgrade,
  parseVault,
  readVault,
  rekeyVault,
  rewrapVault,
  unlockVault,
  type VaultKeys,
  type VaultRead,
} from './envelope'
import type { LockMemory } from './lock-memory'
import type { PlainStorage } from '../plain-storage'
import type { TabProtocol } from './tab-protocol'
import type { VaultStore } from './vault-store'

/** What the commands need of the rest of the lock. */
interface CommandDeps {
  memory: LockMemory
  vaults: VaultStore
  plain: PlainStorage
  protocol: TabProtocol
  serial: <T>(task: () => Promise<T>) => Promise<T>
  /** The plain list's snapshot (the lock off). */
  plainSnapshot: () => PrivateEntriesSnapshot
  /** Seals what was left in plain beside the vault into it. */
  sweep: () => Promise<void>
  /** Folds what is pending into the vault; `known` is a read of the vault as stored then. */
  applyLocked: (known?: { raw: string; read: VaultRead }) => Promise<unknown>
  noteProblems: (found: VaultRead['problems']) => void
  report: () => void
  lockHere: () => void
}

/** A kept value may go back only under a backup key, and never over a value stored there now. */
const KEPT_KEY = new RegExp(`^${BACKUP_PREFIX}\\d+(-1)*$`)

export const ignoreLockError = (error: unknown) => {
  if (!(error instanceof LockError)) throw error
}

type Commands = Omit<LockCommands, 'lockProblems' | 'lockAfterMinutes' | 'setLockAfterMinutes'>

export function createLockCommands(deps: CommandDeps): Commands {
  const { memory, vaults, plain, protocol, serial } = deps
  return {
    /**
     * Turns the lock on: the vault is written and read back before the plain list and its backups
     * are removed, so a failure at any step leaves the plain form.
     */
    turnLockOn: (passphrase, iterations) =>
      serial(async (): Promise<LockOutcome> => {
        if (vaults.rawVault() !== null) return { ok: false, kind: 'storage' }
        const current = deps.plainSnapshot()
        const backups = vaults.backups()
        const contents = { entries: current.entries, kept: backups }
        const made = await createVault(passphrase, contents, iterations)
        const text = JSON.stringify(made.vault)
        if (!vaults.writeVault(made.vault)) {
          if (vaults.rawVault() === text) vaults.removeVault()
          return { ok: false, kind: 'storage' }
        }
        const back = await readVault(made.keys, parseVault(vaults.rawVault() ?? '')).catch(
          () => null,
        )
        if (!back || serializeEntries(back.entries) !== serializeEntries(contents.entries)) {
          vaults.removeVault()
          return { ok: false, kind: 'storage' }
        }
        memory.pinned = made.keys.publicKey
        plain.letGo()
        vaults.removePlain()
        for (const { key } of backups) vaults.removeBackup(key)
        deps.lockHere()
        protocol.announceLocked()
        return { ok: true }
      }),

    /** Unlocks with `passphrase` (raising the KDF's parameters when they are below today's). */
    unlock: (passphrase) =>
      serial(async (): Promise<LockOutcome> => {
        const raw = vaults.rawVault()
        if (raw === null) return { ok: true }
        try {
          const vault = parseVault(raw)
          const opened = await unlockVault(vault, passphrase)
          // Read once: the fold below uses this read unless the vault changed meanwhile.
          const read = await readVault(opened, vault)
          deps.noteProblems(read.problems)
          if (kdfNeedsUpgrade(vault.kdf)) {
            const raised = await rewrapVault(vault, passphrase)
            // Only the wrap changes: it goes onto the vault as it is now, keeping other tabs' writes.
            const current = vaults.storedVault()
            if (current && current.key.ciphertext === vault.key.ciphertext)
              vaults.writeVault({ ...current, kdf: raised.kdf, key: raised.key })
          }
          memory.keys = opened
          memory.keysFor = vault.privateKey.ciphertext
          memory.pinned = opened.publicKey
          memory.unreadable = false
          // What was left in plain beside the vault is sealed in now, to the key the unlock proved.
          await deps.sweep().catch(ignoreLockError)
          await deps.applyLocked({ raw, read })
        } catch (error) {
          if (!(error instanceof LockError)) throw error
          if (error.kind === 'unreadable') memory.unreadable = true
          deps.report()
          return { ok: false, kind: error.kind }
        }
        deps.report()
        const { keys, keysFor } = memory
        if (keys && keysFor) protocol.announceUnlocked({ keys, keysFor })
        return { ok: true }
      }),

    /** Locks the entries here and in every tab. */
    lockNow: () => {
      if (vaults.rawVault() === null) return
      deps.lockHere()
      protocol.announceLocked()
    },

    /**
     * Changes the passphrase: a new data key and key pair, everything encrypted again under them, so
     * the old passphrase (and any copy of the old wrap) opens nothing written from now on. Other tabs
     * are handed the new keys.
     */
    changePassphrase: (current, next) =>
      serial(async (): Promise<LockOutcome> => {
        const raw = vaults.rawVault()
        if (raw === null) return { ok: false, kind: 'unreadable' }
        let made: Awaited<ReturnType<typeof rekeyVault>>
        let previous: VaultKeys
        try {
          const vault = parseVault(raw)
          previous = await unlockVault(vault, current)
          const read = await readVault(previous, vault)
          const list = memory.pending.reduce(applyEntriesChange, read.entries)
          made = await rekeyVault({ ...read, entries: list }, next)
          if (vaults.rawVault() !== raw) return { ok: false, kind: 'storage' }
          if (!vaults.writeVault(made.vault)) return { ok: false, kind: 'storage' }
          memory.pending = []
          memory.keys = made.keys
          memory.keysFor = made.vault.privateKey.ciphertext
          memory.pinned = made.keys.publicKey
          memory.entries = list
          memory.health = 'ok'
        } catch (error) {
          if (!(error instanceof LockError)) throw error
          return { ok: false, kind: error.kind }
        }
        deps.report()
        protocol.announceUnlocked({
          keys: made.keys,
          keysFor: made.vault.privateKey.ciphertext,
          previous: previous.privateKey,
        })
        return { ok: true }
      }),

    /**
     * Removes the lock after the passphrase: the plain list (and any kept values) is written and read
     * back before the vault is removed. Only what the passphrase decrypts is written, and kept values
     * only under backup keys that are free, so nothing in the vault can overwrite the plain list.
     */
    removeLock: (passphrase) =>
      serial(async (): Promise<LockOutcome> => {
        if (vaults.rawVault() === null) return { ok: true }
        let all: VaultRead
        let raw: string | null
        try {
          const opened = await unlockVault(parseVault(vaults.rawVault() ?? ''), passphrase)
          memory.pinned = opened.publicKey
          // A plain list written beside the vault meanwhile is sealed in first, so the list written
          // below holds it rather than writing over it.
          await deps.sweep().catch(ignoreLockError)
          raw = vaults.rawVault()
          if (raw === null) return { ok: false, kind: 'storage' }
          all = await readVault(opened, parseVault(raw))
        } catch (error) {
          if (!(error instanceof LockError)) throw error
          return { ok: false, kind: error.kind }
        }
        const list = memory.pending.reduce(applyEntriesChange, all.entries)
        if (vaults.rawVault() !== raw) return { ok: false, kind: 'storage' }
        if (!vaults.writePlain(serializeEntries(list))) return { ok: false, kind: 'storage' }
        for (const { key, value } of all.kept)
          if (KEPT_KEY.test(key) && vaults.backup(key) === null) vaults.writeBackup(key, value)
        vaults.removeVault()
        memory.pending = []
        memory.pinned = null
        plain.letGo()
        deps.lockHere()
        protocol.announceLocked()
        return { ok: true }
      }),
  }
}
