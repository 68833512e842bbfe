/**
 * Time to first card on /void with 100,000 thoughts in the local backend, in headless Chromium, and
 * the bytes it transfers: a cold first visit (fresh browser context, no service worker yet) timed from
 * navigation start to the first card in the page. Target: at most 1 s. The feed is one page of 50
 * plus the total, never the wall.
 */
import { cpus, loadavg } from 'node:os'
import type { CDPSession } from 'playwright-core'
import { median, openVoidBenchApp, startVoidBackend } from '../void-support'

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
      await page.waitForLoadState('networkidle')
      bytes = { ...totals }
      cards = await page.locator('article.void-card').count()
      countLine = (await page.locator('.void__count').textContent()) ?? ''
      await context.close()
    }
    const fmt = (ms: number) => `${ms.toFixed(0)} ms`
    console.log(`count line                  ${countLine}`)
    console.log(`machine load (1 min)        ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`)
    console.log(
      `time to first card (cold)   median ${fmt(median(firstCard))}, min ${fmt(Math.min(...firstCard))}, max ${fmt(Math.max(...firstCard))} over ${RUNS} runs  (target ≤ 1000 ms)`,
    )
    console.log(
      `cards in the page           ${cards} (the rest of the first page waits outside the window)`,
    )
    console.log(
      `feed bytes transferred      ${(bytes.feed / 1024).toFixed(1)} KiB in ${bytes.feedRequests} REST request(s) (one page of 50 + the total, preflight included)`,
    )
    console.log(
      `all bytes transferred       ${(bytes.all / 1024).toFixed(1)} KiB (app shell, The Void's chunk and CSS, feed)`,
    )
  } finally {
    await app.close()
    await backend.close()
  }
}
