/**
 * Cards that do not cost the main thread: /void in headless Chromium at a mid-range phone's CPU
 * (Lighthouse's 4× slowdown, through the DevTools protocol), recording every long task (over 50 ms,
 * PerformanceObserver 'longtask') while the cards appear. The wall renders the cards near the screen
 * only (the rest of a page comes as the reader scrolls toward it), so two windows: the first screen
 * (from the task that puts the first card in the page until its cards' entrance is over), then a
 * reader scrolling a screen down every 150 ms until all 200 cards (four pages) have come, and their
 * entrance is over. Tasks before the first card (the app's own start) are printed apart.
 * Target: no long task in either window. Every run is listed, with each long task's start and length. The scroll through 10,000 thoughts (frame median, DOM
 * bounded) is bench/suites/void-long-wall.ts.
 *
 * BENCH_COMPARE_REV=<a git revision> (or BENCH_COMPARE_DIST=<a built dist/>) runs that build too, run
 * by run in turns with this one, so a change is measured against what it changed in one run.
 *
 * Beside the app's start, the floor's (../shared/perf-floor: a bare React page, the baseline of our
 * speed), opened the same way: its long tasks in its first 2 s. React DOM's code runs on its first
 * import, one task the app cannot cut; the floor shows what that task is on this machine.
 */
import { cpus, loadavg } from 'node:os'
import type { Browser, Page } from 'playwright-core'
import { findPerfFloor, openPerfFloor } from '../perf-floor'
import { median } from '../stats'
import { compareBuild, openVoidBenchApp, serveBuild, startVoidBackend } from '../void-support'

export const name =
  'The Void: long tasks while cards appear (first screen, then scrolling to 200), at 4× CPU slowdown'

const THOUGHTS = 200
const RUNS = Number(process.env.RUNS ?? 5)
const CPU_SLOWDOWN = 4
/** After the last card is in the page: the longest entrance (first card's delay + cascade + fade). */
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
    // When the first card entered the page, and every card that has been in it.
    const seen = new Set<string>()
    ;(window as unknown as { seenCards: Set<string> }).seenCards = seen
    new MutationObserver(() => {
      const cards = document.querySelectorAll('article.void-card')
      if (cards.length && !seen.size)
        (window as unknown as { firstCardAt: number }).firstCardAt = performance.now()
      for (const card of cards) seen.add(card.getAttribute('data-thought-id') ?? '')
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

interface Run {
  boot: LongTask[]
  firstPage: LongTask[]
  nextPage: LongTask[]
  /** Cards that came with the first screen, before any scroll. */
  firstCards: number
}

/** How many cards have been in the page. */
function seenCards(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { seenCards: Set<string> }).seenCards.size)
}

/**
 * Opens `url` in a fresh context (no service worker, a phone's viewport), recording long tasks, at
 * the CPU slowdown; runs `measure` on the page, then closes the context.
 */
async function visit<T>(browser: Browser, url: string, measure: (page: Page) => Promise<T>) {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 412, height: 823 },
  })
  try {
    const page = await context.newPage()
    await recordLongTasks(page)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    await page.goto(url)
    return await measure(page)
  } finally {
    await context.close()
  }
}

function oneRun(browser: Browser, appUrl: string): Promise<Run> {
  return visit(browser, `${appUrl}/void`, async (page) => {
    await page.locator('article.void-card').first().waitFor({ timeout: 60_000 })
    await page.waitForTimeout(SETTLE_MS)
    // The window opens with the task that puts the first card in the page.
    const firstCardAt = await page.evaluate(
      () => (window as unknown as { firstCardAt: number }).firstCardAt,
    )
    const all = await longTasksSince(page, 0)
    const boot = all.filter((task) => task.start + task.duration < firstCardAt)
    const firstPage = all.filter((task) => task.start + task.duration >= firstCardAt)
    const firstCards = await seenCards(page)

    // A reader scrolls down a screen every 150 ms until every page's cards have come.
    const before = await page.evaluate(() => performance.now())
    for (let step = 0; (await seenCards(page)) < THOUGHTS; step++) {
      if (step > 400) throw new Error(`only ${await seenCards(page)} cards came while scrolling`)
      await page.evaluate(() => window.scrollBy(0, window.innerHeight))
      await page.waitForTimeout(150)
    }
    await page.waitForTimeout(SETTLE_MS)
    const nextPage = await longTasksSince(page, before)
    return { boot, firstPage, nextPage, firstCards }
  })
}

/** The floor opened once, as the app is: its long tasks in its first 2 s. */
function floorRun(browser: Browser, url: string): Promise<LongTask[]> {
  return visit(browser, url, async (page) => {
    await page.waitForTimeout(2000)
    return longTasksSince(page, 0)
  })
}

function describe(label: string, runs: LongTask[][]): string {
  const longest = runs.map((tasks) => Math.max(0, ...tasks.map((task) => task.duration)))
  const counts = runs.map((tasks) => tasks.length)
  const each = runs.map(
    (tasks, i) =>
      `\n  run ${i + 1}: ${tasks.length ? tasks.map((task) => `${task.duration.toFixed(0)} ms at ${task.start.toFixed(0)}`).join(', ') : 'none'}`,
  )
  return `${label.padEnd(28)}longest ${longest.map((ms) => ms.toFixed(0)).join(', ')} ms (median ${median(longest).toFixed(0)}); tasks over 50 ms ${counts.join(', ')} (median ${median(counts)})${each.join('')}`
}

/** The figures of one build's runs. */
function report(runs: Run[]): void {
  console.log(
    describe(
      'app start (before any card)',
      runs.map((r) => r.boot),
    ),
  )
  console.log(
    describe(
      'first screen appears',
      runs.map((r) => r.firstPage),
    ),
  )
  console.log(
    `cards of the first screen    ${runs.map((r) => r.firstCards).join(', ')} (before any scroll)`,
  )
  console.log(
    describe(
      `scroll to ${THOUGHTS} cards`,
      runs.map((r) => r.nextPage),
    ),
  )
}

export async function run(): Promise<void> {
  const backend = await startVoidBackend()
  const app = await openVoidBenchApp()
  // BENCH_COMPARE_REV / BENCH_COMPARE_DIST: another build, run by run in turns with this one.
  const other = await compareBuild(app.apiPort)
  const compare = other ? await serveBuild(other.outDir) : undefined
  try {
    await backend.seed(THOUGHTS)
    // One visit first, not counted: the browser's own start-up is not the app's.
    await oneRun(app.browser, app.appUrl)
    if (compare) await oneRun(app.browser, compare.url)
    const runs: Run[] = []
    const compared: Run[] = []
    for (let i = 0; i < RUNS; i++) {
      const turns = [
        async () => runs.push(await oneRun(app.browser, app.appUrl)),
        async () => compare && compared.push(await oneRun(app.browser, compare.url)),
      ]
      for (const turn of i % 2 ? turns.reverse() : turns) await turn()
    }
    console.log(`CPU slowdown                ${CPU_SLOWDOWN}×, ${RUNS} runs, viewport 412 × 823`)
    console.log(`machine load (1 min)        ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`)
    if (compare) console.log('### this build')
    report(runs)
    if (compare) {
      console.log(`### compare: ${other!.label}`)
      report(compared)
    }
    console.log('target                      no long task (over 50 ms) while cards appear')
    const found = findPerfFloor()
    if ('dir' in found) {
      const floor = await openPerfFloor(found.dir)
      try {
        await floorRun(app.browser, floor.url)
        const floorRuns: LongTask[][] = []
        for (let i = 0; i < RUNS; i++) floorRuns.push(await floorRun(app.browser, floor.url))
        console.log(describe('the floor (bare React page)', floorRuns))
      } finally {
        await floor.close()
      }
    } else console.log(`the floor is absent (looked in ${found.missing.join(' and ')})`)
  } finally {
    await compare?.close()
    await app.close()
    await backend.close()
  }
}
