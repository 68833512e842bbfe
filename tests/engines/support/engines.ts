/**
 * The three browser engines that run here, behind one small interface, with nothing downloaded:
 * - Chromium (Debian `chromium`) and Firefox (Debian `firefox-esr`) through puppeteer-core, over CDP
 *   and WebDriver BiDi;
 * - WebKit (WebKitGTK's MiniBrowser from Debian's `webkit2gtk-driver`) through WebKitWebDriver and
 *   selenium-webdriver, under a private Xvfb display, since MiniBrowser has no headless mode.
 * Session creation is timed out (a missing display makes WebKit hang silently) and every process
 * started here is stopped on close, on a failed start, and when the test process exits.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import puppeteer, { type Browser, type Page } from 'puppeteer-core'
import { Builder, type WebDriver } from 'selenium-webdriver'
import { freePort } from '../../fixtures/free-port'

export type EngineName = 'chromium' | 'firefox' | 'webkit'

const ALL_ENGINES: EngineName[] = ['chromium', 'firefox', 'webkit']

/** The engines to run: all three, or those named in ENGINES (comma-separated) while developing. */
export const ENGINES: EngineName[] = process.env.ENGINES
  ? ALL_ENGINES.filter((name) => process.env.ENGINES?.split(',').includes(name))
  : ALL_ENGINES

/** One browser session: navigate, run a function in the page, close. */
export interface EngineSession {
  name: EngineName
  goto(url: string): Promise<void>
  reload(): Promise<void>
  /** Runs `fn` in the page with JSON-serialisable `args`, awaiting its promise. */
  run<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<Awaited<T>>
  close(): Promise<void>
}

const SESSION_TIMEOUT_MS = 45_000
const WEBKIT_LIBEXEC = [
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1',
  '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1',
]
const BINARIES = {
  chromium: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  firefox: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
  webkitDriver: process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver',
  xvfb: process.env.XVFB_PATH ?? '/usr/bin/Xvfb',
}

const children = new Set<ChildProcess>()
function track(child: ChildProcess): ChildProcess {
  children.add(child)
  child.once('exit', () => children.delete(child))
  return child
}
function killAll() {
  for (const child of children) child.kill('SIGKILL')
}
process.once('exit', killAll)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killAll()
    process.exit(130)
  })
}

/** Where MiniBrowser lives, or undefined. */
export function miniBrowserPath(): string | undefined {
  if (process.env.MINIBROWSER_PATH) return process.env.MINIBROWSER_PATH
  return WEBKIT_LIBEXEC.map((dir) => `${dir}/MiniBrowser`).find((path) => existsSync(path))
}

/** What each engine needs that is missing on this machine (empty when it can run). */
export function missingFor(engine: EngineName): string[] {
  const need: Record<EngineName, [string, string | undefined][]> = {
    chromium: [['chromium', BINARIES.chromium]],
    firefox: [['firefox-esr', BINARIES.firefox]],
    webkit: [
      ['webkit2gtk-driver (WebKitWebDriver)', BINARIES.webkitDriver],
      ['MiniBrowser (libwebkit2gtk-4.1)', miniBrowserPath()],
      ['xvfb', BINARIES.xvfb],
    ],
  }
  return need[engine].filter(([, path]) => !path || !existsSync(path)).map(([name]) => name)
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms)
    }),
  ])
}

/** A free TCP port on loopback. */

function freeDisplay(): number {
  const taken = new Set(existsSync('/tmp/.X11-unix') ? readdirSync('/tmp/.X11-unix') : [])
  for (let n = 90; n < 200; n++)
    if (!taken.has(`X${n}`) && !existsSync(`/tmp/.X${n}-lock`)) return n
  throw new Error('No free X display number')
}

async function waitForPort(port: number, ms: number) {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    try {
      await fetch(`http://127.0.0.1:${port}/status`)
      return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  throw new Error(`WebKitWebDriver did not listen on ${port}`)
}

const PUPPETEER_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--no-sandbox',
]

function puppeteerSession(name: EngineName, browser: Browser, page: Page): EngineSession {
  return {
    name,
    goto: async (url) => {
      await page.goto(url, { waitUntil: 'load' })
    },
    reload: async () => {
      await page.reload({ waitUntil: 'load' })
    },
    run: (fn, ...args) => page.evaluate(fn as never, ...(args as unknown as never[])) as never,
    close: async () => {
      const process = browser.process()
      await withTimeout(browser.close(), 10_000, `${name} close`).catch(() =>
        process?.kill('SIGKILL'),
      )
    },
  }
}

async function launchPuppeteer(name: 'chromium' | 'firefox'): Promise<EngineSession> {
  const browser = await withTimeout(
    puppeteer.launch(
      name === 'chromium'
        ? {
            browser: 'chrome',
            executablePath: BINARIES.chromium,
            headless: true,
            args: PUPPETEER_ARGS,
          }
        : {
            browser: 'firefox',
            executablePath: BINARIES.firefox,
            headless: true,
            protocol: 'webDriverBiDi',
          },
    ),
    SESSION_TIMEOUT_MS,
    `${name} launch`,
  )
  const spawned = browser.process()
  if (spawned) track(spawned)
  try {
    const page = await browser.newPage()
    page.setDefaultTimeout(30_000)
    return puppeteerSession(name, browser, page)
  } catch (error) {
    spawned?.kill('SIGKILL')
    throw error
  }
}

async function launchWebKit(): Promise<EngineSession> {
  const display = freeDisplay()
  const xvfb = track(
    spawn(BINARIES.xvfb, [`:${display}`, '-screen', '0', '1280x900x24', '-nolisten', 'tcp'], {
      stdio: 'ignore',
    }),
  )
  const port = await freePort()
  const driverProcess = track(
    spawn(BINARIES.webkitDriver, [`--port=${port}`], {
      stdio: 'ignore',
      env: { ...process.env, DISPLAY: `:${display}` },
    }),
  )
  const stopProcesses = () => {
    driverProcess.kill('SIGKILL')
    xvfb.kill('SIGKILL')
  }
  let driver: WebDriver
  try {
    await waitForPort(port, 10_000)
    const pending = new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: miniBrowserPath(), args: ['--automation'] },
      })
      .build()
    // build() answers a thenable driver; getSession() is the real promise of the session.
    await withTimeout(pending.getSession(), SESSION_TIMEOUT_MS, 'WebKit session')
    driver = pending
    await driver.manage().setTimeouts({ script: 30_000, pageLoad: 30_000 })
  } catch (error) {
    stopProcesses()
    throw error
  }
  return {
    name: 'webkit',
    goto: async (url) => {
      await driver.get(url)
    },
    reload: async () => {
      await driver.navigate().refresh()
    },
    run: async (fn, ...args) => {
      // WebDriver's async script: the last argument is the callback; errors come back as values.
      const script = `const done = arguments[arguments.length - 1];
        Promise.resolve((${fn.toString()}).apply(null, Array.prototype.slice.call(arguments, 0, -1)))
          .then((value) => done({ ok: true, value }), (error) => done({ ok: false, error: String(error && error.stack || error) }))`
      const result = (await driver.executeAsyncScript(script, ...args)) as
        { ok: true; value: never } | { ok: false; error: string }
      if (!result.ok) throw new Error(result.error)
      return result.value
    },
    close: async () => {
      await withTimeout(driver.quit(), 10_000, 'WebKit quit').catch(() => undefined)
      stopProcesses()
    },
  }
}

/** Starts a fresh session of `engine`; throws with what is missing when it cannot run here. */
export async function launchEngine(engine: EngineName): Promise<EngineSession> {
  const missing = missingFor(engine)
  if (missing.length > 0) throw new Error(`${engine} cannot run: missing ${missing.join(', ')}`)
  return engine === 'webkit' ? launchWebKit() : launchPuppeteer(engine)
}
