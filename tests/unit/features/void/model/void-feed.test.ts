import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { VoidPage } from '../../../../../src/features/void/api/void-api'
import type { CachedVoidFeed } from '../../../../../src/features/void/model/void-feed-cache'
import { useVoidFeedStore } from '../../../../../src/features/void/model/void-feed-store'

const api = vi.hoisted(() => ({ fetchVoidPage: vi.fn() }))
const cache = vi.hoisted(() => ({ stored: null as CachedVoidFeed | null }))
vi.mock('../../../../../src/features/void/api/void-api', () => api)
vi.mock('../../../../../src/features/void/model/void-feed-cache', () => ({
  readCachedVoidFeed: () => cache.stored,
  writeCachedVoidFeed: (feed: CachedVoidFeed) => {
    cache.stored = feed
  },
}))

const { loadMoreVoidThoughts, loadVoidFeed, loadVoidFeedBeforeFirstRender, loadVoidFeedOnArrival } =
  await import('../../../../../src/features/void/model/void-feed')

const row = (id: number) => ({
  id,
  text: `thought ${id}`,
  created_at: `2025-01-05T10:30:00.${String(id).padStart(6, '0')}+00:00`,
})
const page = (from: number, count: number): VoidPage['rows'] =>
  Array.from({ length: count }, (_, i) => row(from - i))

beforeEach(() => {
  // Resetting the whole store would swap in actions bound to another store: reset the feed's data only.
  useVoidFeedStore.setState({ voidFeed: useVoidFeedStore.getInitialState().voidFeed })
  cache.stored = null
  api.fetchVoidPage.mockReset()
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

describe('loading The Void', () => {
  it('shows the first page with the total, keeps a copy, and pages by the last row', async () => {
    api.fetchVoidPage.mockResolvedValueOnce({ rows: page(120, 50), total: 120, cachedAt: null })
    await loadVoidFeed()
    expect(api.fetchVoidPage).toHaveBeenCalledWith(null, { withTotal: true })
    expect(useVoidFeedStore.getState().voidFeed).toMatchObject({
      status: 'ready',
      total: 120,
      hasMore: true,
    })
    expect(cache.stored?.thoughts).toHaveLength(50)

    api.fetchVoidPage.mockResolvedValueOnce({ rows: page(70, 50), total: null, cachedAt: null })
    await loadMoreVoidThoughts()
    expect(api.fetchVoidPage).toHaveBeenLastCalledWith({ created_at: row(71).created_at, id: 71 })
    expect(useVoidFeedStore.getState().voidFeed.thoughts).toHaveLength(100)
  })

  it('never asks for the same next page twice at once', async () => {
    api.fetchVoidPage.mockResolvedValueOnce({ rows: page(120, 50), total: 120, cachedAt: null })
    await loadVoidFeed()
    let answer: (value: VoidPage) => void = () => {}
    api.fetchVoidPage.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
    const first = loadMoreVoidThoughts()
    const second = loadMoreVoidThoughts()
    answer({ rows: page(70, 20), total: null, cachedAt: null })
    await Promise.all([first, second])
    expect(api.fetchVoidPage).toHaveBeenCalledTimes(2)
    expect(useVoidFeedStore.getState().voidFeed).toMatchObject({ hasMore: false, more: 'idle' })
    await loadMoreVoidThoughts()
    expect(api.fetchVoidPage).toHaveBeenCalledTimes(2)
  })

  it('shows the feed kept by the app, with its time, when the wall cannot be reached', async () => {
    cache.stored = { thoughts: [row(1)], total: 1, fetchedAt: '2025-01-05T10:31:00.000Z' }
    api.fetchVoidPage.mockRejectedValueOnce(new Error('offline'))
    await loadVoidFeed()
    expect(useVoidFeedStore.getState().voidFeed).toMatchObject({
      status: 'ready',
      thoughts: [row(1)],
      fetchedAt: '2025-01-05T10:31:00.000Z',
      hasMore: false,
    })
  })

  it('shows the service worker’s cached answer with its time, without keeping it as fresh', async () => {
    api.fetchVoidPage.mockResolvedValueOnce({
      rows: page(120, 50),
      total: 120,
      cachedAt: '2025-01-04T08:00:00.000Z',
    })
    await loadVoidFeed()
    expect(useVoidFeedStore.getState().voidFeed).toMatchObject({
      fetchedAt: '2025-01-04T08:00:00.000Z',
      hasMore: false,
    })
    expect(cache.stored).toBeNull()
  })

  it('paints the kept feed at once without a note, then refreshes it in place', async () => {
    cache.stored = { thoughts: [row(1)], total: 1, fetchedAt: '2025-01-05T10:31:00.000Z' }
    let answer: (value: VoidPage) => void = () => {}
    api.fetchVoidPage.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
    const loading = loadVoidFeed()
    expect(useVoidFeedStore.getState().voidFeed).toMatchObject({
      status: 'ready',
      thoughts: [row(1)],
      fetchedAt: null,
    })
    answer({ rows: [row(2), row(1)], total: 2, cachedAt: null })
    await loading
    expect(useVoidFeedStore.getState().voidFeed).toMatchObject({
      status: 'ready',
      thoughts: [row(2), row(1)],
      total: 2,
      fetchedAt: null,
    })
  })

  it('adds the "last fetched" time to the kept feed only when its refresh fails', async () => {
    cache.stored = { thoughts: [row(1)], total: 1, fetchedAt: '2025-01-05T10:31:00.000Z' }
    let fail: (error: Error) => void = () => {}
    api.fetchVoidPage.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)))
    const loading = loadVoidFeed()
    expect(useVoidFeedStore.getState().voidFeed.fetchedAt).toBeNull()
    fail(new Error('offline'))
    await loading
    expect(useVoidFeedStore.getState().voidFeed).toMatchObject({
      thoughts: [row(1)],
      fetchedAt: '2025-01-05T10:31:00.000Z',
      hasMore: false,
    })
  })

  it('ends in the error state, not loading, with nothing kept', async () => {
    api.fetchVoidPage.mockRejectedValueOnce(new Error('offline'))
    await loadVoidFeed()
    expect(useVoidFeedStore.getState().voidFeed.status).toBe('error')
  })

  it('marks a failed next page for a retry, without losing what is shown', async () => {
    api.fetchVoidPage.mockResolvedValueOnce({ rows: page(120, 50), total: 120, cachedAt: null })
    await loadVoidFeed()
    api.fetchVoidPage.mockRejectedValueOnce(new Error('offline'))
    await loadMoreVoidThoughts()
    expect(useVoidFeedStore.getState().voidFeed).toMatchObject({ more: 'error' })
    expect(useVoidFeedStore.getState().voidFeed.thoughts).toHaveLength(50)
  })
})

describe('the first page before the first render (issue 16)', () => {
  it('is on the wall when the answer comes in time, and the screen’s arrival does not ask again', async () => {
    api.fetchVoidPage.mockResolvedValueOnce({ rows: page(120, 50), total: 120, cachedAt: null })
    await loadVoidFeedBeforeFirstRender(500)
    expect(useVoidFeedStore.getState().voidFeed).toMatchObject({ status: 'ready', total: 120 })
    await loadVoidFeedOnArrival()
    // React's development mode runs the screen's effect twice: still one request.
    await loadVoidFeedOnArrival()
    expect(api.fetchVoidPage).toHaveBeenCalledTimes(1)
    // A later arrival (the visitor came back to The Void) loads it again.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 11_000)
      api.fetchVoidPage.mockResolvedValueOnce({ rows: page(121, 50), total: 121, cachedAt: null })
      await loadVoidFeedOnArrival()
    } finally {
      vi.useRealTimers()
    }
    expect(api.fetchVoidPage).toHaveBeenCalledTimes(2)
    expect(useVoidFeedStore.getState().voidFeed.total).toBe(121)
  })

  it('does not wait when the feed kept on this device is on the wall already', async () => {
    cache.stored = { thoughts: page(80, 50), total: 80, fetchedAt: '2025-01-05T10:00:00.000Z' }
    // The network is slow: the kept feed is painted at once, and refreshed when it answers.
    let answer: (value: VoidPage) => void = () => {}
    api.fetchVoidPage.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
    let waited = false
    void loadVoidFeedBeforeFirstRender(60_000).then(() => (waited = true))
    await Promise.resolve()
    expect(waited).toBe(true)
    expect(useVoidFeedStore.getState().voidFeed).toMatchObject({ status: 'ready', total: 80 })
    answer({ rows: page(81, 50), total: 81, cachedAt: null })
    await loadVoidFeedOnArrival()
    expect(useVoidFeedStore.getState().voidFeed.total).toBe(81)
    expect(api.fetchVoidPage).toHaveBeenCalledTimes(1)
  })

  it('waits no longer than asked: the screen renders "loading", and the answer still lands once', async () => {
    vi.useFakeTimers()
    try {
      let answer: (value: VoidPage) => void = () => {}
      api.fetchVoidPage.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
      let waited = false
      const wait = loadVoidFeedBeforeFirstRender(500).then(() => (waited = true))
      await vi.advanceTimersByTimeAsync(499)
      expect(waited).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      await wait
      expect(useVoidFeedStore.getState().voidFeed.status).toBe('loading')
      // The screen arrives while the page is on its way: it waits for the same request.
      const arrival = loadVoidFeedOnArrival()
      answer({ rows: page(120, 50), total: 120, cachedAt: null })
      await arrival
      expect(api.fetchVoidPage).toHaveBeenCalledTimes(1)
      expect(useVoidFeedStore.getState().voidFeed).toMatchObject({ status: 'ready', total: 120 })
    } finally {
      vi.useRealTimers()
    }
  })
})
