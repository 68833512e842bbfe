import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPlainStorage } from '../../../src/private-entries/plain-storage'
import { createAppStore as createStore } from '../../../src/store'
import { FakeStorage } from '../../fixtures/fake-storage'
import { privateEntry as entry } from '../../fixtures/entries'

const KEY = 'sanctuary-entries'

/** A fresh store connected to the entries' storage, as the app connects its own. */
function createAppStore() {
  const store = createStore()
  store.getState().connectPrivateEntries(async () => createPlainStorage())
  return store
}

let storage: FakeStorage
const stored = () => JSON.parse(storage.getItem(KEY) ?? 'null') as unknown

beforeEach(() => {
  storage = new FakeStorage()
  vi.stubGlobal('localStorage', storage)
})

describe('entries slice', () => {
  it('starts empty and unloaded, then loads what is stored', async () => {
    storage.setItem(KEY, JSON.stringify([entry(1)]))
    const store = createAppStore()
    expect(store.getState().privateEntries).toEqual([])
    expect(store.getState().privateStorage.loaded).toBe(false)
    await store.getState().loadEntries()
    expect(store.getState().privateEntries).toEqual([entry(1)])
    expect(store.getState().privateStorage).toEqual({
      loaded: true,
      health: 'ok',
      unsavedChanges: 0,
      backupKey: null,
    })
  })

  it('appends a saved entry after the stored ones and mirrors it', async () => {
    storage.setItem(KEY, JSON.stringify([entry(1)]))
    const store = createAppStore()
    const { entry: saved, stored: reached } = await store.getState().saveEntry(' words ')
    expect(reached).toBe(true)
    expect(saved.text).toBe(' words ')
    expect(store.getState().privateEntries).toEqual([entry(1), saved])
    expect(stored()).toEqual([entry(1), saved])
  })

  it('removes for good, and mirrors that too', async () => {
    storage.setItem(KEY, JSON.stringify([entry(1), entry(2)]))
    const store = createAppStore()
    expect(await store.getState().removeEntry(1)).toBe(true)
    expect(store.getState().privateEntries).toEqual([entry(2)])
    expect(stored()).toEqual([entry(2)])
  })

  it('restores an entry (a refused or withdrawn offer) once, mirrored to storage', async () => {
    storage.setItem(KEY, JSON.stringify([entry(1), entry(3)]))
    const store = createAppStore()
    store.getState().restoreEntry(entry(2))
    store.getState().restoreEntry(entry(2))
    await vi.waitFor(() => expect(stored()).toEqual([entry(1), entry(2), entry(3)]))
    expect(store.getState().privateEntries).toEqual([entry(1), entry(2), entry(3)])
  })

  it('once loaded, writes a restored entry before restoreEntry returns', async () => {
    const store = createAppStore()
    await store.getState().loadEntries()
    store.getState().restoreEntry(entry(5))
    expect(stored()).toEqual([entry(5)])
    expect(store.getState().privateEntries).toEqual([entry(5)])
  })

  it('keeps a save in memory and says so when storage is full', async () => {
    storage.quota = 5
    const store = createAppStore()
    const { stored: reached } = await store.getState().saveEntry('words')
    expect(reached).toBe(false)
    expect(store.getState().privateEntries.map((e) => e.text)).toEqual(['words'])
    expect(store.getState().privateStorage).toMatchObject({ health: 'full', unsavedChanges: 1 })
  })

  it('merges a restored copy by id', async () => {
    storage.setItem(KEY, JSON.stringify([entry(1)]))
    const store = createAppStore()
    expect(await store.getState().mergeEntries([entry(1), entry(2)])).toEqual({
      added: 1,
      stored: true,
    })
    expect(stored()).toEqual([entry(1), entry(2)])
  })
})
