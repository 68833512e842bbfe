import { describe, expect, it } from 'vitest'
import {
  VOID_FEED_CACHE_KEY,
  readCachedVoidFeed,
  writeCachedVoidFeed,
} from '../../../../../src/features/void/model/void-feed-cache'

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial))
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

const feed = {
  thoughts: [{ id: 2, text: 'second\nline', created_at: '2025-01-05T10:30:00.123456+00:00' }],
  total: 2,
  fetchedAt: '2025-01-05T10:31:00.000Z',
}

describe('the cached Void feed', () => {
  it('gives back what was written', () => {
    const storage = memoryStorage()
    writeCachedVoidFeed(feed, storage)
    expect(readCachedVoidFeed(storage)).toEqual(feed)
  })

  it('is null when nothing was kept', () => {
    expect(readCachedVoidFeed(memoryStorage())).toBeNull()
    expect(readCachedVoidFeed(null)).toBeNull()
  })

  it('ignores corrupt or foreign content instead of trusting it', () => {
    for (const raw of [
      '{not json',
      'null',
      '[]',
      JSON.stringify({ ...feed, thoughts: [{ id: '1', text: 'x', created_at: 'y' }] }),
      JSON.stringify({ ...feed, fetchedAt: 'yesterday' }),
      JSON.stringify({ ...feed, total: '3' }),
    ]) {
      expect(readCachedVoidFeed(memoryStorage({ [VOID_FEED_CACHE_KEY]: raw }))).toBeNull()
    }
  })

  it('does not throw when the storage refuses to write', () => {
    const full = {
      ...memoryStorage(),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
    }
    expect(() => writeCachedVoidFeed(feed, full)).not.toThrow()
  })
})
