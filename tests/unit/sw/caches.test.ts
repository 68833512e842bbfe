import { describe, expect, it } from 'vitest'
import { RUNTIME_CACHES, deleteStaleCaches } from '../../../sw/caches'
import { VOID_FEED_CACHE } from '../../../sw/void-feed-runtime-cache'
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
})
