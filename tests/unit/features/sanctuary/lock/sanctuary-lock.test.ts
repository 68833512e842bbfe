/**
 * The storage behind the lock (src/features/sanctuary/lock/sanctuary-lock.ts), in Node over a fake
 * localStorage: the plain list untouched while the lock is off, nothing lost when a step fails or a
 * page closes half-way, sealing while locked, and unlocking folding everything in.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeStorage } from '../../../../fixtures/fake-storage'
import { sanctuaryEntry as entry } from '../../../../fixtures/entries'
import {
  createVault,
  parseVault,
  unlockVault,
  openContents,
} from '../../../../../src/features/sanctuary/lock/envelope'

type LockModule = typeof import('../../../../../src/features/sanctuary/lock/sanctuary-lock')

const KEY = 'sanctuary-entries'
const VAULT = 'sanctuary-vault'
const FAST = 1_000

let storage: FakeStorage
let lock: LockModule

beforeEach(async () => {
  storage = new FakeStorage()
  vi.stubGlobal('localStorage', storage)
  vi.stubGlobal('addEventListener', () => undefined)
  vi.resetModules()
  lock = await import('../../../../../src/features/sanctuary/lock/sanctuary-lock')
})

describe('with the lock off', () => {
  it('writes SPEC.md’s plain list and nothing else', () => {
    lock.openSanctuary(() => undefined)
    const saved = lock.saveSanctuaryEntry('plain words')
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
    lock.openSanctuary(() => undefined)
    vi.spyOn(storage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    expect(await lock.turnLockOn('a passphrase', FAST)).toEqual({ ok: false, kind: 'storage' })
    expect(JSON.parse(storage.getItem(KEY)!)).toEqual([entry(1)])
    expect(storage.getItem(VAULT)).toBeNull()
  })

  it('moves the list and its backups into the vault, then removes them', async () => {
    storage.setItem(KEY, JSON.stringify([entry(1)]))
    storage.setItem('sanctuary-entries-backup-5', 'not json')
    lock.openSanctuary(() => undefined)
    expect(await lock.turnLockOn('a passphrase', FAST)).toEqual({ ok: true })
    expect(Object.keys(storage.dump())).toEqual([VAULT])
    const vault = parseVault(storage.getItem(VAULT)!)
    expect(await openContents(await unlockVault(vault, 'a passphrase'), vault)).toEqual({
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
    const snapshot = lock.openSanctuary(() => opened())
    expect(snapshot).toMatchObject({ entries: [], lock: 'locked' })
    await reported
    expect(storage.getItem(KEY)).toBeNull()
    expect(storage.getItem(VAULT)).not.toContain(entry(2).text)
    expect(await lock.unlock('a passphrase')).toEqual({ ok: true })
    expect(lock.currentEntries()).toEqual([entry(1), entry(2)])
  })
})

describe('while locked', () => {
  it('seals a new entry without the passphrase; unlocking folds it in and raises the KDF', async () => {
    const { vault } = await createVault('a passphrase', { entries: [entry(1)], kept: [] }, FAST)
    storage.setItem(VAULT, JSON.stringify(vault))
    lock.openSanctuary(() => undefined)
    const { snapshot } = await lock.saveSanctuaryEntry('written while locked')
    expect(snapshot).toMatchObject({ entries: [], unsavedChanges: 0, lock: 'locked' })
    expect(storage.getItem(VAULT)).not.toContain('written while locked')
    expect(parseVault(storage.getItem(VAULT)!).sealed).toHaveLength(1)
    expect(await lock.unlock('not it')).toEqual({ ok: false, kind: 'wrong-passphrase' })
    expect(await lock.unlock('a passphrase')).toEqual({ ok: true })
    expect(lock.currentEntries().map((e) => e.text)).toEqual([
      entry(1).text,
      'written while locked',
    ])
    const after = parseVault(storage.getItem(VAULT)!)
    expect(after.sealed).toEqual([])
    expect(after.kdf.iterations).toBe(600_000)
    lock.lockNow()
    expect(lock.currentEntries()).toEqual([])
  })

  it('removing the lock writes the plain list before the vault goes', async () => {
    const { vault } = await createVault('a passphrase', { entries: [entry(1)], kept: [] }, FAST)
    storage.setItem(VAULT, JSON.stringify(vault))
    lock.openSanctuary(() => undefined)
    expect(await lock.removeLock('not it')).toEqual({ ok: false, kind: 'wrong-passphrase' })
    expect(storage.getItem(KEY)).toBeNull()
    expect(await lock.removeLock('a passphrase')).toEqual({ ok: true })
    expect(JSON.parse(storage.getItem(KEY)!)).toEqual([entry(1)])
    expect(storage.getItem(VAULT)).toBeNull()
  })
})
