import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EARLY_FIRST_PAGE_GLOBAL } from '../../../../../src/shared/void-page-query'

const api = vi.hoisted(() => ({ fetchVoidPage: vi.fn(), fetchVoidCount: vi.fn() }))
vi.mock(import('../../../../../src/features/void/api/void-api'), async (original) => ({
  ...(await original()),
  fetchVoidPage: api.fetchVoidPage,
  fetchVoidCount: api.fetchVoidCount,
}))

let startVoidFirstPageEarly: (pathname: string) => void
let takeVoidFirstPage: () => Promise<unknown> | null

beforeEach(async () => {
  api.fetchVoidPage.mockReset()
  api.fetchVoidCount.mockReset().mockResolvedValue(null)
  vi.useRealTimers()
  vi.resetModules()
  ;({ startVoidFirstPageEarly, takeVoidFirstPage } =
    await import('../../../../../src/features/void/api/void-first-page'))
})

const holder = globalThis as unknown as Record<string, unknown>

afterEach(() => {
  delete holder[EARLY_FIRST_PAGE_GLOBAL]
})

/** What index.html's inline start leaves when the address is /void (an older one asked no count). */
function inlineStart(
  response: Promise<Response>,
  startedAt = Date.now(),
  count?: Promise<Response>,
) {
  holder[EARLY_FIRST_PAGE_GLOBAL] = { response, startedAt, ...(count ? { count } : {}) }
}

const ROW = { id: 7, text: 'Set down', created_at: '2025-01-05T10:30:00+00:00' }

describe('the first page asked for early', () => {
  it('takes the request index.html started instead of making one, and reads it as its own', async () => {
    inlineStart(
      Promise.resolve(new Response(JSON.stringify([ROW]))),
      Date.now(),
      Promise.resolve(new Response('12')),
    )
    startVoidFirstPageEarly('/void')
    expect(api.fetchVoidPage).not.toHaveBeenCalled()
    await expect(takeVoidFirstPage()).resolves.toEqual({ rows: [ROW], total: 12, cachedAt: null })
    expect(api.fetchVoidCount).not.toHaveBeenCalled()
    expect(takeVoidFirstPage()).toBeNull()
  })

  it('shows the page when its count fails, and asks the count itself when index.html did not', async () => {
    inlineStart(
      Promise.resolve(new Response(JSON.stringify([ROW]))),
      Date.now(),
      Promise.reject(new TypeError('Failed to fetch')),
    )
    await expect(takeVoidFirstPage()).resolves.toEqual({ rows: [ROW], total: null, cachedAt: null })

    vi.resetModules()
    ;({ startVoidFirstPageEarly, takeVoidFirstPage } =
      await import('../../../../../src/features/void/api/void-first-page'))
    api.fetchVoidCount.mockResolvedValueOnce(40)
    inlineStart(Promise.resolve(new Response(JSON.stringify([ROW]))))
    await expect(takeVoidFirstPage()).resolves.toEqual({ rows: [ROW], total: 40, cachedAt: null })
  })

  it('hands index.html’s request to a screen that asks before the app’s start has looked', async () => {
    inlineStart(Promise.resolve(new Response(JSON.stringify([ROW]))))
    await expect(takeVoidFirstPage()).resolves.toMatchObject({ rows: [ROW] })
    expect(api.fetchVoidPage).not.toHaveBeenCalled()
  })

  it('turns index.html’s timed-out request into the app’s own error, and a refusal into its message', async () => {
    inlineStart(Promise.reject(new DOMException('The operation was aborted.', 'AbortError')))
    await expect(takeVoidFirstPage()).rejects.toThrow('The Void did not answer in time')
    vi.resetModules()
    ;({ startVoidFirstPageEarly, takeVoidFirstPage } =
      await import('../../../../../src/features/void/api/void-first-page'))
    inlineStart(
      Promise.resolve(
        new Response(JSON.stringify({ code: 'PGRST', message: 'No such table' }), { status: 404 }),
      ),
    )
    await expect(takeVoidFirstPage()).rejects.toThrow('No such table')
  })

  it('leaves a stale request from index.html unused', () => {
    inlineStart(Promise.resolve(new Response('[]')), Date.now() - 11_000)
    expect(takeVoidFirstPage()).toBeNull()
  })

  it('starts the first page with its total on /void only, and hands it out once', async () => {
    startVoidFirstPageEarly('/')
    startVoidFirstPageEarly('/return')
    expect(api.fetchVoidPage).not.toHaveBeenCalled()

    const page = { rows: [], total: 0, cachedAt: null }
    api.fetchVoidPage.mockResolvedValueOnce(page)
    startVoidFirstPageEarly('/void')
    expect(api.fetchVoidPage).toHaveBeenCalledWith(null, { withTotal: true })
    await expect(takeVoidFirstPage()).resolves.toBe(page)
    expect(takeVoidFirstPage()).toBeNull()
  })

  it('makes no request once the screen has asked first', () => {
    expect(takeVoidFirstPage()).toBeNull()
    startVoidFirstPageEarly('/void')
    expect(api.fetchVoidPage).not.toHaveBeenCalled()
  })

  it('is not used once it is stale', () => {
    vi.useFakeTimers()
    api.fetchVoidPage.mockResolvedValueOnce({ rows: [], total: 0, cachedAt: null })
    startVoidFirstPageEarly('/void')
    vi.advanceTimersByTime(11_000)
    expect(takeVoidFirstPage()).toBeNull()
  })

  it('leaves a failure to the screen that takes it', async () => {
    api.fetchVoidPage.mockRejectedValueOnce(new Error('offline'))
    startVoidFirstPageEarly('/void')
    await expect(takeVoidFirstPage()).rejects.toThrow('offline')
  })
})
