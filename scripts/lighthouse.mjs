// `npm run lighthouse`: Lighthouse (mobile preset, simulated throttling) on /, /void, /return and /help
// of the built app, served with the local backend the way `npm start` serves it, with The Void holding
// 200 thoughts of mixed length (put there through the backend's seed control before the first run).
// Each route is measured RUNS times (default 3); every run prints its four category scores, Total
// Blocking Time and Largest Contentful Paint (on /void with its element), then each route's medians.
// Exits 1 when any run misses a target: performance ≥ 0.98; accessibility, best practices and SEO = 1;
// on /void TBT < 100 ms and LCP < 2.0 s.
// The build must talk to API_PORT: `VITE_SUPABASE_URL=http://localhost:$API_PORT npm run build` when it
// is not the default 54321. Chromium comes from CHROME_PATH (default: Debian's /usr/bin/chromium).
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const APP_PORT = Number(process.env.APP_PORT ?? 4173)
const API_PORT = Number(process.env.API_PORT ?? 54321)
const RUNS = Number(process.env.RUNS ?? 3)
const ROUTES = (process.env.ROUTES ?? '/,/void,/return,/help').split(',')
const THOUGHTS = 200
const CONTROL_TOKEN = randomBytes(16).toString('hex')
const TARGETS = { performance: 0.98, accessibility: 1, 'best-practices': 1, seo: 1 }
/** Metrics printed for every route, with their targets on /void, in milliseconds (strictly below). */
const VOID_METRICS = {
  'total-blocking-time': ['TBT', 100],
  'largest-contentful-paint': ['LCP', 2000],
}
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
].join(' ')

if (!existsSync('dist/index.html')) {
  console.error('No build in dist/: run npm run build first.')
  process.exit(1)
}
if (!existsSync(CHROME)) {
  console.error(`Chromium not found at ${CHROME}: set CHROME_PATH.`)
  process.exit(1)
}
const apiUrl = `http://localhost:${API_PORT}`
if (API_PORT !== 54321) {
  const assets = readdirSync('dist/assets').filter((file) => file.endsWith('.js'))
  if (!assets.some((file) => readFileSync(join('dist/assets', file), 'utf8').includes(apiUrl))) {
    console.error(`The build does not talk to ${apiUrl}: build with VITE_SUPABASE_URL=${apiUrl}.`)
    process.exit(1)
  }
}

const work = mkdtempSync(join(tmpdir(), 'unburden-lighthouse-'))
const server = spawn(
  process.execPath,
  ['--experimental-websocket', '--import', 'tsx', 'scripts/start.ts'],
  {
    env: {
      ...process.env,
      APP_PORT: String(APP_PORT),
      API_PORT: String(API_PORT),
      DATA_DIR: join(work, 'data'),
      // The seed control, behind a token of this run; faults stay off ('none') for every REST request.
      UNBURDEN_FAULTS: '1',
      UNBURDEN_CONTROL_TOKEN: CONTROL_TOKEN,
      LOG_REQUESTS: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
)
let serverOutput = ''
server.stdout.on('data', (chunk) => (serverOutput += chunk))

async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not come up:\n${serverOutput}`)
}

const WORDS = (
  'I kept this to myself for years and tonight I am setting it down here so that it can finally ' +
  'rest somewhere other than my chest where it has been sitting like a stone every single morning'
).split(' ')

/** Thought `i` of the seeded wall: a few words to several paragraphs, some with line breaks. */
function thoughtText(i) {
  const shape = i % 10
  const count = shape < 4 ? 4 + (i % 12) : shape < 8 ? 25 + ((i * 7) % 50) : 120 + ((i * 13) % 180)
  const words = Array.from({ length: count }, (_, w) => WORDS[(i * 3 + w) % WORDS.length])
  if (shape >= 8) for (let at = 40; at < words.length; at += 45) words[at] += '\n\n'
  return `${words.join(' ').replace(/\n\n /g, '\n\n')}.`
}

/** Empties the wall, then puts THOUGHTS thoughts on it, a minute apart, the newest now. */
async function seedWall() {
  const headers = { 'content-type': 'application/json', 'x-unburden-control-token': CONTROL_TOKEN }
  const reset = await fetch(`${apiUrl}/__reset`, { method: 'POST', headers })
  if (!reset.ok) throw new Error(`reset: ${reset.status} ${await reset.text()}`)
  const now = Date.now()
  const rows = Array.from({ length: THOUGHTS }, (_, i) => ({
    text: thoughtText(i),
    createdAt: new Date(now - (THOUGHTS - i) * 60_000).toISOString(),
  }))
  const seeded = await fetch(`${apiUrl}/__seed`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ rows }),
  })
  if (!seeded.ok) throw new Error(`seed: ${seeded.status} ${await seeded.text()}`)
}

function lighthouse(url, out) {
  return new Promise((resolve, reject) => {
    const run = spawn(
      'node_modules/.bin/lighthouse',
      [
        url,
        '--quiet',
        '--output=json',
        `--output-path=${out}`,
        `--chrome-flags=${CHROME_FLAGS}`,
        '--only-categories=performance,accessibility,best-practices,seo',
      ],
      { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ['ignore', 'inherit', 'inherit'] },
    )
    run.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`lighthouse exited ${code} on ${url}`)),
    )
  })
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

const HEADER = 'route     run     performance  accessibility  best-practices  seo   TBT      LCP'
/** One row: the four scores, then the metrics; `!` marks a miss. */
function row(route, label, scores, metrics) {
  const cells = Object.entries(TARGETS).map(([key, target]) => {
    const ok = scores[key] >= target
    return `${scores[key].toFixed(2)}${ok ? ' ' : '!'}`.padEnd(key.length + 2)
  })
  const extra = Object.entries(metrics).map(([key, value]) => {
    const ok = route !== '/void' || value < VOID_METRICS[key][1]
    return `${Math.round(value)} ms${ok ? ' ' : '!'}`.padEnd(9)
  })
  return `${route.padEnd(10)}${label.padEnd(8)}${cells.join(' ')}${extra.join('')}`
}

let failed = false
try {
  await waitFor(`http://localhost:${APP_PORT}/`)
  await seedWall()
  console.log(`The Void holds ${THOUGHTS} thoughts; ${RUNS} runs a route.`)
  console.log(HEADER)
  for (const route of ROUTES) {
    const runs = []
    for (let n = 1; n <= RUNS; n++) {
      const out = join(work, `report${route.replace(/\//g, '_')}-${n}.json`)
      await lighthouse(`http://localhost:${APP_PORT}${route}`, out)
      const report = JSON.parse(readFileSync(out, 'utf8'))
      const { categories, audits } = report
      const scores = Object.fromEntries(
        Object.keys(TARGETS).map((key) => [key, categories[key]?.score ?? 0]),
      )
      const metrics = Object.fromEntries(
        Object.keys(VOID_METRICS).map((key) => [key, audits[key]?.numericValue ?? Infinity]),
      )
      failed ||=
        Object.entries(TARGETS).some(([key, target]) => !(scores[key] >= target)) ||
        (route === '/void' &&
          Object.entries(metrics).some(([key, value]) => !(value < VOID_METRICS[key][1])))
      runs.push({ scores, metrics })
      let line = row(route, String(n), scores, metrics)
      if (route === '/void') {
        // Lighthouse 13 names the element in its LCP breakdown (older ones in an audit of its own).
        const items = [
          ...(audits['lcp-breakdown-insight']?.details?.items ?? []),
          ...(audits['largest-contentful-paint-element']?.details?.items ?? []),
        ]
        const node = items.find((item) => item?.type === 'node') ?? items[0]?.items?.[0]?.node
        if (node?.selector) line += `  LCP: ${node.nodeLabel ?? node.selector}`
      }
      // How fast this machine ran the page (Lighthouse's benchmark index): the 4× CPU slowdown is
      // applied on top of it, so a slow moment of a shared machine shows in every figure.
      line += `  benchmark ${Math.round(report.environment?.benchmarkIndex ?? 0)}`
      console.log(line)
    }
    const pick = (get) =>
      Object.fromEntries(
        Object.keys(get(runs[0])).map((key) => [key, median(runs.map((r) => get(r)[key]))]),
      )
    console.log(
      row(
        route,
        'median',
        pick((r) => r.scores),
        pick((r) => r.metrics),
      ),
    )
  }
  console.log(failed ? 'Below target (marked !).' : 'Every run of every route meets its targets.')
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  failed = true
} finally {
  server.kill('SIGTERM')
  await new Promise((resolve) => server.once('exit', resolve))
  rmSync(work, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)
