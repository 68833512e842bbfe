import { afterEach, describe, expect, it, vi } from 'vitest'
import { earlyStartScript } from '../../../scripts/void-early-start'
import { EARLY_FIRST_PAGE_GLOBAL, voidPageQuery } from '../../../src/shared/void-page-query'

const KEY = 'anon-key'

afterEach(() => {
  vi.useRealTimers()
})

/**
 * Runs the inline script on `pathname` with a recording document and fetch; `links` and `fetch`
 * hold what it did at once, `next()` runs the next task it leaves for later.
 */
function runAt(pathname: string, supabaseUrl?: string) {
  vi.useFakeTimers()
  const script = earlyStartScript({
    supabaseUrl,
    anonKey: KEY,
    screens: {
      '/void': {
        scripts: ['/assets/void-screen-1.js', '/assets/display-date-2.js'],
        styles: ['/assets/void-screen-3.css'],
      },
      '/return': { scripts: ['/assets/return-screen-4.js', '/assets/lock-5.js'], styles: [] },
      '/help': { scripts: ['/assets/help-screen-6.js'], styles: [] },
    },
  })
  const links: { rel: string; href: string; as?: string; crossOrigin: string }[] = []
  const document = {
    createElement: () => ({}) as (typeof links)[number],
    head: { appendChild: (link: (typeof links)[number]) => links.push(link) },
  }
  const fetch = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response('[]')))
  const window: Record<string, unknown> = {}
  new Function('location', 'document', 'fetch', 'window', script)(
    { pathname, hostname: 'phone.local' },
    document,
    fetch,
    window,
  )
  return { links, fetch, window, next: () => vi.advanceTimersToNextTimer() }
}

describe("index.html's inline start", () => {
  it('on /void, asks for the first page and the counter as the app does, and preloads the screen', () => {
    const { links, fetch, window, next } = runAt('/void', 'http://localhost:54414/')
    // Nothing in the parser's task: the page's request in the next task, then the count's, then one
    // preload a task.
    expect(fetch).not.toHaveBeenCalled()
    next()
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      `http://localhost:54414/rest/v1/void_thoughts?${voidPageQuery(null)}`,
    ])
    expect(links).toEqual([])
    next()
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      `http://localhost:54414/rest/v1/void_thoughts?${voidPageQuery(null)}`,
      'http://localhost:54414/rest/v1/rpc/void_thought_count',
    ])
    for (const [, init] of fetch.mock.calls) {
      // Never count=exact: the count comes from the database's counter.
      expect(init.headers).toEqual({
        apikey: KEY,
        Authorization: `Bearer ${KEY}`,
        'Accept-Profile': 'public',
        Accept: 'application/json',
      })
      expect(init.signal).toBeInstanceOf(AbortSignal)
    }
    expect(window[EARLY_FIRST_PAGE_GLOBAL]).toMatchObject({
      response: expect.any(Promise),
      count: expect.any(Promise),
      startedAt: expect.any(Number),
    })
    const all = [
      { rel: 'modulepreload', href: '/assets/void-screen-1.js', crossOrigin: '' },
      { rel: 'modulepreload', href: '/assets/display-date-2.js', crossOrigin: '' },
      { rel: 'preload', as: 'style', href: '/assets/void-screen-3.css', crossOrigin: '' },
    ]
    expect(links).toEqual([])
    for (let task = 1; task <= all.length; task++) {
      next()
      expect(links).toEqual(all.slice(0, task))
    }
    next()
    expect(links).toEqual(all)
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('without a configured backend, asks the local one on the host that served the app', () => {
    const { fetch, next } = runAt('/void')
    next()
    expect(fetch.mock.calls[0]?.[0]).toMatch(
      /^http:\/\/phone\.local:54321\/rest\/v1\/void_thoughts\?/,
    )
  })

  it("on /return and /help, preloads the screen's code only, a link a task", () => {
    for (const [pathname, files] of [
      ['/return', ['/assets/return-screen-4.js', '/assets/lock-5.js']],
      ['/help', ['/assets/help-screen-6.js']],
    ] as const) {
      const { links, fetch, window, next } = runAt(pathname)
      expect(links).toEqual([])
      for (let task = 1; task <= files.length; task++) {
        next()
        expect(links.map((link) => link.href)).toEqual(files.slice(0, task))
      }
      next()
      expect(links).toEqual(files.map((href) => ({ rel: 'modulepreload', href, crossOrigin: '' })))
      expect(fetch).not.toHaveBeenCalled()
      expect(window).toEqual({})
    }
  })

  it('does nothing on any other address', () => {
    for (const pathname of ['/', '/void/', '/voids', '/return/x', '/help-me']) {
      const { links, fetch, window, next } = runAt(pathname)
      next()
      expect(fetch).not.toHaveBeenCalled()
      expect(links).toEqual([])
      expect(window).toEqual({})
    }
  })
})
