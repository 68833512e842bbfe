import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeStorage } from '../../fixtures/fake-storage'
import { privateEntry as entry } from '../../fixtures/entries'
import { askToPersist, isPersisted } from '../../../src/private-entries/persistence'

import { createPlainStorage, type PlainStorage } from '../../../src/private-entries/plain-storage'

const KEY = 'sanctuary-entries'

let storage: FakeStorage
let listeners: ((event: { key: string | null }) => void)[]
let plain: PlainStorage

beforeEach(() => {
  storage = new FakeStorage()
  listeners = []
  vi.stubGlobal('localStorage', storage)
  vi.stubGlobal(
    'addEventListener',
    (type: string, listener: (event: { key: string | null }) => void) => {
      if (type === 'storage') listeners.push(listener)
    },
  )
  plain = createPlainStorage()
})

afterEach(() => vi.useRealTimers())

const stored = () => JSON.parse(storage.getItem(KEY) ?? 'null') as unknown
const backups = () =>
  Object.entries(storage.dump()).filter(([key]) => key.startsWith('sanctuary-entries-backup-'))

describe('reading', () => {
  it('shows nothing stored as an empty list, and writes nothing', () => {
    const snapshot = plain.openPrivateEntries(() => undefined)
    expect(snapshot).toEqual({ entries: [], health: 'ok', unsavedChanges: 0, backupKey: null })
    expect(storage.dump()).toEqual({})
  })

  it('reads entries written in the original format', () => {
    storage.setItem(KEY, JSON.stringify([entry(1), entry(2)]))
    expect(plain.openPrivateEntries(() => undefined).entries).toEqual([entry(1), entry(2)])
    expect(backups()).toEqual([])
  })

  it('keeps corrupt content under a backup key before writing a clean list', () => {
    storage.setItem(KEY, '{oops')
    const snapshot = plain.openPrivateEntries(() => undefined)
    expect(snapshot.entries).toEqual([])
    expect(snapshot.backupKey).toMatch(/^sanctuary-entries-backup-\d+$/)
    expect(storage.getItem(snapshot.backupKey!)).toBe('{oops')
    expect(stored()).toEqual([])
    // Reading again finds it clean and makes no second copy.
    plain.openPrivateEntries(() => undefined)
    expect(backups()).toHaveLength(1)
  })

  it('keeps a copy of a list it had to repair, and the repaired entries', () => {
    const raw = JSON.stringify([{ text: 'no id or date' }, entry(3), { nope: true }])
    storage.setItem(KEY, raw)
    const snapshot = plain.openPrivateEntries(() => undefined)
    expect(snapshot.entries.map((e) => e.text)).toEqual(['no id or date', 'thought 3'])
    expect(storage.getItem(snapshot.backupKey!)).toBe(raw)
    expect(stored()).toEqual(snapshot.entries)
  })

  it('never writes over unreadable content it could not back up', () => {
    storage.setItem(KEY, '{oops')
    storage.quota = 10 // no room for a copy
    const snapshot = plain.changePrivateEntries({ kind: 'add', entry: entry(1) })
    expect(storage.getItem(KEY)).toBe('{oops')
    expect(snapshot).toMatchObject({ entries: [entry(1)], health: 'full', unsavedChanges: 1 })
    // With room again, the copy is made first, then the entry is written.
    storage.quota = Infinity
    const later = plain.changePrivateEntries({ kind: 'add', entry: entry(2) })
    expect(later).toMatchObject({ health: 'ok', unsavedChanges: 0 })
    expect(storage.getItem(later.backupKey!)).toBe('{oops')
    expect(stored()).toEqual([entry(1), entry(2)])
  })
})

describe('changing', () => {
  it('saves text untrimmed in the plain list and tells it reached storage', () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 })
    const { entry: saved, snapshot } = plain.savePrivateEntry('  keep my spaces \n')
    expect(saved).toEqual({
      id: 1_700_000_000_000,
      text: '  keep my spaces \n',
      date: new Date(1_700_000_000_000).toISOString(),
    })
    expect(snapshot).toMatchObject({ health: 'ok', unsavedChanges: 0 })
    expect(stored()).toEqual([saved])
  })

  it('applies each change to what is stored now, so another tab’s entries are kept', () => {
    plain.changePrivateEntries({ kind: 'add', entry: entry(1) })
    storage.setItem(KEY, JSON.stringify([entry(1), entry(2)])) // another tab saved
    plain.changePrivateEntries({ kind: 'add', entry: entry(3) })
    expect(stored()).toEqual([entry(1), entry(2), entry(3)])
    plain.changePrivateEntries({ kind: 'remove', id: 2 })
    expect(stored()).toEqual([entry(1), entry(3)])
  })

  it('keeps changes in memory when storage is full, and writes them once there is room', () => {
    storage.quota = 5
    const full = plain.changePrivateEntries({ kind: 'add', entry: entry(1) })
    expect(full).toMatchObject({ entries: [entry(1)], health: 'full', unsavedChanges: 1 })
    expect(storage.getItem(KEY)).toBeNull()
    const still = plain.changePrivateEntries({ kind: 'add', entry: entry(2) })
    expect(still).toMatchObject({ entries: [entry(1), entry(2)], unsavedChanges: 2 })
    storage.quota = Infinity
    const removed = plain.changePrivateEntries({ kind: 'remove', id: 1 })
    expect(removed).toMatchObject({ entries: [entry(2)], health: 'ok', unsavedChanges: 0 })
    expect(stored()).toEqual([entry(2)])
  })

  it('works in memory when storage is turned off', () => {
    storage.disabled = true
    const snapshot = plain.changePrivateEntries({ kind: 'add', entry: entry(1) })
    expect(snapshot).toMatchObject({
      entries: [entry(1)],
      health: 'unavailable',
      unsavedChanges: 1,
    })
  })

  it('works in memory when there is no localStorage at all', () => {
    vi.stubGlobal('localStorage', undefined)
    expect(plain.openPrivateEntries(() => undefined).health).toBe('unavailable')
  })

  it('merges a restored copy by id, without duplicates', () => {
    plain.changePrivateEntries({ kind: 'add', entry: entry(1) })
    const { added, snapshot } = plain.mergePrivateEntries([entry(1), entry(2), entry(2)])
    expect(added).toBe(1)
    expect(snapshot.entries).toEqual([entry(1), entry(2)])
    expect(stored()).toEqual([entry(1), entry(2)])
  })
})

describe('other tabs', () => {
  it('reports another tab’s change through the storage event', () => {
    const onChange = vi.fn()
    plain.openPrivateEntries(onChange)
    plain.openPrivateEntries(onChange)
    expect(listeners).toHaveLength(1)
    storage.setItem(KEY, JSON.stringify([entry(7)]))
    listeners[0]?.({ key: KEY })
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ entries: [entry(7)] }))
    onChange.mockClear()
    listeners[0]?.({ key: 'something-else' })
    expect(onChange).not.toHaveBeenCalled()
  })
})

describe('persistence', () => {
  it('asks the browser to persist where it can, and says null where it cannot', async () => {
    const persist = vi.fn(async () => true)
    vi.stubGlobal('navigator', { storage: { persist, persisted: async () => false } })
    expect(await askToPersist()).toBe(true)
    expect(persist).toHaveBeenCalledOnce()
    expect(await isPersisted()).toBe(false)
    vi.stubGlobal('navigator', {})
    expect(await askToPersist()).toBeNull()
    expect(await isPersisted()).toBeNull()
  })
})
