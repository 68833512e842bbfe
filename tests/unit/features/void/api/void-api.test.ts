import { afterEach, describe, expect, it, vi } from 'vitest'
import { fetchVoidPage } from '../../../../../src/features/void/api/void-api'
import { CACHED_AT_HEADER } from '../../../../../src/shared/void-page-query'
import { env } from '../../../../../src/lib/env'

const row = { id: 3, text: 'a\nb', created_at: '2025-01-05T10:30:00.123456+00:00' }

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fetch = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      }),
  )
  vi.stubGlobal('fetch', fetch)
  return fetch
}

afterEach(() => {
  vi.useRealTimers()
})

describe('fetchVoidPage', () => {
  it('sends the anon key and asks the count the database keeps beside the first page only', async () => {
    const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
      url.includes('/rpc/')
        ? Response.json(1234567)
        : Response.json([row], { headers: { 'content-range': '0-0/*' } }),
    )
    vi.stubGlobal('fetch', fetch)
    const page = await fetchVoidPage(null, { withTotal: true })
    expect(page).toEqual({ rows: [row], total: 1234567, cachedAt: null })
    const urls = fetch.mock.calls.map(([url]) => url).sort()
    expect(urls).toEqual([
      `${env.supabaseUrl}/rest/v1/rpc/void_thought_count`,
      expect.stringMatching(`^${env.supabaseUrl}/rest/v1/void_thoughts\\?select=`),
    ])
    for (const [, init] of fetch.mock.calls) {
      expect(init?.headers).toMatchObject({
        apikey: env.supabaseAnonKey,
        Authorization: `Bearer ${env.supabaseAnonKey}`,
        'Accept-Profile': 'public',
      })
      // Nothing makes the database count every row.
      expect((init?.headers as Record<string, string>).Prefer).toBeUndefined()
    }

    answer(200, [])
    await fetchVoidPage({ created_at: row.created_at, id: row.id })
    expect(vi.mocked(globalThis.fetch).mock.calls).toHaveLength(1)
    const [, later] = vi.mocked(globalThis.fetch).mock.calls[0]!
    expect((later?.headers as Record<string, string>).Prefer).toBeUndefined()
  })

  it('without the counter (a bare spec table: 404), asks PostgREST for an estimated count', async () => {
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.includes('/rpc/'))
        return Response.json({ code: 'PGRST202', message: 'no function' }, { status: 404 })
      if (init?.method === 'HEAD')
        return new Response(null, { status: 206, headers: { 'content-range': '0-0/4321' } })
      return Response.json([row], { headers: { 'content-range': '0-0/*' } })
    })
    vi.stubGlobal('fetch', fetch)
    expect((await fetchVoidPage(null, { withTotal: true })).total).toBe(4321)
    const head = fetch.mock.calls.find(([, init]) => init?.method === 'HEAD')!
    expect(head[0]).toBe(`${env.supabaseUrl}/rest/v1/void_thoughts?select=id&limit=1`)
    expect((head[1]?.headers as Record<string, string>).Prefer).toBe('count=estimated')
  })

  it('shows the page without a total when the count cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.includes('/rpc/')
          ? Response.json({ code: 'PGRST000', message: 'down' }, { status: 503 })
          : Response.json([row]),
      ),
    )
    expect(await fetchVoidPage(null, { withTotal: true })).toEqual({
      rows: [row],
      total: null,
      cachedAt: null,
    })
  })

  it('reports when the service worker answered from its cache', async () => {
    answer(200, [row], { [CACHED_AT_HEADER]: '2025-03-01T08:15:00.000Z' })
    expect((await fetchVoidPage(null)).cachedAt).toBe('2025-03-01T08:15:00.000Z')
  })

  it('throws with the backend’s message on an error answer', async () => {
    answer(503, { code: 'PGRST000', message: 'Database unavailable', details: null, hint: null })
    await expect(fetchVoidPage(null)).rejects.toThrow('Database unavailable')
  })

  it('throws on an answer that is not a page of thoughts', async () => {
    answer(200, { rows: [] })
    await expect(fetchVoidPage(null)).rejects.toThrow('not a page of thoughts')
  })

  it('gives up after the timeout instead of waiting forever', async () => {
    vi.useFakeTimers()
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          ),
        ),
    )
    const page = fetchVoidPage(null, { timeoutMs: 1000 })
    const failed = expect(page).rejects.toThrow('did not answer in time')
    await vi.advanceTimersByTimeAsync(1000)
    await failed
  })
})
