/**
 * `npm run screenshots` (a build, then this script): draws the web manifest's screenshots from the
 * built app (the list, sizes and labels: src/i18n/manifest-screenshots.ts) into
 * public/screenshots/<lang>-<screen>-<form>.png, each recompressed losslessly (./png-recompress.ts).
 * The app and the local backend are served the way `npm start` serves them, on a fresh data folder;
 * before each language's screens The Void is emptied and given eight calm thoughts in that language
 * (scripts/screenshot-thoughts.ts), with fixed dates, so a run draws the same pixels again.
 *
 * Each language is the browser's (the context's locale), the way a first visit chooses it. The
 * screens are the app at rest: no service worker (so no update notice), the install event kept from
 * the page, online; the run fails when a notice, a toast or a page error shows anyway. Debian's
 * Chromium draws them (CHROMIUM_PATH, default /usr/bin/chromium) with the Noto fonts the end-to-end
 * tests use (tests/e2e/fonts.conf), so Arabic and Chinese draw in their own scripts.
 *
 * Environment: APP_PORT (default 4173), API_PORT (default 54321; the build must talk to it:
 * `VITE_SUPABASE_URL=http://localhost:$API_PORT`), LANGUAGES (a comma-separated subset, to redo some).
 */
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from '@playwright/test'
import { LANGUAGES, isLanguage, type Language } from '../src/i18n/i18n.ts'
import { SCREENSHOTS, SCREENSHOT_PATHS, type Screenshot } from '../src/i18n/manifest-screenshots.ts'
import { recompressPng } from './png-recompress.ts'
import { SCREENSHOT_THOUGHTS } from './screenshot-thoughts.ts'
import { CHROMIUM_PATH, chromiumLaunchOptions } from '../tests/e2e/support/chromium.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const OUT_DIR = join(ROOT, 'public')
const APP_PORT = Number(process.env.APP_PORT ?? 4173)
const API_PORT = Number(process.env.API_PORT ?? 54321)
const APP_URL = `http://localhost:${APP_PORT}`
const API_URL = `http://localhost:${API_PORT}`
const CONTROL_TOKEN = randomUUID()
/** The newest sample thought's date; the others an hour and a quarter apart before it. */
const NEWEST = Date.parse('2026-03-14T21:40:00Z')

/** The page's selectors of what a screenshot must not show. */
const NOT_AT_REST = {
  'the offline line': '.offline-status__line',
  'the install affordance': '.install-prompt',
  'the update notice': '.app-notice',
  'a toast': '.toast',
}

const wanted = (process.env.LANGUAGES ?? LANGUAGES.join(','))
  .split(',')
  .map((tag) => tag.trim())
  .filter(Boolean)
const unknown = wanted.filter((tag) => !isLanguage(tag))
if (unknown.length)
  fail(`LANGUAGES names ${unknown.join(', ')}: the app speaks ${LANGUAGES.join(', ')}.`)
const languages = wanted.filter(isLanguage)

if (!existsSync(join(ROOT, 'dist/index.html'))) fail('No build in dist/: run npm run build first.')
if (!existsSync(CHROMIUM_PATH)) fail(`Chromium not found at ${CHROMIUM_PATH}: set CHROMIUM_PATH.`)
if (API_PORT !== 54321) {
  const assets = join(ROOT, 'dist/assets')
  const talks = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .some((file) => readFileSync(join(assets, file), 'utf8').includes(API_URL))
  if (!talks)
    fail(`The build does not talk to ${API_URL}: build with VITE_SUPABASE_URL=${API_URL}.`)
}

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

const work = mkdtempSync(join(tmpdir(), 'unburden-screenshots-'))
const server = spawn(
  process.execPath,
  ['--experimental-websocket', '--import', 'tsx', 'scripts/start.ts'],
  {
    cwd: ROOT,
    env: {
      ...process.env,
      APP_PORT: String(APP_PORT),
      API_PORT: String(API_PORT),
      DATA_DIR: join(work, 'data'),
      DATA_DIR_REMOVE_ON_EXIT: '1',
      // The reset and seed controls, behind this run's token; no fault is ever set.
      UNBURDEN_FAULTS: '1',
      UNBURDEN_CONTROL_TOKEN: CONTROL_TOKEN,
      LOG_REQUESTS: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
)
let serverOutput = ''
server.stdout.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()))
const serverExited = new Promise<void>((resolve) => server.once('exit', () => resolve()))

async function waitForApp(timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server stopped:\n${serverOutput}`)
    try {
      if ((await fetch(`${APP_URL}/`)).ok) return
    } catch {
      // Not serving yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${APP_URL} did not come up:\n${serverOutput}`)
}

async function control(path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${API_URL}${path}`, {
    method: 'POST',
    headers: {
      'x-unburden-control-token': CONTROL_TOKEN,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
}

/** Empties The Void and puts `language`'s sample thoughts on it, the first the newest. */
async function seedVoid(language: Language): Promise<void> {
  await control('/__reset')
  const thoughts = SCREENSHOT_THOUGHTS[language]
  await control('/__seed', {
    rows: thoughts.map((text, i) => ({
      text,
      createdAt: new Date(NEWEST - i * 75 * 60_000).toISOString(),
    })),
  })
}

/** Waits until `shot`'s screen is drawn in its language, with its fonts, and nothing else shows. */
async function settle(page: Page, shot: Screenshot): Promise<void> {
  await page.waitForFunction((lang) => document.documentElement.lang === lang, shot.language)
  await page.locator('h1').first().waitFor({ state: 'visible' })
  if (shot.screen === 'void') {
    const cards = page.getByRole('article')
    const count = SCREENSHOT_THOUGHTS[shot.language].length
    await page.waitForFunction((n) => document.querySelectorAll('article').length === n, count, {
      timeout: 20_000,
    })
    await cards.first().waitFor({ state: 'visible' })
  } else {
    await page.locator('textarea').first().waitFor({ state: 'visible' })
  }
  // The notices and the install affordance load after the first paint: let them come, then check.
  await page.waitForLoadState('networkidle')
  await page.evaluate(async () => {
    await document.fonts.ready
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  })
  // Entrance animations end (reduced motion shortens, not always removes, them).
  await page.waitForTimeout(1000)
  for (const [what, selector] of Object.entries(NOT_AT_REST)) {
    const shown = await page.locator(selector).filter({ visible: true }).count()
    if (shown) throw new Error(`${shot.src}: ${what} shows.`)
  }
}

/** Draws `shot` and writes its file; returns the file's size in bytes. */
async function draw(browser: Browser, shot: Screenshot): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: shot.width, height: shot.height },
    deviceScaleFactor: 1,
    isMobile: shot.form_factor === 'narrow',
    hasTouch: shot.form_factor === 'narrow',
    locale: shot.language === 'en' ? 'en-US' : shot.language,
    timezoneId: 'UTC',
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
  })
  // Chromium may offer installation; the page never hears of it, so no "Install" is drawn.
  await context.addInitScript(() => {
    window.addEventListener('beforeinstallprompt', (event) => event.stopImmediatePropagation(), {
      capture: true,
    })
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  try {
    await page.goto(`${APP_URL}${SCREENSHOT_PATHS[shot.screen]}`)
    await settle(page, shot)
    if (errors.length) throw new Error(`${shot.src}: the page reported ${errors.join('; ')}`)
    const png = recompressPng(
      await page.screenshot({ animations: 'disabled', caret: 'hide', scale: 'css' }),
    )
    writeFileSync(join(OUT_DIR, shot.src), png)
    console.log(`${shot.src}  ${shot.sizes}  ${(png.length / 1024).toFixed(1)} KB`)
    return png.length
  } finally {
    await context.close()
  }
}

let failed = false
let total = 0
let browser: Browser | undefined
try {
  await waitForApp()
  mkdirSync(join(OUT_DIR, 'screenshots'), { recursive: true })
  browser = await chromium.launch(chromiumLaunchOptions())
  for (const language of languages) {
    await seedVoid(language)
    for (const shot of SCREENSHOTS.filter((s) => s.language === language))
      total += await draw(browser, shot)
  }
  console.log(`${(total / 1024).toFixed(0)} KB in all`)
} catch (error) {
  console.error((error as Error).message)
  failed = true
} finally {
  await browser?.close()
  server.kill('SIGTERM')
  await serverExited
}
process.exit(failed ? 1 : 0)
