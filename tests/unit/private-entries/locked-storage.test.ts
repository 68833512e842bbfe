/**
 * The storage behind the lock (src/private-entries/lock/locked-storage.ts), in Node over a fake
 * localStorage: the plain list untouched while the lock is off, nothing lost when a step fails or a
 * page closes half-way, sealing while locked, and unlocking folding everything in.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeStorage } from '../../fixtures/fake-storage'
import { privateEntry as entry } from '../../fixtures/entries'
import {
  createVault,
  parseVault,
  readVault,
  rekeyVault,
  sealContents,
  unlockVault,
} from '../../../src/private-entries/lock/envelope'
import { createVaultV1 } from '../../fixtures/vault-v1'

import {
  createPrivateEntries,
  type PrivateEntries,
} from '../../../src/private-entries/lock/locked-storage'

const KEY = 'sanctuary-entries'
const VAULT = 'sanctuary-vault'
const FAST = 1_000

let storage: FakeStorage
let entries: PrivateEntries

beforeEach(() => {
  storage = new FakeStorage()
  vi.stubGlobal('localStorage', storage)
  vi.stubGlobal('addEventListener', () => undefined)
  entries = createPrivateEntries()
})

describe('with the lock off', () => {
  it('writes the specification’s plain list and nothing else', () => {
    entries.openPrivateEntries(() => undefined)
    const saved = entries.savePrivateEntry('plain words')
    expect(saved).not.toBeInstanceOf(Promise)
    expect(JSON.parse(storage.getItem(KEY)!)).toEqual([
      { id: expect.any(Number), text: 'plain words', date: expect.any(String) },
    ])
    expect(Object.keys(storage.dump())).toEqual([KEY])
  })
})

describe('turning the lock on', () => {
  it('keeps the plain list when the vault cannot be written', async () => {
    storage.setItem(KEY, JSON.stringify([entry(1)]))
    entries.openPrivateEntries(() => undefined)
    vi.spyOn(storage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    expect(await entries.lock.turnLockOn('a passphrase', FAST)).toEqual({
      ok: false,
      kind: 'storage',
    })
    expect(JSON.parse(storage.getItem(KEY)!)).toEqual([entry(1)])
    expect(storage.getItem(VAULT)).toBeNull()
  })

  it('moves the list and its backups into the vault, then removes them', async () => {
    storage.setItem(KEY, JSON.stringify([entry(1)]))
    storage.setItem('sanctuary-entries-backup-5', 'not json')
    entries.openPrivateEntries(() => undefined)
    expect(await entries.lock.turnLockOn('a passphrase', FAST)).toEqual({ ok: true })
    expect(Object.keys(storage.dump())).toEqual([VAULT])
    const vault = parseVault(storage.getItem(VAULT)!)
    expect(await readVault(await unlockVault(vault, 'a passphrase'), vault)).toMatchObject({
      entries: [entry(1)],
      kept: [{ key: 'sanctuary-entries-backup-5', value: 'not json' }],
    })
  })
})

describe('a page closed half-way', () => {
  it('a vault beside a plain list that was never removed: the list is sealed in, then removed', async () => {
    const { vault } = await createVault('a passphrase', { entries: [entry(1)], kept: [] }, FAST)
    storage.setItem(VAULT, JSON.stringify(vault))
    storage.setItem(KEY, JSON.stringify([entry(1), entry(2)]))
    let opened = () => undefined as void
    const reported = new Promise<void>((resolve) => (opened = resolve))
    const snapshot = entries.openPrivateEntries(() => opened())
    expect(snapshot).toMatchObject({ entries: [], lock: 'locked' })
    await reported
    expect(storage.getItem(KEY)).toBeNull()
    expect(storage.getItem(VAULT)).not.toContain(entry(2).text)
    expect(await entries.lock.unlock('a passphrase')).toEqual({ ok: true })
    expect(entries.currentEntries()).toEqual([entry(1), entry(2)])
  })
})

describe('while locked', () => {
  it('seals a new entry without the passphrase; unlocking folds it in and raises the KDF', async () => {
    const { vault } = await createVault('a passphrase', { entries: [entry(1)], kept: [] }, FAST)
    storage.setItem(VAULT, JSON.stringify(vault))
    entries.openPrivateEntries(() => undefined)
    const { snapshot } = await entries.savePrivateEntry('written while locked')
    expect(snapshot).toMatchObject({ entries: [], unsavedChanges: 0, lock: 'locked' })
    expect(storage.getItem(VAULT)).not.toContain('written while locked')
    expect(parseVault(storage.getItem(VAULT)!).sealed).toHaveLength(1)
    expect(await entries.lock.unlock('not it')).toEqual({ ok: false, kind: 'wrong-passphrase' })
    expect(await entries.lock.unlock('a passphrase')).toEqual({ ok: true })
    expect(entries.currentEntries().map((e) => e.text)).toEqual([
      entry(1).text,
      'written while locked',
    ])
    const after = parseVault(storage.getItem(VAULT)!)
    expect(after.sealed).toEqual([])
    expect(after.kdf.iterations).toBe(600_000)
    entries.lock.lockNow()
    expect(entries.currentEntries()).toEqual([])
  })

  it('removing the lock writes the plain list before the vault goes', async () => {
    const { vault } = await createVault('a passphrase', { entries: [entry(1)], kept: [] }, FAST)
    storage.setItem(VAULT, JSON.stringify(vault))
    entries.openPrivateEntries(() => undefined)
    expect(await entries.lock.removeLock('not it')).toEqual({ ok: false, kind: 'wrong-passphrase' })
    expect(storage.getItem(KEY)).toBeNull()
    expect(await entries.lock.removeLock('a passphrase')).toEqual({ ok: true })
    expect(JSON.parse(storage.getItem(KEY)!)).toEqual([entry(1)])
    expect(storage.getItem(VAULT)).toBeNull()
  })
})

describe('someone holding the device', () => {
  it('swaps the stored public key: a tab seals nothing to it, keeps the thought, and the unlock puts it right', async () => {
    const { vault } = await createVault('a passphrase', { entries: [entry(1)], kept: [] }, FAST)
    storage.setItem(VAULT, JSON.stringify(vault))
    entries.openPrivateEntries(() => undefined)
    const theirs = await createVault('theirs', { entries: [], kept: [] }, FAST)
    storage.setItem(VAULT, JSON.stringify({ ...vault, publicKey: theirs.vault.publicKey }))
    const { snapshot } = await entries.savePrivateEntry('not for their eyes')
    expect(snapshot.unsavedChanges).toBe(1)
    expect(entries.lock.lockProblems()).toMatchObject({ sealRefused: true })
    const stored = parseVault(storage.getItem(VAULT)!)
    expect(stored.sealed).toEqual([])
    expect(await entries.lock.unlock('a passphrase')).toEqual({ ok: true })
    expect(entries.currentEntries().map((e) => e.text)).toEqual([
      entry(1).text,
      'not for their eyes',
    ])
    expect(entries.lock.lockProblems()).toMatchObject({ keyChanged: true })
    expect(parseVault(storage.getItem(VAULT)!).publicKey).toBe(vault.publicKey)
    const theirKeys = await unlockVault(theirs.vault, 'theirs')
    const repaired = parseVault(storage.getItem(VAULT)!)
    expect((await readVault(theirKeys, repaired)).entries).toEqual([])
    entries.lock.lockNow()
    expect(entries.lock.lockProblems()).toBeNull()
  })

  it('a new passphrase: the old one opens nothing, not even a copy of the old wrap put back', async () => {
    const { vault } = await createVault('first words', { entries: [entry(1)], kept: [] }, FAST)
    storage.setItem(VAULT, JSON.stringify(vault))
    entries.openPrivateEntries(() => undefined)
    expect(await entries.lock.unlock('first words')).toEqual({ ok: true })
    expect(await entries.lock.changePassphrase('first words', 'second words')).toEqual({ ok: true })
    await entries.savePrivateEntry('after the change')
    const now = parseVault(storage.getItem(VAULT)!)
    expect(now.publicKey).not.toBe(vault.publicKey)
    const grafted = { ...now, kdf: vault.kdf, key: vault.key }
    await expect(unlockVault(grafted, 'first words')).rejects.toMatchObject({ kind: 'unreadable' })
    const keys = await unlockVault(now, 'second words')
    expect((await readVault(keys, now)).entries.map((e) => e.text)).toEqual([
      entry(1).text,
      'after the change',
    ])
    expect(entries.currentEntries()).toHaveLength(2)
  })

  it('removing the lock writes only what the passphrase decrypts: a forged kept value cannot overwrite anything', async () => {
    const { vault } = await createVault('a passphrase', { entries: [entry(1)], kept: [] }, FAST)
    // Anyone can seal to the public key: a forged addition names the plain list and another key.
    const forged = await sealContents(vault, {
      entries: [],
      kept: [
        { key: KEY, value: '[{"id":1,"text":"planted","date":"2025-01-01T00:00:00.000Z"}]' },
        { key: 'another-app-key', value: 'planted' },
        { key: 'sanctuary-entries-backup-7', value: 'kept aside' },
      ],
    })
    storage.setItem('sanctuary-entries-backup-8', 'already here')
    storage.setItem(VAULT, JSON.stringify({ ...vault, sealed: [forged] }))
    entries.openPrivateEntries(() => undefined)
    expect(await entries.lock.removeLock('a passphrase')).toEqual({ ok: true })
    expect(JSON.parse(storage.getItem(KEY)!)).toEqual([entry(1)])
    expect(storage.getItem('another-app-key')).toBeNull()
    expect(storage.getItem('sanctuary-entries-backup-7')).toBe('kept aside')
    expect(storage.getItem('sanctuary-entries-backup-8')).toBe('already here')
  })

  it('damages one item: the unlock shows the rest and says how many could not be read', async () => {
    const { vault } = await createVault(
      'a passphrase',
      { entries: [entry(1), entry(2)], kept: [] },
      FAST,
    )
    const item = vault.items[0]!
    const bytes = Buffer.from(item.ciphertext, 'base64')
    bytes[3]! ^= 1
    const damaged = {
      ...vault,
      items: [{ ...item, ciphertext: bytes.toString('base64') }, vault.items[1]!],
    }
    storage.setItem(VAULT, JSON.stringify(damaged))
    entries.openPrivateEntries(() => undefined)
    expect(await entries.lock.unlock('a passphrase')).toEqual({ ok: true })
    expect(entries.currentEntries()).toEqual([entry(2)])
    expect(entries.lock.lockProblems()).toMatchObject({ damaged: 1 })
  })

  it('opens a vault of version 1 and writes it in today’s form', async () => {
    const v1 = await createVaultV1('earlier words', { entries: [entry(1)], kept: [] })
    storage.setItem(VAULT, JSON.stringify(v1))
    entries.openPrivateEntries(() => undefined)
    await entries.savePrivateEntry('sealed to the old vault')
    expect(await entries.lock.unlock('earlier words')).toEqual({ ok: true })
    expect(entries.currentEntries().map((e) => e.text)).toEqual([
      entry(1).text,
      'sealed to the old vault',
    ])
    expect(parseVault(storage.getItem(VAULT)!)).toMatchObject({ version: 2, sealed: [] })
  })
})

describe('someone holding the device, after a hostile review', () => {
  it('takes the vault away while the app is open: the next thought is not written in plain text', async () => {
    const { vault } = await createVault('a passphrase', { entries: [entry(1)], kept: [] }, FAST)
    const stored = JSON.stringify(vault)
    storage.setItem(VAULT, stored)
    entries.openPrivateEntries(() => undefined)
    storage.removeItem(VAULT)
    const { entry: saved, snapshot } = await entries.savePrivateEntry('for my eyes only')
    expect(snapshot.unsavedChanges).toBe(1)
    expect(storage.getItem(KEY)).toBeNull()
    expect(entries.lock.lockProblems()).toMatchObject({ vaultMissing: true })
    // The writer keeps the words and takes the entry back: nothing waits to be written later.
    expect(
      (await entries.changePrivateEntries({ kind: 'remove', id: saved.id })).unsavedChanges,
    ).toBe(0)
    storage.setItem(VAULT, stored)
    expect(await entries.lock.unlock('a passphrase')).toEqual({ ok: true })
    expect(entries.currentEntries()).toEqual([entry(1)])
  })

  it('an unlock says so when it finds entries written in plain beside the vault', async () => {
    const { vault } = await createVault('a passphrase', { entries: [entry(1)], kept: [] }, FAST)
    storage.setItem(VAULT, JSON.stringify(vault))
    storage.setItem(KEY, JSON.stringify([entry(2)]))
    expect(await entries.lock.unlock('a passphrase')).toEqual({ ok: true })
    expect(entries.currentEntries()).toEqual([entry(1), entry(2)])
    expect(storage.getItem(KEY)).toBeNull()
    expect(entries.lock.lockProblems()).toMatchObject({ foundUnlocked: 1 })
  })

  it('plants entries whose ids cannot be stepped: they are refused, and the unlock ends', async () => {
    const { vault } = await createVault('a passphrase', { entries: [entry(1)], kept: [] }, FAST)
    const planted = await sealContents(vault, {
      entries: [
        { id: 2 ** 53, text: 'a', date: entry(1).date },
        { id: 2 ** 53, text: 'b', date: entry(1).date },
      ],
      kept: [],
    })
    storage.setItem(VAULT, JSON.stringify({ ...vault, sealed: [planted] }))
    expect(await entries.lock.unlock('a passphrase')).toEqual({ ok: true })
    expect(entries.currentEntries()).toEqual([entry(1)])
    expect(entries.lock.lockProblems()).toMatchObject({ damaged: 1 })
  })

  it('stores a public key that is not one: the unlock still works, and a save while locked says it was not stored', async () => {
    const { vault } = await createVault('a passphrase', { entries: [entry(1)], kept: [] }, FAST)
    storage.setItem(VAULT, JSON.stringify({ ...vault, publicKey: 'AAAA' }))
    storage.setItem('sanctuary-entries-backup-1', 'kept aside')
    entries.openPrivateEntries(() => undefined)
    const { snapshot } = await entries.savePrivateEntry('while the key is broken')
    expect(snapshot.unsavedChanges).toBe(1)
    expect(await entries.lock.unlock('a passphrase')).toEqual({ ok: true })
    expect(entries.currentEntries().map((e) => e.text)).toContain(entry(1).text)
    expect(parseVault(storage.getItem(VAULT)!).publicKey).toBe(vault.publicKey)
  })

  it('removing the lock keeps a plain list written beside the vault after it was opened', async () => {
    const { vault } = await createVault('a passphrase', { entries: [entry(1)], kept: [] }, FAST)
    storage.setItem(VAULT, JSON.stringify(vault))
    let opened = () => undefined as void
    const reported = new Promise<void>((resolve) => (opened = resolve))
    entries.openPrivateEntries(() => opened())
    await reported
    // Another tab, still without the lock, writes the plain list after this one swept.
    storage.setItem(KEY, JSON.stringify([entry(2)]))
    expect(await entries.lock.removeLock('a passphrase')).toEqual({ ok: true })
    expect(JSON.parse(storage.getItem(KEY)!)).toEqual([entry(1), entry(2)])
  })
})

/** A BroadcastChannel between the tabs of one test: each message reaches the others a task later. */
class InProcessChannel extends EventTarget {
  static open: InProcessChannel[] = []
  onmessage: ((event: MessageEvent) => void) | null = null
  constructor(readonly name: string) {
    super()
    InProcessChannel.open.push(this)
  }
  postMessage(data: unknown): void {
    for (const other of InProcessChannel.open) {
      if (other === this || other.name !== this.name) continue
      setTimeout(() => {
        const event = new MessageEvent('message', { data })
        other.onmessage?.(event)
        other.dispatchEvent(event)
      })
    }
  }
  close(): void {
    InProcessChannel.open = InProcessChannel.open.filter((channel) => channel !== this)
  }
}

describe('two tabs', () => {
  it('keys handed over before the new vault reaches this tab are taken when it arrives, not lost to the old ones', async () => {
    const storageListeners: ((event: StorageEvent) => void)[] = []
    vi.stubGlobal('addEventListener', (type: string, listener: (event: StorageEvent) => void) => {
      if (type === 'storage') storageListeners.push(listener)
    })
    // Node's own channel cannot clone a CryptoKey; browsers can, and this one hands the message over.
    vi.stubGlobal('BroadcastChannel', InProcessChannel)
    entries = createPrivateEntries()
    const { vault } = await createVault(
      'the old passphrase',
      { entries: [entry(1)], kept: [] },
      FAST,
    )
    storage.setItem(VAULT, JSON.stringify(vault))
    let next = () => undefined as void
    const nextReport = () => new Promise<void>((resolve) => (next = resolve))
    let opened = nextReport()
    entries.openPrivateEntries(() => next())
    await opened
    expect(await entries.lock.unlock('the old passphrase')).toEqual({ ok: true })

    // The other tab changes the passphrase; its message arrives here before its write to storage
    // does, as it can between two renderer processes.
    const previous = await unlockVault(parseVault(storage.getItem(VAULT)!), 'the old passphrase')
    const read = await readVault(previous, parseVault(storage.getItem(VAULT)!))
    const made = await rekeyVault(read, 'a new passphrase', FAST)
    const otherTab = new InProcessChannel('unburden-sanctuary-lock')
    opened = nextReport()
    otherTab.postMessage({
      kind: 'unlocked',
      keys: made.keys,
      keysFor: made.vault.privateKey.ciphertext,
      previous: previous.privateKey,
    })
    await opened
    otherTab.close()

    opened = nextReport()
    const newValue = JSON.stringify(made.vault)
    storage.setItem(VAULT, newValue)
    for (const listener of storageListeners) listener({ key: VAULT, newValue } as StorageEvent)
    await opened
    expect(entries.lockState()).toBe('unlocked')
    expect(entries.currentEntries()).toEqual([entry(1)])
  })
})
