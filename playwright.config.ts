import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the built app, served
// the way `npm start` serves it. A missing browser is an error, never a skip.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromium)) {
  throw new Error(
    `Chromium not found at ${chromium}: install Debian's chromium package (see README).`,
  )
}

// The browser sees the Noto fonts `npm run test:setup` installs and nothing else (tests/e2e/fonts.conf
// replaces the machine's font configuration): the screenshot baselines are drawn with them, and a
// machine with more fonts, or other font settings, draws the same pixels.
const fontconfigFile = fileURLToPath(new URL('./tests/e2e/fonts.conf', import.meta.url))

const appPort = Number(process.env.APP_PORT ?? 4173)
const apiPort = Number(process.env.API_PORT ?? 54321)
// A clean wall every run: a fresh PGlite folder (its creation takes 3–6 s, hence the timeout).
// Workers load this file too: they inherit the folder through the environment.
process.env.UNBURDEN_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'unburden-e2e-'))
const dataDir = process.env.UNBURDEN_E2E_DATA_DIR
// The tester controls' token, shared the same way with the backend and tests/e2e/support/backend.ts.
process.env.UNBURDEN_CONTROL_TOKEN ??= randomUUID()

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${appPort}`,
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      env: { ...process.env, FONTCONFIG_FILE: fontconfigFile },
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node --experimental-websocket --import tsx scripts/start.ts',
    // start.ts serves the app only once the backend is ready, so this URL waits for both.
    url: `http://localhost:${appPort}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      APP_PORT: String(appPort),
      API_PORT: String(apiPort),
      DATA_DIR: dataDir,
      UNBURDEN_FAULTS: '1',
      UNBURDEN_CONTROL_TOKEN: process.env.UNBURDEN_CONTROL_TOKEN,
      VOID_WRITE_LIMIT_PER_MINUTE: '0',
      DATA_DIR_REMOVE_ON_EXIT: '1',
      // The tests read GET /__requests; the per-request log would drown the report.
      LOG_REQUESTS: '0',
    },
  },
})
