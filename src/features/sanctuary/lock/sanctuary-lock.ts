/**
 * The private entries' storage with the lock (PRODUCT.md 20): what the app hands the store in place of
 * src/lib/sanctuary-storage.ts, loaded the first time entries are needed.
 *
 * - Lock off (no `sanctuary-vault`): every call goes to the plain module, unchanged; the stored form
 *   is SPEC.md's list.
 * - Lock on: `sanctuary-vault` holds the envelope (./envelope.ts) and nothing readable is stored.
 *   Locked, a new entry is sealed to the vault's public key, so saving needs no passphrase; unlocked,
 *   the keys live in this module's memory only and every change rewrites the encrypted contents.
 * - Nothing is lost between the two forms: turning the lock on removes the plain list only after the
 *   vault has been written and read back; removing it removes the vault only after the plain list has
 *   been. A form left behind by a crash is sealed into the vault the next time the entries are opened.
 * - Every tab follows: storage events carry the vault's changes, and a BroadcastChannel carries the
 *   keys themselves (non-extractable CryptoKeys, structured-cloned, never written anywhere) when a tab
 *   unlocks, and the word when one locks.
 */
import * as plain from '../../../lib/sanctuary-storage'
import {
  SANCTUARY_BACKUP_PREFIX,
  SANCTUARY_KEY,
  applyEntriesChange,
  createEntry,
  entriesToMerge,
  parseStoredEntries,
  serializeEntries,
  type EntriesChange,
  type SanctuaryEntry,
} from '../../../shared/sanctuary-entries'
import type {
  SanctuaryHealth,
  SanctuaryLock,
  SanctuarySnapshot,
} from '../../../shared/sanctuary-storage'
import {
  LockError,
  createVault,
  kdfNeedsUpgrade,
  openContents,
  openSealed,
  parseVault,
  rewrapVault,
  sealContents,
  unlockVault,
  writeContents,
  type Vault,
  type VaultContents,
  type VaultKeys,
} from './envelope'

/** The localStorage key of the locked entries. */
export const VAULT_KEY = 'sanctuary-vault'
/** The localStorage key of how many minutes hidden lock the entries again. */
export const LOCK_AFTER_KEY = 'sanctuary-lock-after-minutes'
/** The choices of that setting, and its default. */
export const LOCK_AFTER_CHOICES = [1, 5, 15] as const
export const DEFAULT_LOCK_AFTER = 5
const CHANNEL = 'unburden-sanctuary-lock'

type LockMessage =
  | { kind: 'unlocked'; keys: VaultKeys }
  | { kind: 'locked' }
  | { kind: 'ask' }
  | { kind: 'in-use?' }
  | { kind: 'in-use' }

/** How long a tab that was away waits for another tab to say it is in use before locking them all. */
const IN_USE_WAIT_MS = 300

/** How a lock action ended: done, or why not (words a screen can show as they are). */
export type LockOutcome = { ok: true } | { ok: false; kind: LockError['kind'] | 'storage' }

let keys: VaultKeys | null = null
/** The entries as the vault holds them with `pending` applied (unlocked only). */
let entries: SanctuaryEntry[] = []
/** Changes not in the vault yet: storage refused them, or (a removal) they wait for an unlock. */
let pending: EntriesChange[] = []
let health: SanctuaryHealth = 'ok'
let unreadable = false
let notify: ((snapshot: SanctuarySnapshot) => void) | null = null
let channel: BroadcastChannel | null = null
/** Every read-modify-write of the vault runs after the one before, so none undoes another. */
let queue: Promise<unknown> = Promise.resolve()
let hiddenAt: number | null = null
let hiddenTimer: ReturnType<typeof setTimeout> | undefined

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

const readVaultRaw = (): string | null => {
  try {
    return storage()?.getItem(VAULT_KEY) ?? null
  } catch {
    return null
  }
}

function setItem(key: string, value: string): boolean {
  try {
    const store = storage()
    if (!store) return false
    store.setItem(key, value)
    return store.getItem(key) === value
  } catch {
    return false
  }
}

function removeItem(key: string): void {
  try {
    storage()?.removeItem(key)
  } catch {
    // Nothing to do: what cannot be removed is swept in again at the next open.
  }
}

const serial = <T>(task: () => Promise<T>): Promise<T> => {
  const run = queue.then(task, task)
  queue = run.catch(() => undefined)
  return run
}

/** The lock's state as storage and memory say now. */
export function lockState(): SanctuaryLock {
  const raw = readVaultRaw()
  if (raw === null) return 'off'
  if (unreadable) return 'unreadable'
  try {
    parseVault(raw)
  } catch {
    return 'unreadable'
  }
  return keys ? 'unlocked' : 'locked'
}

function plainSnapshot(): SanctuarySnapshot {
  return { ...plain.openSanctuary(onPlainChange), lock: 'off' }
}

function snapshot(): SanctuarySnapshot {
  const lock = lockState()
  if (lock === 'off') return plainSnapshot()
  return {
    entries: lock === 'unlocked' ? entries : [],
    health,
    unsavedChanges: pending.length,
    backupKey: null,
    lock,
  }
}

const report = () => notify?.(snapshot())

function onPlainChange(): void {
  // The plain module follows `sanctuary-entries`; with a vault, what it reads is swept, not shown.
  report()
}

/** Backups of unreadable values (`sanctuary-entries-backup-*`) as they stand. */
function readBackups(): VaultContents['kept'] {
  const found: VaultContents['kept'] = []
  const store = storage()
  if (!store) return found
  try {
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i)
      const value = key?.startsWith(SANCTUARY_BACKUP_PREFIX) ? store.getItem(key) : null
      if (key && value !== null) found.push({ key, value })
    }
  } catch {
    return found
  }
  return found
}

/**
 * With a vault present, anything readable left beside it (a half-finished lock, a tab that wrote the
 * plain list) is sealed into the vault, then removed.
 */
async function sweep(): Promise<void> {
  const raw = readVaultRaw()
  if (raw === null) return
  let plainRaw: string | null
  try {
    plainRaw = storage()?.getItem(SANCTUARY_KEY) ?? null
  } catch {
    return
  }
  const backups = readBackups()
  if (plainRaw === null && backups.length === 0) return
  const found = parseStoredEntries(plainRaw)
  const swept: VaultContents = {
    entries: found.entries,
    kept:
      found.condition === 'clean' || plainRaw === null
        ? backups
        : [...backups, { key: `${SANCTUARY_BACKUP_PREFIX}${Date.now()}`, value: plainRaw }],
  }
  let vault: Vault
  try {
    vault = parseVault(raw)
  } catch {
    return
  }
  const sealed = await sealContents(vault, swept)
  const now = readVaultRaw()
  if (now === null) return
  let current: Vault
  try {
    current = parseVault(now)
  } catch {
    return
  }
  if (!setItem(VAULT_KEY, JSON.stringify({ ...current, sealed: [...current.sealed, sealed] }))) {
    health = 'full'
    return
  }
  plain.resetSanctuaryMemory()
  if (plainRaw !== null && storage()?.getItem(SANCTUARY_KEY) === plainRaw) removeItem(SANCTUARY_KEY)
  for (const { key, value } of backups) if (storage()?.getItem(key) === value) removeItem(key)
}

/** Everything the vault holds, sealed additions folded in; throws LockError. */
async function readAll(vault: Vault, withKeys: VaultKeys): Promise<VaultContents> {
  const contents = await openContents(withKeys, vault)
  let all = contents.entries
  const allKept = [...contents.kept]
  for (const item of vault.sealed) {
    const added = await openSealed(withKeys, item)
    for (const entry of added.entries) all = applyEntriesChange(all, { kind: 'add', entry })
    for (const one of added.kept) if (!allKept.some((k) => k.key === one.key)) allKept.push(one)
  }
  return { entries: all, kept: allKept }
}

/**
 * Unlocked: reads the vault, applies what is pending, and writes it back (a fresh IV) when anything
 * changed; reports the result. A vault another tab wrote meanwhile is read again.
 */
async function flush(force = false): Promise<void> {
  if (!keys) return
  for (let attempt = 0; attempt < 5; attempt++) {
    const raw = readVaultRaw()
    if (raw === null) return
    const vault = parseVault(raw)
    const all = await readAll(vault, keys)
    const changes = [...pending]
    const next = changes.reduce(applyEntriesChange, all.entries)
    if (!force && changes.length === 0 && vault.sealed.length === 0) {
      entries = next
      health = 'ok'
      return
    }
    const written = await writeContents(keys, vault, { entries: next, kept: all.kept }, [])
    if (readVaultRaw() !== raw) continue
    if (!setItem(VAULT_KEY, JSON.stringify(written))) {
      entries = next
      health = 'full'
      return
    }
    pending = pending.slice(changes.length)
    entries = next
    health = 'ok'
    return
  }
}

/** Locked: seals the pending additions into the vault; removals wait for an unlock. */
async function sealPending(): Promise<void> {
  const adds = pending.filter((change) => change.kind === 'add')
  if (adds.length === 0) return
  const raw = readVaultRaw()
  if (raw === null) return
  const sealed = await sealContents(parseVault(raw), {
    entries: adds.map((change) => change.entry),
    kept: [],
  })
  const now = readVaultRaw()
  if (now === null) return
  const vault = parseVault(now)
  if (!setItem(VAULT_KEY, JSON.stringify({ ...vault, sealed: [...vault.sealed, sealed] }))) {
    health = 'full'
    return
  }
  pending = pending.filter((change) => change.kind !== 'add' || !adds.includes(change))
  health = 'ok'
}

async function applyLocked(change?: EntriesChange): Promise<SanctuarySnapshot> {
  if (change) pending.push(change)
  try {
    if (keys) await flush()
    else if (lockState() === 'locked') await sealPending()
  } catch (error) {
    if (!(error instanceof LockError)) throw error
    unreadable = true
    keys = null
  }
  return snapshot()
}

/** Reads the private entries and follows other tabs' changes, reporting them to `onChange`. */
export function openSanctuary(onChange: (snapshot: SanctuarySnapshot) => void): SanctuarySnapshot {
  if (!notify) follow()
  notify = onChange
  if (readVaultRaw() === null) return plainSnapshot()
  plain.openSanctuary(onPlainChange)
  void serial(async () => {
    await sweep()
    if (keys) await applyLocked()
    report()
  })
  return snapshot()
}

function follow(): void {
  if (typeof globalThis.addEventListener === 'function') {
    globalThis.addEventListener('storage', (event: StorageEvent) => {
      if (event.key !== VAULT_KEY && event.key !== SANCTUARY_KEY && event.key !== null) return
      if (event.key === VAULT_KEY) unreadable = false
      if (event.key === VAULT_KEY && event.newValue === null) keys = null
      void serial(async () => {
        if (keys) await applyLocked()
        report()
      })
    })
  }
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL)
    channel.onmessage = (event: MessageEvent<LockMessage>) => {
      const message = event.data
      if (message.kind === 'locked') lockHere()
      else if (message.kind === 'ask' && keys) post({ kind: 'unlocked', keys })
      else if (
        message.kind === 'in-use?' &&
        keys &&
        globalThis.document?.visibilityState === 'visible'
      )
        post({ kind: 'in-use' })
      else if (message.kind === 'unlocked' && !keys && lockState() === 'locked') {
        keys = message.keys
        void serial(() => applyLocked()).then(() => report())
      }
    }
    // A tab opened while another is unlocked opens unlocked too.
    if (readVaultRaw() !== null) post({ kind: 'ask' })
  }
  const doc = globalThis.document
  if (doc && typeof doc.addEventListener === 'function') {
    doc.addEventListener('visibilitychange', () => {
      if (doc.visibilityState === 'hidden') {
        hiddenAt = Date.now()
        clearTimeout(hiddenTimer)
        if (keys) hiddenTimer = setTimeout(lockForAbsence, lockAfterMinutes() * 60_000)
      } else {
        clearTimeout(hiddenTimer)
        // Timers sleep in hidden tabs: the time hidden decides, not whether the timer ran.
        if (keys && hiddenAt !== null && Date.now() - hiddenAt >= lockAfterMinutes() * 60_000)
          lockForAbsence()
        hiddenAt = null
      }
    })
  }
}

/**
 * The app was hidden for the chosen time: this tab locks at once, and every tab with it unless
 * another tab says it is in use now (shown, and open), since a person reading there has not left.
 */
function lockForAbsence(): void {
  if (readVaultRaw() === null) return
  lockHere()
  if (!channel) return
  let inUse = false
  const listen = (event: MessageEvent<LockMessage>) => {
    if (event.data.kind === 'in-use') inUse = true
  }
  const listening = channel
  listening.addEventListener('message', listen)
  post({ kind: 'in-use?' })
  setTimeout(() => {
    listening.removeEventListener('message', listen)
    if (!inUse) post({ kind: 'locked' })
  }, IN_USE_WAIT_MS)
}

function post(message: LockMessage): void {
  try {
    channel?.postMessage(message)
  } catch {
    // A browser that cannot clone keys leaves other tabs locked: they unlock on their own.
  }
}

function lockHere(): void {
  keys = null
  entries = []
  clearTimeout(hiddenTimer)
  report()
}

/** Applies `change` (sealed when locked; kept in memory when it cannot be written yet). */
export function changeSanctuary(
  change: EntriesChange,
): SanctuarySnapshot | Promise<SanctuarySnapshot> {
  if (readVaultRaw() === null && pending.length === 0) {
    return { ...plain.changeSanctuary(change), lock: 'off' }
  }
  return serial(() => applyLocked(change))
}

/** Saves `text` as a new private entry; tells whether it reached storage. */
export function saveSanctuaryEntry(
  text: string,
):
  | { entry: SanctuaryEntry; snapshot: SanctuarySnapshot }
  | Promise<{ entry: SanctuaryEntry; snapshot: SanctuarySnapshot }> {
  if (readVaultRaw() === null && pending.length === 0) {
    const saved = plain.saveSanctuaryEntry(text)
    return { entry: saved.entry, snapshot: { ...saved.snapshot, lock: 'off' } }
  }
  // Locked, the ids in the vault cannot be read: a clash is settled when the entries are unlocked.
  const entry = createEntry(text, Date.now(), [...entries, ...addedEntries()])
  return serial(async () => ({ entry, snapshot: await applyLocked({ kind: 'add', entry }) }))
}

const addedEntries = () =>
  pending.flatMap((change) => (change.kind === 'add' ? [change.entry] : []))

/** Adds the entries of a restored copy whose id is not there yet; tells how many were added. */
export function mergeSanctuaryEntries(
  incoming: readonly SanctuaryEntry[],
):
  | { added: number; snapshot: SanctuarySnapshot }
  | Promise<{ added: number; snapshot: SanctuarySnapshot }> {
  if (readVaultRaw() === null && pending.length === 0) {
    const merged = plain.mergeSanctuaryEntries(incoming)
    return { added: merged.added, snapshot: { ...merged.snapshot, lock: 'off' } }
  }
  return serial(async () => {
    const fresh = entriesToMerge([...entries, ...addedEntries()], incoming)
    pending.push(...fresh.map((entry): EntriesChange => ({ kind: 'add', entry })))
    return { added: fresh.length, snapshot: await applyLocked() }
  })
}

/**
 * Turns the lock on: the vault is written and read back before the plain list and its backups are
 * removed, so a failure at any step leaves the plain form.
 */
export function turnLockOn(passphrase: string, iterations?: number): Promise<LockOutcome> {
  return serial(async (): Promise<LockOutcome> => {
    if (readVaultRaw() !== null) return { ok: false, kind: 'storage' }
    const current = plainSnapshot()
    const backups = readBackups()
    const contents = { entries: current.entries, kept: backups }
    const made = await createVault(passphrase, contents, iterations)
    const text = JSON.stringify(made.vault)
    if (!setItem(VAULT_KEY, text)) {
      if (readVaultRaw() === text) removeItem(VAULT_KEY)
      return { ok: false, kind: 'storage' }
    }
    const back = await openContents(made.keys, parseVault(readVaultRaw() ?? '')).catch(() => null)
    if (!back || serializeEntries(back.entries) !== serializeEntries(contents.entries)) {
      removeItem(VAULT_KEY)
      return { ok: false, kind: 'storage' }
    }
    plain.resetSanctuaryMemory()
    removeItem(SANCTUARY_KEY)
    for (const { key } of backups) removeItem(key)
    lockHere()
    post({ kind: 'locked' })
    return { ok: true }
  })
}

/** Unlocks with `passphrase` (raising the KDF's parameters when they are below today's). */
export function unlock(passphrase: string): Promise<LockOutcome> {
  return serial(async (): Promise<LockOutcome> => {
    const raw = readVaultRaw()
    if (raw === null) return { ok: true }
    try {
      await sweep()
      const vault = parseVault(readVaultRaw() ?? raw)
      const opened = await unlockVault(vault, passphrase)
      await readAll(vault, opened)
      if (kdfNeedsUpgrade(vault.kdf)) {
        const raised = await rewrapVault(vault, passphrase, passphrase)
        // Only the wrap changes: it goes onto the vault as it is now, keeping other tabs' writes.
        const now = readVaultRaw()
        const current = now === null ? null : parseVault(now)
        if (current && current.key.ciphertext === vault.key.ciphertext)
          setItem(VAULT_KEY, JSON.stringify({ ...current, kdf: raised.kdf, key: raised.key }))
      }
      keys = opened
      unreadable = false
      await applyLocked()
    } catch (error) {
      if (!(error instanceof LockError)) throw error
      if (error.kind === 'unreadable') unreadable = true
      report()
      return { ok: false, kind: error.kind }
    }
    report()
    if (keys) post({ kind: 'unlocked', keys })
    return { ok: true }
  })
}

/** Locks the entries here and in every tab. */
export function lockNow(): void {
  if (readVaultRaw() === null) return
  lockHere()
  post({ kind: 'locked' })
}

/** Changes the passphrase: the data key is wrapped again, the entries are not touched. */
export function changePassphrase(current: string, next: string): Promise<LockOutcome> {
  return serial(async (): Promise<LockOutcome> => {
    const raw = readVaultRaw()
    if (raw === null) return { ok: false, kind: 'unreadable' }
    try {
      const vault = await rewrapVault(parseVault(raw), current, next)
      if (readVaultRaw() !== raw) return { ok: false, kind: 'storage' }
      return setItem(VAULT_KEY, JSON.stringify(vault))
        ? { ok: true }
        : { ok: false, kind: 'storage' }
    } catch (error) {
      if (!(error instanceof LockError)) throw error
      return { ok: false, kind: error.kind }
    }
  })
}

/**
 * Removes the lock after the passphrase: the plain list (and any kept values) is written and read back
 * before the vault is removed.
 */
export function removeLock(passphrase: string): Promise<LockOutcome> {
  return serial(async (): Promise<LockOutcome> => {
    const raw = readVaultRaw()
    if (raw === null) return { ok: true }
    let all: VaultContents
    try {
      const vault = parseVault(raw)
      all = await readAll(vault, await unlockVault(vault, passphrase))
    } catch (error) {
      if (!(error instanceof LockError)) throw error
      return { ok: false, kind: error.kind }
    }
    const list = pending.reduce(applyEntriesChange, all.entries)
    if (readVaultRaw() !== raw) return { ok: false, kind: 'storage' }
    if (!setItem(SANCTUARY_KEY, serializeEntries(list))) return { ok: false, kind: 'storage' }
    for (const { key, value } of all.kept) setItem(key, value)
    removeItem(VAULT_KEY)
    pending = []
    plain.resetSanctuaryMemory()
    lockHere()
    post({ kind: 'locked' })
    return { ok: true }
  })
}

/** The entries as they are now, for a copy (unlocked or lock off). */
export function currentEntries(): SanctuaryEntry[] {
  return snapshot().entries
}

/** Minutes hidden after which the entries lock again. */
export function lockAfterMinutes(): number {
  let stored: string | null
  try {
    stored = storage()?.getItem(LOCK_AFTER_KEY) ?? null
  } catch {
    stored = null
  }
  const minutes = Number(stored)
  return (LOCK_AFTER_CHOICES as readonly number[]).includes(minutes) ? minutes : DEFAULT_LOCK_AFTER
}

/** Sets how many minutes hidden lock the entries again. */
export function setLockAfterMinutes(minutes: number): void {
  setItem(LOCK_AFTER_KEY, String(minutes))
}

export { askToPersist, isPersisted, downloadSanctuaryCopy } from '../../../lib/sanctuary-storage'

/** Forgets everything held in memory (tests). */
export function resetLockMemory(): void {
  keys = null
  entries = []
  pending = []
  health = 'ok'
  unreadable = false
  notify = null
  channel?.close()
  channel = null
  queue = Promise.resolve()
  hiddenAt = null
  clearTimeout(hiddenTimer)
}
