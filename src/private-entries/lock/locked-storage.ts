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
 *   unlocks, and the word when one locks. A tab checks keys it is handed against the vault before it
 *   uses them, and every tab holding keys keeps its own clock for locking again.
 * - Someone holding the device can rewrite storage: a tab seals only to the public key it trusts (the
 *   first it read, or the one an unlock proved), and an unlock reports a swapped key, items removed,
 *   and items damaged (each of which loses only itself).
 */
import * as plain from '../plain-storage'
import {
  BACKUP_PREFIX,
  ENTRIES_KEY,
  applyEntriesChange,
  createEntry,
  entriesToMerge,
  parseStoredEntries,
  serializeEntries,
  type EntriesChange,
  type PrivateEntry,
} from '../private-entry'
import type {
  PrivateEntriesHealth,
  PrivateEntriesLock,
  PrivateEntriesSnapshot,
} from '../storage-contract'
import {
  LockError,
  createVault,
  isPairOf,
  kdfNeedsUpgrade,
  keysOpen,
  parseVault,
  readVault,
  rekeyVault,
  rewrapVault,
  sealContents,
  unlockVault,
  writeVault,
  type Vault,
  type VaultContents,
  type VaultKeys,
  type VaultProblems,
  type VaultRead,
} from './envelope'

/** The localStorage key of the locked entries. */
export const VAULT_KEY = 'sanctuary-vault'
/** The localStorage key of how many minutes hidden lock the entries again. */
export const LOCK_AFTER_KEY = 'sanctuary-lock-after-minutes'
/** The choices of that setting, and its default. */
export const LOCK_AFTER_CHOICES = [1, 5, 15] as const
export const DEFAULT_LOCK_AFTER = 5
const CHANNEL = 'unburden-sanctuary-lock'

interface UnlockedMessage {
  kind: 'unlocked'
  keys: VaultKeys
  keysFor: string
  /** After a passphrase change: the previous private key, proof that the new keys follow the trusted ones. */
  previous?: CryptoKey
}

type LockMessage =
  UnlockedMessage | { kind: 'locked' } | { kind: 'ask' } | { kind: 'in-use?' } | { kind: 'in-use' }

/** How long a tab that was away waits for another tab to say it is in use before locking them all. */
const IN_USE_WAIT_MS = 300

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

/** What an unlock (or a refused seal) found wrong, or null. */
export function lockProblems(): LockProblems | null {
  return problems
}

function noteProblems(found: Partial<LockProblems>): void {
  const before = problems ?? NO_PROBLEMS
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
  problems = Object.values(next).some(Boolean) ? next : null
}

const NO_PROBLEMS: LockProblems = {
  damaged: 0,
  missing: 0,
  keyChanged: false,
  listDamaged: false,
  foundUnlocked: 0,
  sealRefused: false,
  vaultMissing: false,
}

/** How a lock action ended: done, or why not (words a screen can show as they are). */
export type LockOutcome = { ok: true } | { ok: false; kind: LockError['kind'] | 'storage' }

let keys: VaultKeys | null = null
/** The wrapped private key of the vault `keys` open: another one means the vault was made again. */
let keysFor: string | null = null
/**
 * The public key this tab seals to: the first it read, or the one an unlock proved. A different one
 * in storage was put there by someone else (or by a passphrase change, whose tab sends the new keys).
 */
let pinned: string | null = null
/** What the last unlock found wrong, shown until the entries lock. */
let problems: LockProblems | null = null
/** The entries as the vault holds them with `pending` applied (unlocked only). */
let entries: PrivateEntry[] = []
/** Changes not in the vault yet: storage refused them, or (a removal) they wait for an unlock. */
let pending: EntriesChange[] = []
let health: PrivateEntriesHealth = 'ok'
let unreadable = false
let notify: ((snapshot: PrivateEntriesSnapshot) => void) | null = null
let channel: BroadcastChannel | null = null
/** Every read-modify-write of the vault runs after the one before, so none undoes another. */
let queue: Promise<unknown> = Promise.resolve()
let hiddenAt: number | null = null
let hiddenTimer: ReturnType<typeof setTimeout> | undefined
/** Keys another tab handed over for a vault this tab's storage did not show yet. */
let keysBeforeVault: UnlockedMessage | null = null

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
export function lockState(): PrivateEntriesLock {
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

function plainSnapshot(): PrivateEntriesSnapshot {
  return { ...plain.openPrivateEntries(onPlainChange), lock: 'off' }
}

function snapshot(): PrivateEntriesSnapshot {
  const lock = lockState()
  if (lock === 'off') {
    const plainNow = plainSnapshot()
    return { ...plainNow, unsavedChanges: plainNow.unsavedChanges + pending.length }
  }
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
      const value = key?.startsWith(BACKUP_PREFIX) ? store.getItem(key) : null
      if (key && value !== null) found.push({ key, value })
    }
  } catch {
    return found
  }
  return found
}

/**
 * The vault this tab knew is gone, and no plain list stands in its place (removing the lock writes
 * the list before it removes the vault): someone took it away, and may put it back after reading
 * what is written meanwhile. Nothing is written in plain text then.
 */
function vaultTaken(): boolean {
  if (pinned === null || readVaultRaw() !== null) return false
  try {
    return storage()?.getItem(ENTRIES_KEY) === null
  } catch {
    return false
  }
}

/** The vault as stored now, or null (none, or not one). */
function readVault_(): Vault | null {
  const raw = readVaultRaw()
  if (raw === null) return null
  try {
    return parseVault(raw)
  } catch {
    return null
  }
}

/**
 * The public key to seal to, or null when the stored one is not the one this tab trusts (then
 * nothing is sealed: the words wait in memory for an unlock). A tab trusts the first key it reads.
 */
function trustedKey(vault: Vault): string | null {
  pinned ??= vault.publicKey
  if (vault.publicKey === pinned) return pinned
  noteProblems({ sealRefused: true })
  return null
}

/** Adds `sealed` to the vault as it is now, unless its public key changed meanwhile. */
function appendSealed(sealed: Awaited<ReturnType<typeof sealContents>>, key: string): boolean {
  const current = readVault_()
  if (!current || current.publicKey !== key) return false
  if (!setItem(VAULT_KEY, JSON.stringify({ ...current, sealed: [...current.sealed, sealed] }))) {
    health = 'full'
    return false
  }
  return true
}

/**
 * With a vault present, anything readable left beside it (a half-finished lock, a tab that wrote the
 * plain list) is sealed into the vault, then removed.
 */
async function sweep(): Promise<void> {
  const vault = readVault_()
  if (vault === null) return
  let plainRaw: string | null
  try {
    plainRaw = storage()?.getItem(ENTRIES_KEY) ?? null
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
        : [...backups, { key: `${BACKUP_PREFIX}${Date.now()}`, value: plainRaw }],
  }
  const key = trustedKey(vault)
  if (key === null) return
  if (!appendSealed(await sealContents(vault, swept, key, true), key)) return
  plain.resetSanctuaryMemory()
  if (plainRaw !== null && storage()?.getItem(ENTRIES_KEY) === plainRaw) removeItem(ENTRIES_KEY)
  for (const { key: backup, value } of backups)
    if (storage()?.getItem(backup) === value) removeItem(backup)
}

/** Whether `vault` still needs writing after `read`: a fold, an upgrade, or something to put right. */
const needsWrite = (vault: Vault, read: VaultRead) =>
  vault.version === 1 ||
  vault.sealed.length !== read.damagedSealed.length ||
  read.problems.keyChanged ||
  read.problems.listDamaged ||
  read.problems.missing > 0 ||
  vault.items.length !== read.entries.length + read.kept.length + read.damagedItems.length

/**
 * Unlocked: reads the vault, applies what is pending, and writes it back (a fresh IV) when anything
 * changed; reports the result. A vault another tab wrote meanwhile is read again; a vault made again
 * (the passphrase changed elsewhere) locks this tab until that tab's keys arrive.
 */
async function flush(force = false): Promise<void> {
  if (!keys) return
  for (let attempt = 0; attempt < 5; attempt++) {
    const raw = readVaultRaw()
    if (raw === null) return
    const vault = parseVault(raw)
    if (vault.privateKey.ciphertext !== keysFor) {
      lockHere()
      return
    }
    const read = await readVault(keys, vault)
    noteProblems(read.problems)
    const changes = [...pending]
    const next = changes.reduce(applyEntriesChange, read.entries)
    if (!force && changes.length === 0 && !needsWrite(vault, read)) {
      entries = next
      health = 'ok'
      return
    }
    const written = await writeVault(keys, vault, { entries: next, kept: read.kept }, read)
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
  const vault = readVault_()
  if (vault === null) return
  const key = trustedKey(vault)
  if (key === null) return
  const sealed = await sealContents(
    vault,
    { entries: adds.map((change) => change.entry), kept: [] },
    key,
  )
  if (!appendSealed(sealed, key)) return
  pending = pending.filter((change) => change.kind !== 'add' || !adds.includes(change))
  health = 'ok'
}

async function applyLocked(change?: EntriesChange): Promise<PrivateEntriesSnapshot> {
  const removed = change?.kind === 'remove' ? change.id : null
  const unstored = (c: EntriesChange) => c.kind === 'add' && c.entry.id === removed
  // Taking back an addition that was never stored (the writer keeps its words) just drops it.
  if (removed !== null && pending.some(unstored)) pending = pending.filter((c) => !unstored(c))
  else if (change) pending.push(change)
  try {
    if (keys) await flush()
    else if (lockState() === 'locked') await sealPending()
    else if (pending.length > 0 && vaultTaken()) noteProblems({ vaultMissing: true })
  } catch (error) {
    if (!(error instanceof LockError)) throw error
    unreadable = true
    keys = null
    keysFor = null
    entries = []
  }
  return snapshot()
}

/** Reads the private entries and follows other tabs' changes, reporting them to `onChange`. */
export function openPrivateEntries(
  onChange: (snapshot: PrivateEntriesSnapshot) => void,
): PrivateEntriesSnapshot {
  if (!notify) follow()
  notify = onChange
  const vault = readVault_()
  if (readVaultRaw() === null) return plainSnapshot()
  if (vault) pinned ??= vault.publicKey
  plain.openPrivateEntries(onPlainChange)
  void serial(async () => {
    // A sweep that cannot seal (a stored key that is not one) leaves the plain list for the unlock.
    await sweep().catch(ignoreLockError)
    if (keys) await applyLocked()
    report()
  })
  return snapshot()
}

/**
 * Takes keys handed over by another tab if they open the vault as it is now (not some other vault)
 * and are keys this tab trusts. Keys for a vault not yet in this tab's storage wait for it: between
 * two renderer processes, the message can come before the write.
 */
async function takeKeys(message: UnlockedMessage): Promise<void> {
  const vault = readVault_()
  if (!vault) return
  if (vault.privateKey.ciphertext !== message.keysFor) {
    keysBeforeVault = message
    return
  }
  if (!(await keysOpen(message.keys, vault))) return
  // Only keys of the vault this tab trusts, or ones a passphrase change made from them: not those of
  // a vault someone put in its place.
  const trusted =
    pinned === null ||
    message.keys.publicKey === pinned ||
    (message.previous !== undefined && (await isPairOf(message.previous, pinned)))
  if (!trusted) return
  keys = message.keys
  keysFor = message.keysFor
  pinned = message.keys.publicKey
  unreadable = false
  if (globalThis.document?.visibilityState === 'hidden') {
    // Keys handed over while hidden start this tab's clock now.
    hiddenAt = Date.now()
    startClock()
  }
  await applyLocked()
}

const ignoreLockError = (error: unknown) => {
  if (!(error instanceof LockError)) throw error
}

/** Milliseconds hidden after which this tab locks. */
const lockAfterMs = () => lockAfterMinutes() * 60_000

/** Whether this tab's own clock says the entries should be locked by now. */
const clockRanOut = () => hiddenAt !== null && Date.now() - hiddenAt >= lockAfterMs()

/** Starts this tab's clock when it holds keys while hidden (however it came by them). */
function startClock(): void {
  const doc = globalThis.document
  if (!keys || doc?.visibilityState !== 'hidden') return
  hiddenAt ??= Date.now()
  clearTimeout(hiddenTimer)
  hiddenTimer = setTimeout(lockForAbsence, Math.max(0, hiddenAt + lockAfterMs() - Date.now()))
}

function follow(): void {
  if (typeof globalThis.addEventListener === 'function') {
    globalThis.addEventListener('storage', (event: StorageEvent) => {
      if (event.key !== VAULT_KEY && event.key !== ENTRIES_KEY && event.key !== null) return
      if (event.key === VAULT_KEY) unreadable = false
      // The vault gone (the lock removed, or storage cleared): this tab locks, and keeps trusting only
      // the key it knew, since whoever took the vault away may put another in its place.
      if ((event.key === VAULT_KEY || event.key === null) && event.newValue === null) lockHere()
      void serial(async () => {
        // Keys that came before their vault: it has arrived now, and they go first.
        const early = keysBeforeVault
        keysBeforeVault = null
        if (early && event.key === VAULT_KEY) await takeKeys(early)
        if (keys) await applyLocked()
        report()
      })
    })
  }
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL)
    channel.onmessage = (event: MessageEvent<LockMessage | null>) => {
      const message = event.data
      if (typeof message !== 'object' || message === null) return
      if (message.kind === 'locked') lockHere()
      else if (message.kind === 'ask' && keys && keysFor) {
        // A tab whose own clock ran out while hidden locks rather than hand its keys on.
        if (clockRanOut()) lockForAbsence()
        else post({ kind: 'unlocked', keys, keysFor })
      } else if (
        message.kind === 'in-use?' &&
        keys &&
        globalThis.document?.visibilityState === 'visible'
      )
        post({ kind: 'in-use' })
      else if (message.kind === 'unlocked' && keysFor !== message.keysFor && lockState() !== 'off')
        void serial(() => takeKeys(message)).then(() => report())
    }
    // A tab opened while another is unlocked opens unlocked too.
    if (readVaultRaw() !== null) post({ kind: 'ask' })
  }
  const doc = globalThis.document
  if (doc && typeof doc.addEventListener === 'function') {
    doc.addEventListener('visibilitychange', () => {
      if (doc.visibilityState === 'hidden') {
        hiddenAt = Date.now()
        startClock()
      } else {
        clearTimeout(hiddenTimer)
        // Timers sleep in hidden tabs: the time hidden decides, not whether the timer ran.
        if (keys && clockRanOut()) lockForAbsence()
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

/** Locks this tab: the keys and every decrypted text it held are let go. */
function lockHere(): void {
  keys = null
  keysFor = null
  keysBeforeVault = null
  entries = []
  problems = null
  clearTimeout(hiddenTimer)
  report()
}

/** Applies `change` (sealed when locked; kept in memory when it cannot be written yet). */
export function changePrivateEntries(
  change: EntriesChange,
): PrivateEntriesSnapshot | Promise<PrivateEntriesSnapshot> {
  if (readVaultRaw() === null && pending.length === 0 && !vaultTaken()) {
    return { ...plain.changePrivateEntries(change), lock: 'off' }
  }
  return serial(() => applyLocked(change))
}

/** Saves `text` as a new private entry; tells whether it reached storage. */
export function savePrivateEntry(
  text: string,
):
  | { entry: PrivateEntry; snapshot: PrivateEntriesSnapshot }
  | Promise<{ entry: PrivateEntry; snapshot: PrivateEntriesSnapshot }> {
  if (readVaultRaw() === null && pending.length === 0 && !vaultTaken()) {
    const saved = plain.savePrivateEntry(text)
    return { entry: saved.entry, snapshot: { ...saved.snapshot, lock: 'off' } }
  }
  // Locked, the ids in the vault cannot be read: a clash is settled when the entries are unlocked.
  const entry = createEntry(text, Date.now(), [...entries, ...addedEntries()])
  return serial(async () => ({ entry, snapshot: await applyLocked({ kind: 'add', entry }) }))
}

const addedEntries = () =>
  pending.flatMap((change) => (change.kind === 'add' ? [change.entry] : []))

/** Adds the entries of a restored copy whose id is not there yet; tells how many were added. */
export function mergePrivateEntries(
  incoming: readonly PrivateEntry[],
):
  | { added: number; snapshot: PrivateEntriesSnapshot }
  | Promise<{ added: number; snapshot: PrivateEntriesSnapshot }> {
  if (readVaultRaw() === null && pending.length === 0 && !vaultTaken()) {
    const merged = plain.mergePrivateEntries(incoming)
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
    const back = await readVault(made.keys, parseVault(readVaultRaw() ?? '')).catch(() => null)
    if (!back || serializeEntries(back.entries) !== serializeEntries(contents.entries)) {
      removeItem(VAULT_KEY)
      return { ok: false, kind: 'storage' }
    }
    pinned = made.keys.publicKey
    plain.resetSanctuaryMemory()
    removeItem(ENTRIES_KEY)
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
      const vault = parseVault(raw)
      const opened = await unlockVault(vault, passphrase)
      noteProblems((await readVault(opened, vault)).problems)
      if (kdfNeedsUpgrade(vault.kdf)) {
        const raised = await rewrapVault(vault, passphrase)
        // Only the wrap changes: it goes onto the vault as it is now, keeping other tabs' writes.
        const current = readVault_()
        if (current && current.key.ciphertext === vault.key.ciphertext)
          setItem(VAULT_KEY, JSON.stringify({ ...current, kdf: raised.kdf, key: raised.key }))
      }
      keys = opened
      keysFor = vault.privateKey.ciphertext
      pinned = opened.publicKey
      unreadable = false
      // What was left in plain beside the vault is sealed in now, to the key the unlock proved.
      await sweep().catch(ignoreLockError)
      await applyLocked()
    } catch (error) {
      if (!(error instanceof LockError)) throw error
      if (error.kind === 'unreadable') unreadable = true
      report()
      return { ok: false, kind: error.kind }
    }
    report()
    if (keys && keysFor) post({ kind: 'unlocked', keys, keysFor })
    return { ok: true }
  })
}

/** Locks the entries here and in every tab. */
export function lockNow(): void {
  if (readVaultRaw() === null) return
  lockHere()
  post({ kind: 'locked' })
}

/**
 * Changes the passphrase: a new data key and key pair, everything encrypted again under them, so the
 * old passphrase (and any copy of the old wrap) opens nothing written from now on. Other tabs are
 * handed the new keys.
 */
export function changePassphrase(current: string, next: string): Promise<LockOutcome> {
  return serial(async (): Promise<LockOutcome> => {
    const raw = readVaultRaw()
    if (raw === null) return { ok: false, kind: 'unreadable' }
    let made: Awaited<ReturnType<typeof rekeyVault>>
    let previous: VaultKeys
    try {
      const vault = parseVault(raw)
      previous = await unlockVault(vault, current)
      const read = await readVault(previous, vault)
      const list = pending.reduce(applyEntriesChange, read.entries)
      made = await rekeyVault({ ...read, entries: list }, next)
      if (readVaultRaw() !== raw) return { ok: false, kind: 'storage' }
      if (!setItem(VAULT_KEY, JSON.stringify(made.vault))) return { ok: false, kind: 'storage' }
      pending = []
      keys = made.keys
      keysFor = made.vault.privateKey.ciphertext
      pinned = made.keys.publicKey
      entries = list
      health = 'ok'
    } catch (error) {
      if (!(error instanceof LockError)) throw error
      return { ok: false, kind: error.kind }
    }
    report()
    post({
      kind: 'unlocked',
      keys: made.keys,
      keysFor: made.vault.privateKey.ciphertext,
      previous: previous.privateKey,
    })
    return { ok: true }
  })
}

/** A kept value may go back only under a backup key, and never over a value stored there now. */
const KEPT_KEY = new RegExp(`^${BACKUP_PREFIX}\\d+(-1)*$`)

/**
 * Removes the lock after the passphrase: the plain list (and any kept values) is written and read back
 * before the vault is removed. Only what the passphrase decrypts is written, and kept values only
 * under backup keys that are free, so nothing in the vault can overwrite the plain list.
 */
export function removeLock(passphrase: string): Promise<LockOutcome> {
  return serial(async (): Promise<LockOutcome> => {
    if (readVaultRaw() === null) return { ok: true }
    let all: VaultRead
    let raw: string | null
    try {
      const opened = await unlockVault(parseVault(readVaultRaw() ?? ''), passphrase)
      pinned = opened.publicKey
      // A plain list written beside the vault meanwhile is sealed in first, so the list written
      // below holds it rather than writing over it.
      await sweep().catch(ignoreLockError)
      raw = readVaultRaw()
      if (raw === null) return { ok: false, kind: 'storage' }
      const vault = parseVault(raw)
      all = await readVault(opened, vault)
    } catch (error) {
      if (!(error instanceof LockError)) throw error
      return { ok: false, kind: error.kind }
    }
    const list = pending.reduce(applyEntriesChange, all.entries)
    if (readVaultRaw() !== raw) return { ok: false, kind: 'storage' }
    if (!setItem(ENTRIES_KEY, serializeEntries(list))) return { ok: false, kind: 'storage' }
    for (const { key, value } of all.kept)
      if (KEPT_KEY.test(key) && storage()?.getItem(key) === null) setItem(key, value)
    removeItem(VAULT_KEY)
    pending = []
    pinned = null
    plain.resetSanctuaryMemory()
    lockHere()
    post({ kind: 'locked' })
    return { ok: true }
  })
}

/** The entries as they are now, for a copy (unlocked or lock off). */
export function currentEntries(): PrivateEntry[] {
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

export { downloadPrivateEntriesCopy } from '../plain-storage'

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
  keysBeforeVault = null
  clearTimeout(hiddenTimer)
}
