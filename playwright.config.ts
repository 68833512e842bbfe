import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'
import { CHROMIUM_PATH, chromiumLaunchOptions } from './tests/e2e/support/chromium'

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the built app, served
// the way `npm start` serves it, with the Noto fonts alone (tests/e2e/support/chromium.ts): the
// screenshot baselines are drawn with them. A missing browser is an error, never a skip.
if (!existsSync(CHROMIUM_PATH)) {
  throw new Error(
    `Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium package (see README).`,
  )
}

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
    launchOptions: chromiumLaunchOptions(),
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
