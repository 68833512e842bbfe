/**
 * Time to first card on /void with 100,000 thoughts in the local backend, in headless Chromium, and
 * the bytes it transfers: a cold first visit (fresh browser context, no service worker yet) timed from
 * navigation start to the first card in the page. Target: at most 1 s. The feed is one page of 50
 * plus the total, never the wall. Then a repeat visit, online, in one context with the service worker:
 * the time to the first card (the feed kept from the last visit is painted first) and when the feed's
 * request starts, both from navigation start.
 */
import { cpus, loadavg } from 'node:os'
import type { CDPSession, Page } from 'playwright-core'
import { median } from '../stats'
import { openVoidBenchApp, startVoidBackend } from '../void-support'

export const name = 'The Void: time to first card with 100,000 thoughts'

const THOUGHTS = 100_000
const RUNS = 7

/** Sums the bytes received on the wire, by request kind, through the DevTools protocol. */
function countBytes(cdp: CDPSession, apiOrigin: string) {
  const urls = new Map<string, string>()
  const totals = { all: 0, feed: 0, feedRequests: 0 }
  cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url))
  cdp.on('Network.loadingFinished', (event) => {
    const url = urls.get(event.requestId) ?? ''
    totals.all += event.encodedDataLength
    if (url.startsWith(`${apiOrigin}/rest/`)) {
      totals.feed += event.encodedDataLength
      totals.feedRequests++
    }
  })
  return totals
}

/** When the page's first request for the feed started, in ms from navigation start. */
function feedRequestStart(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      performance
        .getEntriesByType('resource')
        .find((entry) => entry.name.includes('/rest/v1/void_thoughts'))?.startTime ?? NaN,
  )
}

/** Reloads /void in one context after a first visit: the first card's time and the feed's start. */
async function repeatVisits(app: Awaited<ReturnType<typeof openVoidBenchApp>>) {
  const context = await app.browser.newContext({ serviceWorkers: 'allow' })
  const page = await context.newPage()
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector('article.void-card')) {
        ;(window as unknown as { firstCardAt: number }).firstCardAt = performance.now()
        observer.disconnect()
      }
    }).observe(document, { childList: true, subtree: true })
  })
  const firstCard: number[] = []
  const feedStart: number[] = []
  try {
    await page.goto(`${app.appUrl}/void`)
    await page.locator('article.void-card').first().waitFor()
    await page.waitForLoadState('networkidle')
    await page
      .waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
        timeout: 10_000,
      })
      .catch(() => page.reload())
    for (let i = -1; i < RUNS; i++) {
      await page.goto(`${app.appUrl}/void`)
      await page.locator('article.void-card').first().waitFor()
      const at = await page.evaluate(
        () => (window as unknown as { firstCardAt: number }).firstCardAt,
      )
      await page.waitForLoadState('networkidle')
      if (i < 0) continue
      firstCard.push(at)
      feedStart.push(await feedRequestStart(page))
    }
  } finally {
    await context.close()
  }
  return { firstCard, feedStart }
}

export async function run(): Promise<void> {
  const backend = await startVoidBackend()
  const app = await openVoidBenchApp()
  try {
    const seeding = performance.now()
    await backend.seed(THOUGHTS)
    console.log(
      `seeded                      ${THOUGHTS} thoughts in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    )
    const firstCard: number[] = []
    const feedStart: number[] = []
    let bytes = { all: 0, feed: 0, feedRequests: 0 }
    let cards = 0
    let countLine = ''
    // One visit first, not counted: the browser's own start-up is not the app's.
    for (let i = -1; i < RUNS; i++) {
      const context = await app.browser.newContext({ serviceWorkers: 'block' })
      const page = await context.newPage()
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (document.querySelector('article.void-card')) {
            ;(window as unknown as { firstCardAt: number }).firstCardAt = performance.now()
            observer.disconnect()
          }
        }).observe(document, { childList: true, subtree: true })
      })
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      const totals = countBytes(cdp, backend.url)
      await page.goto(`${app.appUrl}/void`)
      await page.locator('article.void-card').first().waitFor()
      const at = await page.evaluate(
        () => (window as unknown as { firstCardAt: number }).firstCardAt,
      )
      if (i >= 0) firstCard.push(at)
      if (i >= 0) feedStart.push(await feedRequestStart(page))
      await page.waitForLoadState('networkidle')
      bytes = { ...totals }
      cards = await page.locator('article.void-card').count()
      countLine = (await page.locator('.void__count').textContent()) ?? ''
      await context.close()
    }
    const repeat = await repeatVisits(app)
    const fmt = (ms: number) => `${ms.toFixed(0)} ms`
    console.log(`count line                  ${countLine}`)
    console.log(`machine load (1 min)        ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`)
    console.log(
      `time to first card (cold)   median ${fmt(median(firstCard))}, min ${fmt(Math.min(...firstCard))}, max ${fmt(Math.max(...firstCard))} over ${RUNS} runs  (target ≤ 1000 ms)`,
    )
    console.log(
      `feed request starts (cold)  median ${fmt(median(feedStart))} after navigation start`,
    )
    console.log(
      `time to first card (repeat) median ${fmt(median(repeat.firstCard))}, min ${fmt(Math.min(...repeat.firstCard))}, max ${fmt(Math.max(...repeat.firstCard))} over ${RUNS} reloads, online, service worker running`,
    )
    console.log(
      `feed request starts (repeat) median ${fmt(median(repeat.feedStart))} after navigation start`,
    )
    console.log(
      `cards in the page           ${cards} (the rest of the first page waits outside the window)`,
    )
    console.log(
      `feed bytes transferred      ${(bytes.feed / 1024).toFixed(1)} KiB in ${bytes.feedRequests} REST request(s) (one page of 50 + the total, preflight included)`,
    )
    console.log(
      `all bytes transferred       ${(bytes.all / 1024).toFixed(1)} KiB (app shell, The Void's chunk, feed)`,
    )
  } finally {
    await app.close()
    await backend.close()
  }
}
