// `npm run lighthouse`: Lighthouse (mobile preset) on /, /void, /return and /help of the built app, served with
// the local backend the way `npm start` serves it. Prints the four category scores per route and exits
// 1 when one misses its target (performance ≥ 0.98; accessibility, best practices and SEO = 1).
// Chromium comes from CHROME_PATH (default: Debian's /usr/bin/chromium). Build first (`npm run build`).
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const APP_PORT = Number(process.env.APP_PORT ?? 4173)
const API_PORT = Number(process.env.API_PORT ?? 54321)
const ROUTES = ['/', '/void', '/return', '/help']
const TARGETS = { performance: 0.98, accessibility: 1, 'best-practices': 1, seo: 1 }
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

let failed = false
try {
  await waitFor(`http://localhost:${APP_PORT}/`)
  console.log('route     performance  accessibility  best-practices  seo')
  for (const route of ROUTES) {
    const out = join(work, `report${route.replace(/\//g, '_')}.json`)
    await lighthouse(`http://localhost:${APP_PORT}${route}`, out)
    const { categories } = JSON.parse(readFileSync(out, 'utf8'))
    const cells = Object.entries(TARGETS).map(([key, target]) => {
      const score = categories[key]?.score ?? 0
      const ok = score >= target
      failed ||= !ok
      return `${score.toFixed(2)}${ok ? '' : '!'}`.padEnd(key.length + 2)
    })
    console.log(`${route.padEnd(10)}${cells.join(' ')}`)
  }
  console.log(failed ? 'Below target (marked !).' : 'All routes meet their targets.')
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  failed = true
} finally {
  server.kill('SIGTERM')
  await new Promise((resolve) => server.once('exit', resolve))
  rmSync(work, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)
