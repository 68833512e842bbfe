import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { VOID_FEED_CACHE, answerVoidFeed } from '../../../sw/void-feed-runtime-cache'
import {
  CACHED_AT_HEADER,
  isVoidFeedFirstPage,
  voidPageQuery,
} from '../../../src/shared/void-page-query'
import { voidNewerQuery } from '../../../src/features/void/api/void-newer-query'
import { fakeCaches } from './fake-caches'

const API = 'http://localhost:54321/rest/v1/void_thoughts'
// Built from the app's own query, so renaming a column or a parameter breaks this test.
const FIRST_PAGE = `${API}?${voidPageQuery(null)}`
const LATER_PAGE = `${API}?${voidPageQuery({ created_at: '2025-01-05T10:30:00+00:00', id: 9 })}`
const feed = (texts: string[]) =>
  new Response(
    JSON.stringify(
      texts.map((text, i) => ({ id: i + 1, text, created_at: '2025-01-05T10:30:00Z' })),
    ),
    {
      status: 200,
      headers: {
        'content-type': 'application/json',
        'content-range': `0-${texts.length - 1}/${texts.length}`,
      },
    },
  )

let caches: ReturnType<typeof fakeCaches>
let pending: Promise<unknown>[]
const deps = (fetch: (r: Request) => Promise<Response>) => ({
  fetch,
  caches: caches.cacheStorage,
  waitUntil: (work: Promise<unknown>) => void pending.push(work),
  now: () => Date.parse('2025-01-05T10:30:00.000Z'),
})

beforeEach(() => {
  caches = fakeCaches()
  pending = []
})
afterEach(() => vi.useRealTimers())

describe('isVoidFeedFirstPage', () => {
  it('matches the first page GET, with or without offset 0', () => {
    expect(isVoidFeedFirstPage(new URL(FIRST_PAGE), 'GET')).toBe(true)
    expect(isVoidFeedFirstPage(new URL(`${FIRST_PAGE}&offset=0`), 'GET')).toBe(true)
    expect(
      isVoidFeedFirstPage(new URL('https://abc.supabase.co/rest/v1/void_thoughts?select=*'), 'GET'),
    ).toBe(true)
  })

  it('never matches a POST, a later page, another table or an auth path', () => {
    expect(isVoidFeedFirstPage(new URL(`${API}?on_conflict=client_id`), 'POST')).toBe(false)
    expect(isVoidFeedFirstPage(new URL(FIRST_PAGE), 'POST')).toBe(false)
    expect(isVoidFeedFirstPage(new URL(LATER_PAGE), 'GET')).toBe(false)
    expect(isVoidFeedFirstPage(new URL(`${FIRST_PAGE}&created_at=lt.2025-01-05`), 'GET')).toBe(
      false,
    )
    expect(isVoidFeedFirstPage(new URL(`${FIRST_PAGE}&offset=50`), 'GET')).toBe(false)
    expect(isVoidFeedFirstPage(new URL(`${API}?${voidNewerQuery(null)}`), 'GET')).toBe(false)
    expect(
      isVoidFeedFirstPage(new URL('http://localhost:54321/rest/v1/other?select=*'), 'GET'),
    ).toBe(false)
    expect(isVoidFeedFirstPage(new URL('http://localhost:54321/auth/v1/user'), 'GET')).toBe(false)
  })
})

describe('answerVoidFeed', () => {
  it('answers from the network and stores a stamped copy', async () => {
    const response = await answerVoidFeed(
      new Request(FIRST_PAGE),
      deps(async () => feed(['fresh'])),
    )
    expect(response.headers.get(CACHED_AT_HEADER)).toBeNull()
    expect((await response.json())[0].text).toBe('fresh')
    await Promise.all(pending)
    const stored = await (await caches.cacheStorage.open(VOID_FEED_CACHE)).match(FIRST_PAGE)
    expect(stored?.headers.get(CACHED_AT_HEADER)).toBe('2025-01-05T10:30:00.000Z')
    expect(stored?.headers.get('content-range')).toBe('0-0/1')
  })

  it('a 206 (a counted first page of a wall longer than a page) is answered and stored', async () => {
    const partial = (text: string) =>
      new Response(JSON.stringify([{ id: 60, text, created_at: '2025-01-05T10:30:00Z' }]), {
        status: 206,
        headers: { 'content-type': 'application/json', 'content-range': '0-49/60' },
      })
    const online = await answerVoidFeed(
      new Request(FIRST_PAGE),
      deps(async () => partial('a')),
    )
    expect(online.status).toBe(206)
    expect((await online.json())[0].text).toBe('a')
    await Promise.all(pending)
    const offline = await answerVoidFeed(
      new Request(FIRST_PAGE),
      deps(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    expect(offline.ok).toBe(true)
    expect(offline.headers.get(CACHED_AT_HEADER)).toBe('2025-01-05T10:30:00.000Z')
    expect(offline.headers.get('content-range')).toBe('0-49/60')
    expect((await offline.json())[0].text).toBe('a')
  })

  it('offline: answers the last feed, marked with when it was stored', async () => {
    await answerVoidFeed(
      new Request(FIRST_PAGE),
      deps(async () => feed(['kept'])),
    )
    await Promise.all(pending)
    const offline = await answerVoidFeed(
      new Request(FIRST_PAGE),
      deps(() => Promise.reject(new TypeError('Failed to fetch'))),
    )
    expect(offline.status).toBe(200)
    expect(offline.headers.get(CACHED_AT_HEADER)).toBe('2025-01-05T10:30:00.000Z')
    expect((await offline.json())[0].text).toBe('kept')
  })

  it('a 5xx counts as a failure: the cached feed is shown, and the cache is not overwritten', async () => {
    await answerVoidFeed(
      new Request(FIRST_PAGE),
      deps(async () => feed(['kept'])),
    )
    await Promise.all(pending)
    const answer = await answerVoidFeed(
      new Request(FIRST_PAGE),
      deps(async () => new Response('{"message":"down"}', { status: 503 })),
    )
    expect(answer.status).toBe(200)
    expect((await answer.json())[0].text).toBe('kept')
  })

  it('a 5xx with nothing cached reaches the page as it came', async () => {
    const answer = await answerVoidFeed(
      new Request(FIRST_PAGE),
      deps(async () => new Response('{"message":"down"}', { status: 503 })),
    )
    expect(answer.status).toBe(503)
  })

  it('a failure with nothing cached is a network error', async () => {
    const answer = await answerVoidFeed(
      new Request(FIRST_PAGE),
      deps(() => Promise.reject(new TypeError('Failed to fetch'))),
    )
    expect(answer.type).toBe('error')
  })

  it('after 3 s without an answer, shows the cached feed; the late answer refreshes the cache', async () => {
    await answerVoidFeed(
      new Request(FIRST_PAGE),
      deps(async () => feed(['old'])),
    )
    await Promise.all(pending)
    vi.useFakeTimers()
    let arrive!: (r: Response) => void
    const slow = () => new Promise<Response>((resolve) => (arrive = resolve))
    const answer = answerVoidFeed(new Request(FIRST_PAGE), deps(slow))
    await vi.advanceTimersByTimeAsync(2999)
    let settled = false
    void answer.then(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect((await (await answer).json())[0].text).toBe('old')
    arrive(feed(['late']))
    await Promise.all(pending)
    const stored = await (await caches.cacheStorage.open(VOID_FEED_CACHE)).match(FIRST_PAGE)
    expect((await stored!.json())[0].text).toBe('late')
  })

  it('slow with nothing cached: waits for the network rather than failing', async () => {
    vi.useFakeTimers()
    let arrive!: (r: Response) => void
    const answer = answerVoidFeed(
      new Request(FIRST_PAGE),
      deps(() => new Promise<Response>((resolve) => (arrive = resolve))),
    )
    await vi.advanceTimersByTimeAsync(5000)
    arrive(feed(['eventually']))
    expect((await (await answer).json())[0].text).toBe('eventually')
  })
})
