/**
 * Where the first 2 s of /void go, on a slow phone: /void opened cold (no service worker, no feed
 * kept) in headless Chromium at 4× CPU slowdown with 200 thoughts on the wall, traced through the
 * DevTools protocol. The main thread's time from navigation start to 2 s is cut by what it was doing
 * (each trace event's own time, children taken out): HTML parsing, the inline stylesheet, script
 * compile and evaluation by file, React's first commit (the task that puts the screen into #root),
 * style, layout, paint, garbage collection. Beside it: when the early feed request was sent and
 * answered, when the first card came in, and every task over 50 ms with what filled it.
 *
 * BENCH_COMPARE_DIST=<a built dist/> or BENCH_COMPARE_REV=<a git revision> traces that build too,
 * visit by visit in turns with this one, so a change is measured against what it changed in one run.
 */
import { writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { median } from '../stats'
import { compareBuild, openVoidBenchApp, serveBuild, startVoidBackend } from '../void-support'

export const name = 'The Void: where the first 2 s go (trace, 4× CPU, 200 thoughts)'

const RUNS = Number(process.env.RUNS ?? 5)
const CPU_SLOWDOWN = Number(process.env.CPU_SLOWDOWN ?? 4)
const WINDOW_MS = Number(process.env.WINDOW_MS ?? 2000)
const THOUGHTS = 200
/** Tasks listed one by one: over 50 ms, the long tasks (LONG_MS to see shorter ones). */
const LONG_MS = Number(process.env.LONG_MS ?? 50)

interface TraceEvent {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: {
    data?: { url?: string; frame?: string; requestId?: string; functionName?: string }
    fileName?: string
    url?: string
  }
}

/** The groups the main thread's time is cut into, by trace event name. */
const GROUPS: [string, RegExp][] = [
  [
    'navigation, new document',
    /^(DocumentLoader::.*|Frame::Detach|CommitLoad|Document::Initialize|Document::OpenForNavigation)$/,
  ],
  ['resource requests', /^(ResourceFetcher::requestResource|ResourceSendRequest)$/],
  ['HTML parse', /^ParseHTML$/],
  ['inline stylesheet parse', /^ParseAuthorStyleSheet$/],
  [
    'script compile',
    /^(v8\.compile|v8\.compileModule|V8\.CompileCode|v8\.produceCache|v8\.produceModuleCache|v8\.deserializeOnBackground)$/,
  ],
  ['style recalculation', /^(UpdateLayoutTree|RecalculateStyles|ScheduleStyleRecalculation)$/],
  ['layout', /^(Layout|UpdateLayout)$/],
  [
    'paint, composite',
    /^(PrePaint|Paint|Layerize|UpdateLayer|CompositeLayers|Commit|PaintImage|RasterTask)$/,
  ],
  ['garbage collection', /^(MinorGC|MajorGC|BlinkGC\..*|V8\.GC.*|ThreadState::.*)$/],
  [
    'script evaluation',
    /^(v8\.evaluateModule|EvaluateScript|FunctionCall|v8\.run|v8\.callFunction|TimerFire|FireAnimationFrame|EventDispatch|RunMicrotasks|v8\.execute|FireIdleCallback|XHRReadyStateChange|v8\.callModuleMethod.*)$/,
  ],
]
const TASK = /^(RunTask|ThreadControllerImpl::RunTask|ThreadPool_RunTask)$/

function groupOf(name: string): string | null {
  for (const [group, pattern] of GROUPS) if (pattern.test(name)) return group
  return null
}

/** The short name of a script's URL: its file without the hash, or "inline". */
function fileOf(url: string | undefined): string {
  if (!url) return '?'
  const file = url.split('/').pop() ?? url
  if (file === 'void' || file === '') return 'index.html (inline)'
  return file.replace(/-[\w-]{8}\.js$/, '.js')
}

interface Visit {
  /** Own time by group (ms, in the window). */
  groups: Map<string, number>
  /** Compile and evaluation time by script file. */
  scripts: Map<string, { compile: number; evaluate: number }>
  /** Tasks over 50 ms: start, duration, and their largest groups. */
  longTasks: {
    start: number
    duration: number
    parts: string
    functions?: string
    entries?: string
  }[]
  firstCommit: { start: number; duration: number } | null
  /** Script running time by file, from the sampling profile (ms, in the window). */
  running: Map<string, number>
  /** The page's own long tasks (PerformanceObserver, as bench/suites/void-cards-main-thread.ts). */
  observed: { start: number; duration: number }[]
  /** Navigation start, in the trace's clock (µs). */
  origin: number
  feedSent: number
  feedAnswered: number
  firstCardAt: number
  busy: number
}

/** Opens /void once in a fresh context at 4× CPU, traced; cuts the first 2 s by what filled them. */
async function traceVisit(browser: Browser, url: string): Promise<Visit> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 412, height: 823 },
  })
  try {
    const page = await context.newPage()
    // Cheap on purpose: it runs on every change of the page while the app starts.
    await page.addInitScript(() => {
      const w = window as unknown as {
        firstCommitAt?: number
        firstCardAt?: number
        longTasks: { start: number; duration: number }[]
      }
      w.longTasks = []
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          w.longTasks.push({ start: entry.startTime, duration: entry.duration })
      }).observe({ type: 'longtask', buffered: true })
      const cards = document.getElementsByClassName('void-card')
      new MutationObserver((_, observer) => {
        if (w.firstCommitAt === undefined && document.getElementById('root')?.firstChild)
          w.firstCommitAt = performance.now()
        if (cards.length) {
          w.firstCardAt = performance.now()
          observer.disconnect()
        }
      }).observe(document, { childList: true, subtree: true })
    })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    // The trace does not say which module a module's evaluation belongs to: a sampling profile does.
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Profiler.start')
    await browser.startTracing(page, {
      // Lighthouse's own categories, less its screenshots; BENCH_TRACE_CATEGORIES to see more.
      categories: process.env.BENCH_TRACE_CATEGORIES?.split(',') ?? [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'blink.user_timing',
        'loading',
        'toplevel',
      ],
    })
    await page.goto(`${url}/void`)
    await page.locator('article.void-card').first().waitFor({ timeout: 60_000 })
    await page.waitForTimeout(WINDOW_MS)
    const { firstCommitAt, firstCardAt, observed } = await page.evaluate(() => {
      const w = window as unknown as {
        firstCommitAt?: number
        firstCardAt?: number
        longTasks: { start: number; duration: number }[]
      }
      return {
        firstCommitAt: w.firstCommitAt ?? NaN,
        firstCardAt: w.firstCardAt ?? NaN,
        observed: w.longTasks,
      }
    })
    const buffer = await browser.stopTracing()
    const { profile } = await cdp.send('Profiler.stop')
    if (process.env.BENCH_TRACE_DIR)
      writeFileSync(
        join(process.env.BENCH_TRACE_DIR, `void-${Date.now()}.cpuprofile`),
        JSON.stringify(profile),
      )
    // BENCH_TRACE_DIR keeps each trace, to open in DevTools' Performance panel.
    if (process.env.BENCH_TRACE_DIR)
      writeFileSync(join(process.env.BENCH_TRACE_DIR, `void-${Date.now()}.json`), buffer)
    const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] })
      .traceEvents
    const visit = { ...cut(events, firstCommitAt, firstCardAt), observed }
    const sampled = sampleProfile(profile, visit.origin)
    visit.running = sampled.files
    // What ran in each long task: the functions with the most samples in it.
    for (const task of visit.longTasks) {
      const fns = new Map<string, number>()
      const entries = new Map<string, number>()
      for (const sample of sampled.samples)
        if (sample.at >= task.start && sample.at < task.start + task.duration) {
          fns.set(sample.fn, (fns.get(sample.fn) ?? 0) + sample.ms)
          entries.set(sample.entry, (entries.get(sample.entry) ?? 0) + sample.ms)
        }
      task.entries = [...entries]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([entry, ms]) => `${entry} ${ms.toFixed(0)}`)
        .join('; ')
      task.functions = [...fns]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([fn, ms]) => `${fn} ${ms.toFixed(0)}`)
        .join(', ')
    }
    return visit
  } finally {
    await context.close()
  }
}

function cut(
  events: TraceEvent[],
  firstCommitAt: number,
  firstCardAt: number,
): Omit<Visit, 'observed'> {
  // The page's main thread: where its navigationStart was marked for /void.
  const nav = events
    .filter(
      (e) => e.name === 'navigationStart' && e.args?.data && 'documentLoaderURL' in e.args.data,
    )
    .find((e) =>
      String((e.args!.data as Record<string, unknown>).documentLoaderURL).endsWith('/void'),
    )
  if (!nav) throw new Error('no navigationStart for /void in the trace')
  const origin = nav.ts
  const main = events
    .filter((e) => e.pid === nav.pid && e.tid === nav.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
  const end = origin + WINDOW_MS * 1000
  const clip = (e: TraceEvent) =>
    Math.max(0, Math.min(e.ts + e.dur!, end) - Math.max(e.ts, origin)) / 1000

  const groups = new Map<string, number>()
  const scripts = new Map<string, { compile: number; evaluate: number }>()
  const add = (group: string, ms: number) => groups.set(group, (groups.get(group) ?? 0) + ms)
  // Own time: each event's clipped duration less its children's, given to the innermost event with a
  // group; the script file is the nearest URL on the stack.
  const stack: { e: TraceEvent; group: string | null; url: string | undefined }[] = []
  const tasks: { e: TraceEvent; parts: Map<string, number> }[] = []
  const own = new Map<TraceEvent, number>()
  for (const e of main) {
    while (stack.length && stack.at(-1)!.e.ts + stack.at(-1)!.e.dur! <= e.ts) stack.pop()
    const parent = stack.at(-1)
    const url = e.args?.data?.url ?? e.args?.fileName ?? e.args?.url ?? parent?.url
    const group = groupOf(e.name) ?? parent?.group ?? null
    own.set(e, clip(e))
    if (parent) own.set(parent.e, own.get(parent.e)! - clip(e))
    if (TASK.test(e.name) && !parent) tasks.push({ e, parts: new Map() })
    stack.push({ e, group, url })
    ;(e as TraceEvent & { group?: string | null; scriptUrl?: string }).group = group
    ;(e as TraceEvent & { scriptUrl?: string }).scriptUrl = url
  }
  let busy = 0
  for (const task of tasks) busy += clip(task.e)
  // Which top-level task each event falls in, to list what filled the long ones.
  let t = 0
  for (const e of main) {
    const ms = own.get(e)!
    if (ms <= 0) continue
    const group = (e as TraceEvent & { group?: string | null }).group ?? 'other'
    add(group, ms)
    if (group === 'script compile' || group === 'script evaluation') {
      const file = fileOf((e as TraceEvent & { scriptUrl?: string }).scriptUrl)
      const entry = scripts.get(file) ?? { compile: 0, evaluate: 0 }
      if (group === 'script compile') entry.compile += ms
      else entry.evaluate += ms
      scripts.set(file, entry)
    }
    while (t < tasks.length && tasks[t]!.e.ts + tasks[t]!.e.dur! < e.ts) t++
    const task = tasks[t]
    if (task && task.e.ts <= e.ts) {
      const label =
        group === 'script compile' || group === 'script evaluation'
          ? `${group === 'script compile' ? 'compile' : 'run'} ${fileOf((e as TraceEvent & { scriptUrl?: string }).scriptUrl)}`
          : group === 'other'
            ? `other ${e.name}`
            : group
      task.parts.set(label, (task.parts.get(label) ?? 0) + ms)
    }
  }
  const at = (ts: number) => (ts - origin) / 1000
  const longTasks = tasks
    .filter((task) => task.e.dur! / 1000 > LONG_MS && task.e.ts < end)
    .map((task) => ({
      start: at(task.e.ts),
      duration: task.e.dur! / 1000,
      parts: [...task.parts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([label, ms]) => `${label} ${ms.toFixed(0)}`)
        .join(', '),
    }))
  const commitTs = origin + firstCommitAt * 1000
  const commit = tasks.find((task) => task.e.ts <= commitTs && commitTs <= task.e.ts + task.e.dur!)
  const feed = events.filter(
    (e) =>
      e.name === 'ResourceSendRequest' && e.args?.data?.url?.includes('/rest/v1/void_thoughts'),
  )[0]
  const feedId = feed?.args?.data?.requestId
  const answered = events.find(
    (e) => e.name === 'ResourceFinish' && feedId && e.args?.data?.requestId === feedId,
  )
  return {
    origin,
    running: new Map(),
    groups,
    scripts,
    longTasks,
    firstCommit: commit ? { start: at(commit.e.ts), duration: commit.e.dur! / 1000 } : null,
    feedSent: feed ? at(feed.ts) : NaN,
    feedAnswered: answered ? at(answered.ts) : NaN,
    firstCardAt,
    busy,
  }
}

interface Profile {
  nodes: {
    id: number
    callFrame: { url: string; functionName: string; lineNumber: number; columnNumber: number }
    children?: number[]
  }[]
  startTime: number
  samples?: number[]
  timeDeltas?: number[]
}

/**
 * The sampled stacks in the window: self time by the file of the nearest frame with a URL, and each
 * sample (ms from navigation start) with its function, for the long tasks.
 */
function sampleProfile(
  profile: Profile,
  origin: number,
): {
  files: Map<string, number>
  samples: { at: number; ms: number; fn: string; entry: string }[]
} {
  const parent = new Map<number, number>()
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id)
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const frameOf = (id: number): { file: string; fn: string; entry: string } | null => {
    const stack: { name: string; file: string }[] = []
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame
      if (frame.functionName === '(root)') break
      if (/^\((idle|program)\)$/.test(frame.functionName)) return null
      if (frame.functionName === '(garbage collector)')
        return { file: '(gc)', fn: '(gc)', entry: '(gc)' }
      // A minified or anonymous function is known by its place: name:line:column.
      const name =
        frame.functionName.length > 3
          ? frame.functionName
          : `${frame.functionName || '(anonymous)'}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`
      stack.push({ name, file: frame.url ? fileOf(frame.url) : '' })
    }
    const withUrl = stack.filter((frame) => frame.file)
    const leaf = withUrl[0]
    if (!leaf) return null
    // The leaf: the first frame with a URL from the top; the entry: the outermost three with one.
    const native = stack[0]!.file ? '' : `${stack[0]!.name} in `
    return {
      file: leaf.file,
      fn: `${native}${leaf.name}@${leaf.file}`,
      entry: withUrl
        .slice(-Number(process.env.BENCH_STACK_DEPTH ?? 3))
        .reverse()
        .map((frame) => `${frame.name}@${frame.file}`)
        .join(' > '),
    }
  }
  const files = new Map<string, number>()
  const samples: { at: number; ms: number; fn: string; entry: string }[] = []
  const ids = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  let ts = profile.startTime
  for (let i = 0; i < ids.length; i++) {
    ts += deltas[i] ?? 0
    const ms = (deltas[i + 1] ?? 0) / 1000
    if (ts < origin || ts > origin + WINDOW_MS * 1000) continue
    const frame = frameOf(ids[i]!)
    if (!frame) continue
    files.set(frame.file, (files.get(frame.file) ?? 0) + ms)
    samples.push({ at: (ts - origin) / 1000, ms, fn: frame.fn, entry: frame.entry })
  }
  return { files, samples }
}

const ms = (values: number[]) =>
  `${median(values).toFixed(0).padStart(5)} ms  (${values.map((v) => v.toFixed(0)).join(', ')})`

function report(label: string, visits: Visit[]): void {
  console.log(`\n### ${label}`)
  console.log(`main thread busy in the first ${WINDOW_MS} ms   ${ms(visits.map((v) => v.busy))}`)
  const names = [...new Set(visits.flatMap((v) => [...v.groups.keys()]))].sort(
    (a, b) =>
      median(visits.map((v) => v.groups.get(b) ?? 0)) -
      median(visits.map((v) => v.groups.get(a) ?? 0)),
  )
  for (const group of names)
    console.log(`  ${group.padEnd(38)} ${ms(visits.map((v) => v.groups.get(group) ?? 0))}`)
  console.log('  scripts: compile (trace) / running (sampled profile), medians')
  const files = [
    ...new Set(visits.flatMap((v) => [...v.scripts.keys(), ...v.running.keys()])),
  ].filter((file) => file !== '?')
  const rows = files
    .map((file) => ({
      file,
      compile: median(visits.map((v) => v.scripts.get(file)?.compile ?? 0)),
      running: median(visits.map((v) => v.running.get(file) ?? 0)),
    }))
    .filter((row) => row.compile + row.running >= 1)
    .sort((a, b) => b.compile + b.running - (a.compile + a.running))
  for (const row of rows)
    console.log(
      `    ${row.file.padEnd(36)} ${row.compile.toFixed(0).padStart(4)} / ${row.running.toFixed(0).padStart(4)} ms`,
    )
  console.log(
    `React's first commit (task)             ${ms(visits.map((v) => v.firstCommit?.duration ?? NaN))}  at ${ms(visits.map((v) => v.firstCommit?.start ?? NaN))}`,
  )
  console.log(`early feed request sent                 ${ms(visits.map((v) => v.feedSent))}`)
  console.log(`early feed request answered             ${ms(visits.map((v) => v.feedAnswered))}`)
  console.log(`first card in the page                  ${ms(visits.map((v) => v.firstCardAt))}`)
  visits.forEach((v, i) =>
    console.log(
      `  visit ${i + 1}: the page's long tasks (its observer): ${v.observed.map((task) => `${task.duration.toFixed(0)} ms at ${task.start.toFixed(0)}`).join(', ') || 'none'}` +
        `\n  visit ${i + 1}: tasks over 50 ms in the trace ${v.longTasks.length ? '' : 'none'}` +
        v.longTasks
          .map(
            (task) =>
              `\n    at ${task.start.toFixed(0)} ms, ${task.duration.toFixed(0)} ms: ${task.parts}` +
              (task.functions ? `\n      sampled: ${task.functions}` : '') +
              (task.entries ? `\n      from: ${task.entries}` : ''),
          )
          .join(''),
    ),
  )
}

export async function run(): Promise<void> {
  const backend = await startVoidBackend()
  const app = await openVoidBenchApp()
  const other = await compareBuild(app.apiPort)
  const compare = other ? await serveBuild(other.outDir) : undefined
  try {
    await backend.seed(THOUGHTS)
    // One visit each first, not counted: the browser's own start-up is not the app's.
    await traceVisit(app.browser, app.appUrl)
    if (compare) await traceVisit(app.browser, compare.url)
    const visits: Visit[] = []
    const compared: Visit[] = []
    for (let i = 0; i < RUNS; i++) {
      // In turns, the order swapped each time, so the machine's noise falls on both.
      const pair = [
        async () => visits.push(await traceVisit(app.browser, app.appUrl)),
        async () => compare && compared.push(await traceVisit(app.browser, compare.url)),
      ]
      if (i % 2) pair.reverse()
      for (const visit of pair) await visit()
    }
    console.log(
      `CPU slowdown ${CPU_SLOWDOWN}×, ${RUNS} visits, viewport 412 × 823, ${THOUGHTS} thoughts`,
    )
    console.log(`machine load (1 min) ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`)
    report('this build', visits)
    if (compare) report(`compare: ${other!.label}`, compared)
  } finally {
    await compare?.close()
    await app.close()
    await backend.close()
  }
}
