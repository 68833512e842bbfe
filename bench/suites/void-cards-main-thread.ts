/**
 * Cards that do not cost the main thread: /void in headless Chromium at a mid-range phone's CPU
 * (Lighthouse's 4× slowdown, through the DevTools protocol), recording every long task (over 50 ms,
 * PerformanceObserver 'longtask') while the first page's 50 cards appear, and again while the next
 * page's 50 are appended as the reader scrolls to the end. The first window opens with the task that
 * puts the first card in the page, the second with the next page's answer; each closes after the last
 * card's entrance. Tasks before the first card (the app's own start) are printed apart.
 * Target: no long task in either window. The scroll through 10,000 thoughts (frame median, DOM
 * bounded) is bench/suites/void-long-wall.ts.
 */
import { cpus, loadavg } from 'node:os'
import type { Page } from 'playwright-core'
import { median, openVoidBenchApp, startVoidBackend } from '../void-support'

export const name = 'The Void: long tasks while 50 cards appear, at 4× CPU slowdown'

const THOUGHTS = 200
const RUNS = Number(process.env.RUNS ?? 5)
const CPU_SLOWDOWN = 4
/** After the 50th card is in the page: the longest entrance (first card's delay + cascade + fade). */
const SETTLE_MS = 100 + 150 * 12 + 600 + 400

interface LongTask {
  start: number
  duration: number
}

/** Collects long tasks from the page's start into `window.longTasks`. */
async function recordLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = []
    ;(window as unknown as { longTasks: typeof tasks }).longTasks = tasks
    // When the first card entered the page.
    new MutationObserver((_, observer) => {
      if (!document.querySelector('article.void-card')) return
      ;(window as unknown as { firstCardAt: number }).firstCardAt = performance.now()
      observer.disconnect()
    }).observe(document, { childList: true, subtree: true })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        tasks.push({ start: entry.startTime, duration: entry.duration })
    }).observe({ type: 'longtask', buffered: true })
  })
}

function longTasksSince(page: Page, since: number): Promise<LongTask[]> {
  return page.evaluate(
    (from) =>
      (window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks.filter(
        (task) => task.start + task.duration > from,
      ),
    since,
  )
}

/** When the feed's latest next page's answer ended, in the page's time. */
function feedAnsweredAt(page: Page): Promise<number> {
  return page.evaluate(() => {
    const answers = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('created_at.lt')) as PerformanceResourceTiming[]
    return answers.at(-1)?.responseEnd ?? NaN
  })
}

interface Run {
  boot: LongTask[]
  firstPage: LongTask[]
  nextPage: LongTask[]
}

async function oneRun(app: Awaited<ReturnType<typeof openVoidBenchApp>>): Promise<Run> {
  const context = await app.browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 412, height: 823 },
  })
  try {
    const page = await context.newPage()
    await recordLongTasks(page)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    await page.goto(`${app.appUrl}/void`)
    // The first page is two chunks of 25 (the second may be swapped for its height at once).
    await page.waitForFunction(
      () =>
        document.querySelectorAll('.void-chunk').length === 2 &&
        document.querySelector('.void-chunk')?.querySelectorAll('article').length === 25,
      null,
      { timeout: 60_000 },
    )
    await page.waitForTimeout(SETTLE_MS)
    // The window opens with the task that puts the first card in the page.
    const firstCardAt = await page.evaluate(
      () => (window as unknown as { firstCardAt: number }).firstCardAt,
    )
    const all = await longTasksSince(page, 0)
    const boot = all.filter((task) => task.start + task.duration < firstCardAt)
    const firstPage = all.filter((task) => task.start + task.duration >= firstCardAt)

    // The next page: scroll to the end of the wall; 50 more cards are appended.
    const before = await page.evaluate(() => performance.now())
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    // Chunks far above are swapped for their height: the fourth chunk of 25 holds cards 76–100.
    await page.waitForFunction(
      () => document.querySelectorAll('.void-chunk')[3]?.querySelectorAll('article').length === 25,
      null,
      { timeout: 60_000 },
    )
    await page.waitForTimeout(SETTLE_MS)
    const nextAnswer = await feedAnsweredAt(page)
    const nextPage = await longTasksSince(page, Number.isNaN(nextAnswer) ? before : nextAnswer)
    return { boot, firstPage, nextPage }
  } finally {
    await context.close()
  }
}

function describe(label: string, runs: LongTask[][]): string {
  const longest = runs.map((tasks) => Math.max(0, ...tasks.map((task) => task.duration)))
  const counts = runs.map((tasks) => tasks.length)
  return `${label.padEnd(28)}longest ${longest.map((ms) => ms.toFixed(0)).join(', ')} ms (median ${median(longest).toFixed(0)}); tasks over 50 ms ${counts.join(', ')} (median ${median(counts)})`
}

export async function run(): Promise<void> {
  const backend = await startVoidBackend()
  const app = await openVoidBenchApp()
  try {
    await backend.seed(THOUGHTS)
    // One visit first, not counted: the browser's own start-up is not the app's.
    await oneRun(app)
    const runs: Run[] = []
    for (let i = 0; i < RUNS; i++) runs.push(await oneRun(app))
    console.log(`CPU slowdown                ${CPU_SLOWDOWN}×, ${RUNS} runs, viewport 412 × 823`)
    console.log(`machine load (1 min)        ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`)
    console.log(
      describe(
        'app start (before any card)',
        runs.map((r) => r.boot),
      ),
    )
    console.log(
      describe(
        'first 50 cards appear',
        runs.map((r) => r.firstPage),
      ),
    )
    console.log(
      describe(
        'next 50 cards appear',
        runs.map((r) => r.nextPage),
      ),
    )
    console.log('target                      no long task (over 50 ms) while cards appear')
  } finally {
    await app.close()
    await backend.close()
  }
}
