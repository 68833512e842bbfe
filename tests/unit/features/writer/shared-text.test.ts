import { describe, expect, it, vi } from 'vitest'
import { findSharedText, takeSharedText } from '../../../../src/features/writer/shared-text'
import { SHARE_CACHE, shareKey } from '../../../../src/shared/share-inbox'
import { fakeCaches } from '../../sw/fake-caches'

async function withShares(...texts: string[]) {
  const { cacheStorage } = fakeCaches()
  const cache = await cacheStorage.open(SHARE_CACHE)
  // Put in reverse: the key's time, not the order of insertion, decides.
  for (const [at, text] of [...texts.entries()].reverse())
    await cache.put(shareKey('https://x', at, 'n'), new Response(text))
  return { cacheStorage, cache }
}

describe('findSharedText', () => {
  it('joins the waiting shares oldest first and forgets them only when told', async () => {
    const { cacheStorage, cache } = await withShares('one', ' ', 'two')
    const shared = await findSharedText(cacheStorage)
    expect(shared?.text).toBe('one\n\ntwo')
    expect(await cache.keys()).toHaveLength(3)
    await shared!.taken()
    expect(await cache.keys()).toHaveLength(0)
  })

  it('answers null without making the cache when there is none', async () => {
    const { cacheStorage } = fakeCaches()
    expect(await findSharedText(cacheStorage)).toBeNull()
    expect(await cacheStorage.has(SHARE_CACHE)).toBe(false)
  })
})

describe('takeSharedText', () => {
  it('inserts after the draft once, even when asked twice at once', async () => {
    const { cacheStorage } = await withShares('shared')
    const drafts: string[] = []
    const insert = vi.fn((join: (draft: string) => string) => drafts.push(join('draft')) > 0)
    await Promise.all([takeSharedText(insert, cacheStorage), takeSharedText(insert, cacheStorage)])
    expect(insert).toHaveBeenCalledOnce()
    expect(drafts).toEqual(['draft\n\nshared'])
    // An empty draft is replaced rather than followed.
    const again = await withShares('alone')
    await takeSharedText((join) => drafts.push(join(' \n')) > 0, again.cacheStorage)
    expect(drafts[1]).toBe('alone')
  })

  it('keeps the share when the editor is gone', async () => {
    const { cacheStorage, cache } = await withShares('keep me')
    await takeSharedText(() => false, cacheStorage)
    expect(await cache.keys()).toHaveLength(1)
  })

  it('keeps the share when the editor could not take it', async () => {
    const { cacheStorage, cache } = await withShares('keep me')
    await takeSharedText(() => {
      throw new Error('no editor')
    }, cacheStorage)
    expect(await cache.keys()).toHaveLength(1)
  })
})
