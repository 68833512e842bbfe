/**
 * A reload served by the service worker, to an interactive editor (target ≤ 500 ms), in headless
 * Chromium: the time from the navigation's start to the first frame after the writer's text area
 * appears and accepts focus. Online (the worker still answers from its precache) and offline. No
 * backend is needed: the writer makes no request.
 *
 * Beside the app, in the same run and the same browser, the floor (bench/perf-floor.ts: a bare React
 * page with a precaching worker) is reloaded the same way, offline, the two interleaved so that the
 * machine's noise hits both: with the worker running (warm) and with every worker stopped just before
 * the reload (cold, as when the home-screen icon is tapped). It prints both medians and their ratio
 * (at most 1.2×). Before them, a first visit of each (a new context: no cache, no worker, the files
 * from its server), whose ratio is at most 1.3×. Without the floor, it says so and prints the app's
 * figures alone.
 *
 * Beside each median it prints where the time went, as medians of milestones from the navigation's
 * start: the HTML's first byte from the worker, the parser done, the last first-paint script in,
 * the editor in the document, and the frame after it. Where the app's line parts from the floor's
 * is where to look.
 *
 * BENCH_COMPARE_DIST=<a built dist/> or BENCH_COMPARE_REV=<a git revision> (built here) adds that
 * build as a third page, reloaded in the same turns, so a change is measured against the app as it
 * was in one run (its service worker and files are served as they are).
 */
import { loadavg } from 'node:os'
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js'
import type { BrowserContext, CDPSession, Page } from 'playwright-core'
import { findPerfFloor, openPerfFloor, type PerfFloor } from '../perf-floor'
import { median, percentile } from '../stats'
import { compareBuild, openVoidBenchApp, serveBuild } from '../void-support'

export const name = 'Service worker: reload to an interactive editor'

const RUNS = Number(process.env.BENCH_RUNS ?? 21)
/**
 * How long a page is left after its reload before the next one, then until the browser calls an
 * idle callback. The app starts its queue, worker bridge and lab after its first paint (it defers
 * them for this very figure), and a reload issued at 'load' met that work still running: the old
 * page's tasks ran between the reload's start and its commit, and on two cores they slowed whichever
 * target was reloaded next (traced: the app's own next reload, and the floor's when it came after
 * the app). Opening from the home screen, or reloading a page someone is using, starts from a quiet
 * page. 0 reloads at 'load', as the suite did before.
 */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 1000)

// Recorded in the page: when #thought exists, takes the focus, and a frame has been drawn after it.
// The probe says so on the console, and nothing is asked of the page until then: the first
// page.evaluate or waitForFunction after a navigation makes Playwright evaluate its own injected
// script in the page, a 15-40 ms task (traced) that landed before the editor's frame whenever the
// page was still starting when 'load' fired (the app's first render yields between slices; the
// floor's is one task), so the harness slowed the app's reloads more than the floor's.
const READY_MESSAGE = 'unburden-bench: editor ready'
const EDITOR_READY_PROBE = `
  (() => {
    const READY_MESSAGE = ${JSON.stringify(READY_MESSAGE)}
    const check = () => {
      const editor = document.querySelector('#thought')
      if (!editor) return false
      editor.focus()
      if (document.activeElement !== editor) return false
      window.__editorInAt = performance.now()
      requestAnimationFrame(() => {
        window.__editorReadyAt = performance.now()
        console.debug(READY_MESSAGE)
      })
      return true
    }
    const observer = new MutationObserver(() => { if (check()) observer.disconnect() })
    observer.observe(document, { childList: true, subtree: true })
  })()
`

/** A page whose worker controls it, with a DevTools session to stop that worker. */
interface Target {
  label: string
  context: BrowserContext
  page: Page
  cdp: CDPSession
  /** Running status of each worker version, as DevTools last reported it. */
  workers: Map<string, string>
  /** Set when a worker version started since the flag was cleared. */
  started: boolean
}

async function openTarget(
  label: string,
  url: string,
  browser: Awaited<ReturnType<typeof openVoidBenchApp>>['browser'],
): Promise<Target> {
  const context = await browser.newContext()
  await context.addInitScript(EDITOR_READY_PROBE)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  const target: Target = { label, context, page, cdp, workers: new Map(), started: false }
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) {
      if (version.runningStatus === 'starting') target.started = true
      target.workers.set(version.versionId, version.runningStatus)
    }
  })
  await cdp.send('ServiceWorker.enable')
  await page.goto(`${url}/`)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller)
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r))
  })
  return target
}

/** Stops every service worker and waits until DevTools reports this target's as stopped. */
async function stopWorkers(target: Target): Promise<void> {
  const deadline = Date.now() + 10_000
  let askedAt = 0
  while ([...target.workers.values()].some((status) => status !== 'stopped')) {
    if (Date.now() > deadline)
      throw new Error(
        `${target.label}: the service worker did not stop (${[...target.workers.values()]})`,
      )
    // A worker busy with an event may outlive one request to stop: ask again now and then.
    if (Date.now() - askedAt > 500) {
      askedAt = Date.now()
      await target.cdp.send('ServiceWorker.stopAllWorkers')
    }
    await new Promise((r) => setTimeout(r, 10))
  }
  target.started = false
}

/** Milestones of one reload, in ms from the navigation's start, as the page's timing tells them. */
interface Milestones {
  /** The HTML's first byte (from the worker, offline). */
  html: number
  /** The parser done (domInteractive): module scripts run after it. */
  parsed: number
  /** The last script asked for before the editor came, in. */
  scripts: number
  /** The editor in the document (React's commit). */
  editor: number
}
const MILESTONES: (keyof Milestones)[] = ['html', 'parsed', 'scripts', 'editor']

interface Reload {
  ms: number
  at: Milestones
  /**
   * The HTML came from the service worker: its fetch listener, or (Chromium) the static route it
   * declared, which the browser answers from the worker's cache without running it.
   */
  bySw: boolean
  /** A worker started during this reload. */
  coldStart: boolean
}

/** Leaves `page` SETTLE_MS, then until the browser calls an idle callback (see SETTLE_MS). */
async function settle(page: Page): Promise<void> {
  if (SETTLE_MS <= 0) return
  await page.evaluate(
    (ms) =>
      new Promise<void>((settled) =>
        setTimeout(() => requestIdleCallback(() => settled(), { timeout: 1000 }), ms),
      ),
    SETTLE_MS,
  )
}

/** One reload of `target` to its interactive editor; `cold` stops the worker first. */
async function reload(target: Target, cold: boolean): Promise<Reload> {
  if (cold) await stopWorkers(target)
  else target.started = false
  const ready = target.page.waitForEvent('console', {
    predicate: (message) => message.text() === READY_MESSAGE,
  })
  await Promise.all([ready, target.page.reload({ waitUntil: 'commit' })])
  await target.page.waitForLoadState('load')
  const { readyAt, workerStart, fromWorkerCache, at } = await target.page.evaluate(() => {
    const probe = window as { __editorReadyAt?: number; __editorInAt?: number }
    const editor = probe.__editorInAt ?? NaN
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter(
        (entry) => entry.initiatorType !== 'img' && /\.js$/.test(new URL(entry.name).pathname),
      )
      .filter((entry) => entry.startTime < editor)
    return {
      readyAt: probe.__editorReadyAt ?? NaN,
      workerStart: navigation.workerStart,
      fromWorkerCache: (navigation as { deliveryType?: string }).deliveryType === 'cache-storage',
      at: {
        html: navigation.responseStart,
        parsed: navigation.domInteractive,
        scripts: scripts.length ? Math.max(...scripts.map((entry) => entry.responseEnd)) : NaN,
        editor,
      },
    }
  })
  // Read before the settling: a worker started for the page's own start-up is not this reload's.
  const coldStart = target.started
  await settle(target.page)
  return { ms: readyAt, at, bySw: workerStart > 0 || fromWorkerCache, coldStart }
}

/**
 * A first visit to `url`: a new browser context (no cache, no worker), the page opened to its
 * interactive editor, as a visitor's first tap on a link. Online: the files come from the server.
 */
async function firstVisit(
  url: string,
  browser: Awaited<ReturnType<typeof openVoidBenchApp>>['browser'],
): Promise<number> {
  const context = await browser.newContext()
  try {
    await context.addInitScript(EDITOR_READY_PROBE)
    const page = await context.newPage()
    const ready = page.waitForEvent('console', {
      predicate: (message) => message.text() === READY_MESSAGE,
    })
    await Promise.all([ready, page.goto(`${url}/`, { waitUntil: 'commit' })])
    const readyAt = await page.evaluate(
      () => (window as { __editorReadyAt?: number }).__editorReadyAt ?? NaN,
    )
    // As after a reload: the page's start-up settles before the next visit begins.
    await settle(page)
    return readyAt
  } finally {
    await context.close()
  }
}

/** Lighthouse's benchmark index of `page`'s main thread: the machine's speed as the run met it. */
const benchmarkIndex = (page: Page) =>
  page.evaluate<number>(`(${String(pageFunctions.computeBenchmarkIndex)})()`)

const fmt = (values: number[]) =>
  `median ${median(values).toFixed(0)} ms, p90 ${percentile(values, 90).toFixed(0)} ms, min ${Math.min(...values).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms`

/** The milestones' medians, then the ready time's, on one line. */
const fmtMilestones = (reloads: Reload[]) =>
  [
    ...MILESTONES.map((key) => `${key} ${median(reloads.map((r) => r.at[key])).toFixed(0)}`),
    `ready ${median(reloads.map((r) => r.ms)).toFixed(0)}`,
  ].join('  ')

/** Checks that each reload went as its condition says, and returns the times. */
function times(label: string, reloads: Reload[], cold: boolean): number[] {
  const notBySw = reloads.filter((r) => !r.bySw).length
  const started = reloads.filter((r) => r.coldStart).length
  if (notBySw) console.log(`  ${label}: ${notBySw} reload(s) NOT SERVED BY THE SW`)
  // Warm: the worker must have been running. Cold: it was stopped; whether the reload had to start
  // it depends on the page (the app's static routes answer `/` and its scripts without it).
  if (!cold && started) console.log(`  ${label}: ${started} reload(s) had to start the worker`)
  if (cold)
    console.log(`  ${label}: the worker started during ${started} of ${reloads.length} reloads`)
  return reloads.map((r) => r.ms)
}

/** Reloads `targets` in turn, `RUNS` times each, alternating which goes first. */
async function interleave(targets: Target[], cold: boolean): Promise<Reload[][]> {
  const results = targets.map((): Reload[] => [])
  for (let i = 0; i < RUNS; i++) {
    const order = i % 2 ? [...targets.keys()].reverse() : [...targets.keys()]
    for (const t of order) results[t]!.push(await reload(targets[t]!, cold))
  }
  return results
}

export async function run(): Promise<void> {
  const found = findPerfFloor()
  const app = await openVoidBenchApp()
  let floor: PerfFloor | undefined
  const compared = await compareBuild(app.apiPort)
  const compare = compared ? await serveBuild(compared.outDir) : undefined
  try {
    if ('dir' in found) floor = await openPerfFloor(found.dir)
    else
      console.log(
        `THE FLOOR IS ABSENT: no perf-floor at ${found.missing.join(' or ')} (set PERF_FLOOR_DIR); the app's figures alone follow`,
      )
    const targets = [await openTarget('app', app.appUrl, app.browser)]
    const targetUrls = [app.appUrl]
    if (floor) {
      targets.push(await openTarget('floor', floor.url, app.browser))
      targetUrls.push(floor.url)
    }
    if (compare) {
      targets.push(await openTarget('compare', compare.url, app.browser))
      targetUrls.push(compare.url)
    }
    const floorIndex = targets.findIndex((target) => target.label === 'floor')
    const compareIndex = targets.findIndex((target) => target.label === 'compare')

    const speedBefore = await benchmarkIndex(targets[0]!.page)
    const online = await interleave(targets.slice(0, 1), false)
    // First visits, in turns as the reloads: each target's server answers, no worker yet.
    const visits = targets.map((): number[] => [])
    for (let i = 0; i < RUNS; i++) {
      const order = i % 2 ? [...targets.keys()].reverse() : [...targets.keys()]
      for (const t of order) visits[t]!.push(await firstVisit(targetUrls[t]!, app.browser))
    }
    for (const target of targets) await target.context.setOffline(true)
    const warm = await interleave(targets, false)
    const cold = await interleave(targets, true)

    const speedAfter = await benchmarkIndex(targets[0]!.page)
    console.log(
      `machine's speed                    benchmark index ${speedBefore.toFixed(0)} before, ${speedAfter.toFixed(0)} after; load average ${loadavg()[0]!.toFixed(2)}`,
    )
    console.log(
      `runs each                          ${RUNS}, each page left ${SETTLE_MS} ms and idle before its next reload (BENCH_SETTLE_MS)`,
    )
    console.log(
      `app reload online (SW precache)    ${fmt(times('app online', online[0]!, false))}  (target ≤ 500 ms)`,
    )
    console.log(`app   first visit (online, no worker)   ${fmt(visits[0]!)}`)
    if (compareIndex >= 0)
      console.log(
        `compare first visit (online, no worker) ${fmt(visits[compareIndex]!)}  (${compared!.label})`,
      )
    if (floorIndex >= 0) {
      const bare = visits[floorIndex]!
      console.log(`floor first visit (online, no worker)   ${fmt(bare)}`)
      const ratio = median(visits[0]!) / median(bare)
      console.log(
        `ratio first visit                       ${ratio.toFixed(2)}×  (app median / floor median; target ≤ 1.30×)${ratio > 1.3 ? '  OVER' : ''}`,
      )
      console.log(
        `      paired                            ${median(visits[0]!.map((ms, i) => ms / bare[i]!)).toFixed(2)}×`,
      )
    }
    const rows: [string, Reload[][], boolean][] = [
      ['offline, worker running (warm)', warm, false],
      ['offline, worker stopped (cold)', cold, true],
    ]
    for (const [condition, results, isCold] of rows) {
      const app = times(`app ${condition}`, results[0]!, isCold)
      console.log(`app   ${condition}    ${fmt(app)}  (target ≤ 500 ms)`)
      console.log(`      milestones (medians, ms)          ${fmtMilestones(results[0]!)}`)
      if (compareIndex >= 0) {
        const other = results[compareIndex]!
        const times2 = times(`compare ${condition}`, other, isCold)
        console.log(`compare ${condition}  ${fmt(times2)}  (${compared!.label})`)
        console.log(`      milestones (medians, ms)          ${fmtMilestones(other)}`)
        console.log(
          `      app / compare                     ${(median(app) / median(times2)).toFixed(2)}×  (paired ${median(app.map((ms, i) => ms / times2[i]!)).toFixed(2)}×)`,
        )
      }
      if (floorIndex < 0) continue
      const bare = times(`floor ${condition}`, results[floorIndex]!, isCold)
      console.log(`floor ${condition}    ${fmt(bare)}`)
      console.log(`      milestones (medians, ms)          ${fmtMilestones(results[floorIndex]!)}`)
      const ratio = median(app) / median(bare)
      console.log(
        `ratio ${condition}    ${ratio.toFixed(2)}×  (app median / floor median; target ≤ 1.20×)${ratio > 1.2 ? '  OVER' : ''}`,
      )
      // Each app reload and the floor's next to it met the same load on the machine.
      const paired = median(app.map((ms, i) => ms / bare[i]!))
      console.log(
        `      paired                            ${paired.toFixed(2)}×  (median of app / floor, reload by reload)`,
      )
    }
    for (const target of targets) await target.context.close()
  } finally {
    await app.close()
    await floor?.close()
    await compare?.close()
  }
}
