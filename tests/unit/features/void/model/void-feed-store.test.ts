import { describe, expect, it } from 'vitest'
import { createVoidFeedStore } from '../../../../../src/features/void/model/void-feed-store'

const row = (id: number) => ({ id, text: `t${id}`, created_at: `2025-01-05T10:${id}:00+00:00` })

describe('the Void feed slice', () => {
  it('goes from loading to ready with the first page', () => {
    const store = createVoidFeedStore()
    store.getState().startVoidFeed()
    expect(store.getState().voidFeed.status).toBe('loading')
    store
      .getState()
      .showVoidFeed({ thoughts: [row(3), row(2)], total: 3, hasMore: true, fetchedAt: null })
    expect(store.getState().voidFeed).toMatchObject({ status: 'ready', total: 3, hasMore: true })
  })

  it('appends a page once, skipping rows already shown', () => {
    const store = createVoidFeedStore()
    store
      .getState()
      .showVoidFeed({ thoughts: [row(5), row(4)], total: 4, hasMore: true, fetchedAt: null })
    store.getState().setVoidFeedMore('loading')
    store.getState().appendVoidPage([row(4), row(3), row(2)], false)
    const { voidFeed } = store.getState()
    expect(voidFeed.thoughts.map((t) => t.id)).toEqual([5, 4, 3, 2])
    expect(voidFeed).toMatchObject({ hasMore: false, more: 'idle' })
  })

  it('keeps a shown feed when a reload starts or fails', () => {
    const store = createVoidFeedStore()
    store.getState().showVoidFeed({ thoughts: [row(1)], total: 1, hasMore: false, fetchedAt: null })
    store.getState().startVoidFeed()
    store.getState().failVoidFeed()
    expect(store.getState().voidFeed).toMatchObject({ status: 'ready', thoughts: [row(1)] })
  })

  it('fails to the error state when nothing was shown', () => {
    const store = createVoidFeedStore()
    store.getState().startVoidFeed()
    store.getState().failVoidFeed()
    expect(store.getState().voidFeed.status).toBe('error')
  })
})
