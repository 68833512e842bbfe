/**
 * Shared by the bench/suites/void-*.ts suites: builds the app once per run into a temporary folder
 * (talking to the bench's own API port), serves it, and launches Debian's Chromium headless; starts
 * the local backend on a temporary data folder and fills the wall through its seed control.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { build, preview } from 'vite'
import { buildRevision } from '../scripts/build-revision.mjs'
import { writeBrotliCopies } from '../scripts/precompress'
import { startBackend, type Backend } from '../server/index'
import { freePort } from '../tests/fixtures/free-port'

const root = resolve(import.meta.dirname, '..')
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

let built: Promise<{ outDir: string; apiPort: number }> | undefined

/** The app built once for this bench run, with the port its backend must listen on. */
export function buildVoidBenchApp(): Promise<{ outDir: string; apiPort: number }> {
  built ??= (async () => {
    const apiPort = Number(process.env.BENCH_API_PORT ?? (await freePort()))
    const outDir = mkdtempSync(join(tmpdir(), 'unburden-bench-dist-'))
    process.env.VITE_SUPABASE_URL = `http://localhost:${apiPort}`
    await build({
      root,
      configFile: join(root, 'vite.config.ts'),
      build: { outDir, emptyOutDir: true },
      logLevel: 'error',
    })
    // As `npm run build` does after the bundler: served as `npm start` serves it, and as the build
    // of BENCH_COMPARE_REV is (scripts/build-revision.mjs).
    writeBrotliCopies(outDir)
    process.on('exit', () => rmSync(outDir, { recursive: true, force: true }))
    return { outDir, apiPort }
  })()
  return built
}

/**
 * Another build to measure beside this one, talking to the same backend: BENCH_COMPARE_DIST, a
 * dist/ folder built already (with VITE_SUPABASE_URL at `apiPort`), or BENCH_COMPARE_REV, a git
 * revision of this repository, built here into a temporary folder (scripts/build-revision.mjs).
 * Undefined when neither is set.
 */
export async function compareBuild(
  apiPort: number,
): Promise<{ outDir: string; label: string } | undefined> {
  const dist = process.env.BENCH_COMPARE_DIST
  if (dist) return { outDir: resolve(dist), label: dist }
  const rev = process.env.BENCH_COMPARE_REV
  if (!rev) return undefined
  return { outDir: buildRevision(rev, `http://localhost:${apiPort}`), label: rev }
}

/** A served build and a headless Chromium; `close` stops both. */
export interface VoidBenchApp {
  appUrl: string
  apiPort: number
  browser: Browser
  close(): Promise<void>
}

/** Serves a built dist/ as it is, with this project's preview (its Brotli copies included). */
export async function serveBuild(
  outDir: string,
  port?: number,
): Promise<{ url: string; close(): Promise<void> }> {
  const appPort = port ?? (await freePort())
  const server = await preview({
    root,
    configFile: join(root, 'vite.config.ts'),
    build: { outDir: resolve(outDir) },
    preview: { port: appPort, strictPort: true, host: 'localhost' },
    logLevel: 'error',
  })
  return { url: `http://localhost:${appPort}`, close: () => server.close() }
}

/** Serves the bench build on a free port and launches Chromium. */
export async function openVoidBenchApp(): Promise<VoidBenchApp> {
  const { outDir, apiPort } = await buildVoidBenchApp()
  const port = process.env.BENCH_APP_PORT ? Number(process.env.BENCH_APP_PORT) : undefined
  const server = await serveBuild(outDir, port)
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  return {
    appUrl: server.url,
    apiPort,
    browser,
    close: async () => {
      await browser.close()
      await server.close()
    },
  }
}

/** A backend on a temporary PGlite folder, listening where the bench build expects it. */
export async function startVoidBackend(): Promise<
  Backend & { seed(count: number): Promise<void> }
> {
  const { apiPort } = await buildVoidBenchApp()
  const dataDir = mkdtempSync(join(tmpdir(), 'unburden-bench-data-'))
  const backend = await startBackend({
    port: apiPort,
    host: 'localhost',
    dataDir,
    faults: true,
    writeLimitPerMinute: 0,
    log: false,
  })
  return {
    ...backend,
    close: async () => {
      await backend.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
    seed: (count) => seedWall(backend.url, count, backend.controlToken),
  }
}

/** Texts of varied length, like a real wall: a line or two, sometimes a paragraph. */
function thoughtText(i: number): string {
  const words = 'I carried this quietly for a long time and today I finally set it down here'.split(
    ' ',
  )
  const length = 6 + ((i * 7919) % 60)
  const parts: string[] = []
  for (let w = 0; w < length; w++) parts.push(words[(i + w) % words.length]!)
  return `#${i + 1} ${parts.join(' ')}.`
}

/** Puts `count` thoughts on an emptied wall, one a minute back from now, newest last. */
export async function seedWall(apiUrl: string, count: number, token: string): Promise<void> {
  const reset = await fetch(`${apiUrl}/__reset`, {
    method: 'POST',
    headers: { 'x-unburden-control-token': token },
  })
  if (!reset.ok) throw new Error(`reset: ${reset.status}`)
  const now = Date.now()
  const CHUNK = 10_000
  for (let start = 0; start < count; start += CHUNK) {
    const rows = []
    for (let i = start; i < Math.min(count, start + CHUNK); i++)
      rows.push({
        text: thoughtText(i),
        createdAt: new Date(now - (count - i) * 60_000).toISOString(),
      })
    const response = await fetch(`${apiUrl}/__seed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-unburden-control-token': token },
      body: JSON.stringify({ rows }),
    })
    if (!response.ok) throw new Error(`seed: ${response.status} ${await response.text()}`)
  }
}
