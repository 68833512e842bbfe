import { beforeEach, describe, expect, it, vi } from 'vitest'

const api = vi.hoisted(() => ({ fetchVoidPage: vi.fn() }))
vi.mock('../../../src/lib/void-api', () => api)

let startVoidFirstPageEarly: (pathname: string) => void
let takeVoidFirstPage: () => Promise<unknown> | null

beforeEach(async () => {
  api.fetchVoidPage.mockReset()
  vi.useRealTimers()
  vi.resetModules()
  ;({ startVoidFirstPageEarly, takeVoidFirstPage } =
    await import('../../../src/lib/void-first-page'))
})

describe('the first page asked for early', () => {
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
