import { describe, expect, it } from 'vitest'
import { RUNTIME_CACHES, deleteStaleCaches } from '../../../sw/caches'
import { VOID_FEED_CACHE } from '../../../sw/void-feed-runtime-cache'
import { SHARE_CACHE } from '../../../src/shared/share-inbox'
import { fakeCaches } from './fake-caches'

describe('deleteStaleCaches', () => {
  it('deletes older unburden- caches and keeps the current ones and workbox precaches', async () => {
    const { cacheStorage } = fakeCaches()
    for (const name of [
      'unburden-void-feed-v0',
      VOID_FEED_CACHE,
      'workbox-precache-v2-http://x/',
      'unburden-old',
    ])
      await cacheStorage.open(name)
    expect((await deleteStaleCaches(cacheStorage)).sort()).toEqual([
      'unburden-old',
      'unburden-void-feed-v0',
    ])
    expect((await cacheStorage.keys()).sort()).toEqual(
      [VOID_FEED_CACHE, 'workbox-precache-v2-http://x/'].sort(),
    )
    expect(RUNTIME_CACHES).toContain(VOID_FEED_CACHE)
  })

  it('keeps the share cache, which may hold words the writer has not taken yet', async () => {
    const { cacheStorage } = fakeCaches()
    await cacheStorage.open(SHARE_CACHE)
    expect(await deleteStaleCaches(cacheStorage)).toEqual([])
    expect(await cacheStorage.has(SHARE_CACHE)).toBe(true)
  })
})
