/**
 * The private entries' storage with the lock (docs/product.md, decision 20): what the app hands the
 * store, made once by `createPrivateEntries()` and loaded the first time entries are needed.
 *
 * - Lock off (no `sanctuary-vault`): every call goes to the plain list (../plain-storage.ts),
 *   unchanged; the stored form is the specification's list.
 * - Lock on: `sanctuary-vault` holds the envelope (./envelope.ts) and nothing readable is stored.
 *   Locked, a new entry is sealed to the vault's public key, so saving needs no passphrase; unlocked,
 *   the keys live in this object's memory only (./lock-memory.ts) and every change rewrites the
 *   encrypted contents.
 * - A form left behind by a crash is sealed into the vault the next time the entries are opened.
 * - Its parts: the vault's reads and writes (./vault-store.ts), the tabs' protocol and the clock that
 *   locks again (./tab-protocol.ts), the lock's commands (./lock-commands.ts).
 * - Someone holding the device can rewrite storage: a tab seals only to the public key it trusts (the
 *   first it read, or the one an unlock proved), and an unlock reports a swapped key, items removed,
 *   and items damaged (each of which loses only itself).
 */
import { createPlainStorage, browserEdges } from '../plain-storage'
import {
  BACKUP_PREFIX,
  applyEntriesChange,
  createEntry,
  entriesToMerge,
  parseStoredEntries,
  type EntriesChange,
  type PrivateEntry,
} from '../private-entry'
import type {
  BrowserEdges,
  LockCommands,
  LockProblems,
  PrivateEntriesLock,
  PrivateEntriesSnapshot,
  PrivateEntriesStorage,
} from '../storage-contract'
import {
  LockError,
  parseVault,
  readVault,
  sealContents,
  writeVault,
  type Vault,
  type VaultContents,
  type VaultRead,
} from './envelope'
import { createLockCommands, ignoreLockError } from './lock-commands'
import { createLockMemory } from './lock-memory'
import { createTabProtocol } from './tab-protocol'
import { createVaultStore } from './vault-store'

const NO_PROBLEMS: LockProblems = {
  damaged: 0,
  missing: 0,
  keyChanged: false,
  listDamaged: false,
  foundUnlocked: 0,
  sealRefused: false,
  vaultMissing: false,
}

/** Whether `vault` still needs writing after `read`: a fold, an upgrade, or something to put right. */
const needsWrite = (vault: Vault, read: VaultRead) =>
  vault.version === 1 ||
  vault.sealed.length !== read.damagedSealed.length ||
  read.problems.keyChanged ||
  read.problems.listDamaged ||
  read.problems.missing > 0 ||
  vault.items.length !== read.entries.length + read.kept.length + read.damagedItems.length

/** The storage with the lock, and what tests read of it beyond the store's calls. */
export interface PrivateEntries extends PrivateEntriesStorage {
  lock: LockCommands
  /** The lock's state as storage and memory say now. */
  lockState: () => PrivateEntriesLock
  /** The entries as they are now (unlocked or lock off). */
  currentEntries: () => PrivateEntry[]
}

/** The private entries of this tab over `edges` (the browser's own unless told). */
export function createPrivateEntries(edges: BrowserEdges = browserEdges()): PrivateEntries {
  const plain = createPlainStorage(edges)
  const vaults = createVaultStore(edges)
  const memory = createLockMemory()
  let notify: ((snapshot: PrivateEntriesSnapshot) => void) | null = null
  /** Every read-modify-write of the vault runs after the one before, so none undoes another. */
  let queue: Promise<unknown> = Promise.resolve()

  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task)
    queue = run.catch(() => undefined)
    return run
  }

  function noteProblems(found: Partial<LockProblems>): void {
    const before = memory.problems ?? NO_PROBLEMS
    // A write puts the vault right at once, so what was seen is kept until the entries lock.
    const next: LockProblems = {
      damaged: found.damaged ?? before.damaged,
      missing: Math.max(before.missing, found.missing ?? 0),
      keyChanged: before.keyChanged || (found.keyChanged ?? false),
      listDamaged: before.listDamaged || (found.listDamaged ?? false),
      foundUnlocked: Math.max(before.foundUnlocked, found.foundUnlocked ?? 0),
      sealRefused: found.sealRefused ?? before.sealRefused,
      vaultMissing: found.vaultMissing ?? before.vaultMissing,
    }
    memory.problems = Object.values(next).some(Boolean) ? next : null
  }

  function lockState(): PrivateEntriesLock {
    const raw = vaults.rawVault()
    if (raw === null) return 'off'
    if (memory.unreadable) return 'unreadable'
    try {
      parseVault(raw)
    } catch {
      return 'unreadable'
    }
    return memory.keys ? 'unlocked' : 'locked'
  }

  // The plain list follows `sanctuary-entries`; with a vault, what it reads is swept, not shown.
  const plainSnapshot = (): PrivateEntriesSnapshot => ({
    ...plain.openPrivateEntries(report),
    lock: 'off',
  })

  function snapshot(): PrivateEntriesSnapshot {
    const lock = lockState()
    if (lock === 'off') {
      const plainNow = plainSnapshot()
      return { ...plainNow, unsavedChanges: plainNow.unsavedChanges + memory.pending.length }
    }
    return {
      entries: lock === 'unlocked' ? memory.entries : [],
      health: memory.health,
      unsavedChanges: memory.pending.length,
      backupKey: null,
      lock,
    }
  }

  function report(): void {
    notify?.(snapshot())
  }

  /** Locks this tab: the keys and every decrypted text it held are let go. */
  function lockHere(): void {
    memory.keys = null
    memory.keysFor = null
    memory.entries = []
    memory.problems = null
    protocol.forget()
    report()
  }

  /**
   * The vault this tab knew is gone, and no plain list stands in its place (removing the lock writes
   * the list before it removes the vault): someone took it away, and may put it back after reading
   * what is written meanwhile. Nothing is written in plain text then.
   */
  const vaultTaken = () =>
    memory.pinned !== null && vaults.rawVault() === null && vaults.noPlainList()

  /** No vault, nothing waiting for one, none taken away: every call goes to the plain list. */
  const plainMode = () => vaults.rawVault() === null && memory.pending.length === 0 && !vaultTaken()

  /**
   * The public key to seal to, or null when the stored one is not the one this tab trusts (then
   * nothing is sealed: the words wait in memory for an unlock). A tab trusts the first key it reads.
   */
  function trustedKey(vault: Vault): string | null {
    memory.pinned ??= vault.publicKey
    if (vault.publicKey === memory.pinned) return memory.pinned
    noteProblems({ sealRefused: true })
    return null
  }

  /** Adds `sealed` to the vault as it is now, unless its public key changed meanwhile. */
  function appendSealed(sealed: Awaited<ReturnType<typeof sealContents>>, key: string): boolean {
    const current = vaults.storedVault()
    if (!current || current.publicKey !== key) return false
    if (!vaults.writeVault({ ...current, sealed: [...current.sealed, sealed] })) {
      memory.health = 'full'
      return false
    }
    return true
  }

  /**
   * With a vault present, anything readable left beside it (a half-finished lock, a tab that wrote
   * the plain list) is sealed into the vault, then removed.
   */
  async function sweep(): Promise<void> {
    const vault = vaults.storedVault()
    if (vault === null) return
    const plainRaw = vaults.rawPlain()
    if (plainRaw === undefined) return
    const backups = vaults.backups()
    if (plainRaw === null && backups.length === 0) return
    const found = parseStoredEntries(plainRaw)
    const swept: VaultContents = {
      entries: found.entries,
      kept:
        found.condition === 'clean' || plainRaw === null
          ? backups
          : [...backups, { key: `${BACKUP_PREFIX}${Date.now()}`, value: plainRaw }],
    }
    const key = trustedKey(vault)
    if (key === null) return
    if (!appendSealed(await sealContents(vault, swept, key, true), key)) return
    plain.letGo()
    if (plainRaw !== null && vaults.rawPlain() === plainRaw) vaults.removePlain()
    for (const { key: backup, value } of backups)
      if (vaults.backup(backup) === value) vaults.removeBackup(backup)
  }

  /**
   * Unlocked: reads the vault, applies what is pending, and writes it back (a fresh IV) when anything
   * changed; reports the result. A vault another tab wrote meanwhile is read again; a vault made
   * again (the passphrase changed elsewhere) locks this tab until that tab's keys arrive. `known` is
   * a read already made of the vault stored as `known.raw` (an unlock's), used while it still is.
   */
  async function flush(known?: { raw: string; read: VaultRead }): Promise<void> {
    const keys = memory.keys
    if (!keys) return
    for (let attempt = 0; attempt < 5; attempt++) {
      const raw = vaults.rawVault()
      if (raw === null) return
      const vault = parseVault(raw)
      if (vault.privateKey.ciphertext !== memory.keysFor) {
        lockHere()
        return
      }
      const read = known?.raw === raw ? known.read : await readVault(keys, vault)
      noteProblems(read.problems)
      const changes = [...memory.pending]
      const next = changes.reduce(applyEntriesChange, read.entries)
      if (changes.length === 0 && !needsWrite(vault, read)) {
        memory.entries = next
        memory.health = 'ok'
        return
      }
      const written = await writeVault(keys, vault, { entries: next, kept: read.kept }, read)
      if (vaults.rawVault() !== raw) continue
      if (!vaults.writeVault(written)) {
        memory.entries = next
        memory.health = 'full'
        return
      }
      memory.pending = memory.pending.slice(changes.length)
      memory.entries = next
      memory.health = 'ok'
      return
    }
  }

  /** Locked: seals the pending additions into the vault; removals wait for an unlock. */
  async function sealPending(): Promise<void> {
    const adds = memory.pending.filter((change) => change.kind === 'add')
    if (adds.length === 0) return
    const vault = vaults.storedVault()
    if (vault === null) return
    const key = trustedKey(vault)
    if (key === null) return
    const sealed = await sealContents(
      vault,
      { entries: adds.map((change) => change.entry), kept: [] },
      key,
    )
    if (!appendSealed(sealed, key)) return
    memory.pending = memory.pending.filter(
      (change) => change.kind !== 'add' || !adds.includes(change),
    )
    memory.health = 'ok'
  }

  async function applyLocked(
    change?: EntriesChange,
    known?: { raw: string; read: VaultRead },
  ): Promise<PrivateEntriesSnapshot> {
    const removed = change?.kind === 'remove' ? change.id : null
    const unstored = (c: EntriesChange) => c.kind === 'add' && c.entry.id === removed
    // Taking back an addition that was never stored (the writer keeps its words) just drops it.
    if (removed !== null && memory.pending.some(unstored))
      memory.pending = memory.pending.filter((c) => !unstored(c))
    else if (change) memory.pending.push(change)
    try {
      if (memory.keys) await flush(known)
      else if (lockState() === 'locked') await sealPending()
      else if (memory.pending.length > 0 && vaultTaken()) noteProblems({ vaultMissing: true })
    } catch (error) {
      if (!(error instanceof LockError)) throw error
      memory.unreadable = true
      memory.keys = null
      memory.keysFor = null
      memory.entries = []
    }
    return snapshot()
  }

  const protocol = createTabProtocol({
    edges,
    memory,
    vaults,
    lockState,
    serial,
    applyLocked: () => applyLocked(),
    report,
    lockHere,
  })

  const commands = createLockCommands({
    memory,
    vaults,
    plain,
    protocol,
    serial,
    plainSnapshot,
    sweep,
    applyLocked: (known) => applyLocked(undefined, known),
    noteProblems,
    report,
    lockHere,
  })

  const addedEntries = () =>
    memory.pending.flatMap((change) => (change.kind === 'add' ? [change.entry] : []))

  return {
    /** Reads the private entries and follows other tabs' changes, reporting them to `onChange`. */
    openPrivateEntries(onChange) {
      if (!notify) protocol.follow()
      notify = onChange
      const raw = vaults.rawVault()
      if (raw === null) return plainSnapshot()
      try {
        memory.pinned ??= parseVault(raw).publicKey
      } catch {
        // Not a vault: the screen says it cannot be read, and nothing is pinned to it.
      }
      plain.openPrivateEntries(report)
      void serial(async () => {
        // A sweep that cannot seal (a stored key that is not one) leaves the plain list for the unlock.
        await sweep().catch(ignoreLockError)
        if (memory.keys) await applyLocked()
        report()
      })
      return snapshot()
    },

    /** Applies `change` (sealed when locked; kept in memory when it cannot be written yet). */
    changePrivateEntries(change) {
      if (plainMode()) return { ...plain.changePrivateEntries(change), lock: 'off' }
      return serial(() => applyLocked(change))
    },

    /** Saves `text` as a new private entry; tells whether it reached storage. */
    savePrivateEntry(text) {
      if (plainMode()) {
        const saved = plain.savePrivateEntry(text)
        return { entry: saved.entry, snapshot: { ...saved.snapshot, lock: 'off' } }
      }
      // Locked, the ids in the vault cannot be read: a clash is settled when the entries are unlocked.
      const entry = createEntry(text, Date.now(), [...memory.entries, ...addedEntries()])
      return serial(async () => ({ entry, snapshot: await applyLocked({ kind: 'add', entry }) }))
    },

    /** Adds the entries of a restored copy whose id is not there yet; tells how many were added. */
    mergePrivateEntries(incoming) {
      if (plainMode()) {
        const merged = plain.mergePrivateEntries(incoming)
        return { added: merged.added, snapshot: { ...merged.snapshot, lock: 'off' } }
      }
      return serial(async () => {
        const fresh = entriesToMerge([...memory.entries, ...addedEntries()], incoming)
        memory.pending.push(...fresh.map((entry): EntriesChange => ({ kind: 'add', entry })))
        return { added: fresh.length, snapshot: await applyLocked() }
      })
    },

    lock: {
      ...commands,
      lockProblems: () => memory.problems,
      lockAfterMinutes: vaults.lockAfterMinutes,
      setLockAfterMinutes: vaults.setLockAfterMinutes,
    },
    lockState,
    currentEntries: () => snapshot().entries,
  }
}
