import { afterEach, describe, expect, it, vi } from 'vitest'
import { fetchVoidPage } from '../../../src/lib/void-api'
import { CACHED_AT_HEADER } from '../../../src/shared/void-page-query'
import { env } from '../../../src/lib/env'

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
  it('sends the anon key and asks for the total on the first page only', async () => {
    const fetch = answer(200, [row], { 'content-range': '0-0/1' })
    const page = await fetchVoidPage(null, { withTotal: true })
    expect(page).toEqual({ rows: [row], total: 1, cachedAt: null })
    const [url, init] = fetch.mock.calls[0]!
    expect(url.startsWith(`${env.supabaseUrl}/rest/v1/void_thoughts?select=`)).toBe(true)
    expect(init?.headers).toMatchObject({
      apikey: env.supabaseAnonKey,
      Authorization: `Bearer ${env.supabaseAnonKey}`,
      'Accept-Profile': 'public',
      Prefer: 'count=exact',
    })

    answer(200, [])
    await fetchVoidPage({ created_at: row.created_at, id: row.id })
    const [, later] = vi.mocked(globalThis.fetch).mock.calls[0]!
    expect((later?.headers as Record<string, string>).Prefer).toBeUndefined()
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
