import { describe, expect, it } from 'vitest'
import {
  withFresh,
  withRevealed,
  freshNotShown,
} from '../../../../../src/features/void/model/new-thoughts'
import { createVoidFeedStore } from '../../../../../src/features/void/model/void-feed-store'

const row = (id: number) => ({
  id,
  text: `t${id}`,
  created_at: `2025-01-05T10:${String(id).padStart(2, '0')}:00+00:00`,
})

function feedOf(ids: number[], total: number) {
  const store = createVoidFeedStore()
  store.getState().showVoidFeed({ thoughts: ids.map(row), total, hasMore: false, fetchedAt: null })
  return store
}

describe('the live wall in the feed', () => {
  it('keeps newer rows apart until revealed, then shows them on top and grows the total', () => {
    let feed = feedOf([5, 4], 2).getState().voidFeed
    // A row already shown, or older than the newest shown, is never fresh; repeats are dropped.
    feed = withFresh(feed, [row(4), row(6), row(7)])
    feed = withFresh(feed, [row(7), row(8)])
    expect(feed.fresh.map((t) => t.id)).toEqual([6, 7, 8])
    expect(feed.thoughts.map((t) => t.id)).toEqual([5, 4])
    expect(feed.total).toBe(2)
    feed = withRevealed(feed, [row(6), row(8)])
    expect(feed.thoughts.map((t) => t.id)).toEqual([8, 6, 5, 4])
    expect(feed).toMatchObject({ total: 4, revealed: 2 })
    expect(feed.fresh.map((t) => t.id)).toEqual([7])
  })

  it('a reloaded first page: the fresh rows it shows are no longer new, newer ones still are', () => {
    const store = feedOf([5], 1)
    store.setState(({ voidFeed }) => ({ voidFeed: withFresh(voidFeed, [row(6), row(7)]) }))
    store
      .getState()
      .showVoidFeed({ thoughts: [row(6), row(5)], total: 2, hasMore: false, fetchedAt: null })
    const { voidFeed } = store.getState()
    expect(freshNotShown(voidFeed).map((t) => t.id)).toEqual([7])
    expect(voidFeed).toMatchObject({ total: 2, revealed: 0 })
    // Revealing then counts only the row not shown: the total is not counted twice.
    expect(withRevealed(voidFeed, freshNotShown(voidFeed))).toMatchObject({ total: 3 })
  })

  it('an empty wall takes its first thoughts', () => {
    let feed = feedOf([], 0).getState().voidFeed
    feed = withFresh(feed, [row(2), row(1)])
    feed = withRevealed(feed, feed.fresh)
    expect(feed.thoughts.map((t) => t.id)).toEqual([2, 1])
    expect(feed.total).toBe(2)
  })
})
