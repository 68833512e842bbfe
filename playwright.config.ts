import { existsSync } from 'node:fs'
import { defineConfig } from '@playwright/test'

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the built app, served
// the way `npm start` serves it. A missing browser is an error, never a skip.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromium)) {
  throw new Error(
    `Chromium not found at ${chromium}: install Debian's chromium package (see README).`,
  )
}

const appPort = Number(process.env.APP_PORT ?? 4173)
const apiPort = Number(process.env.API_PORT ?? 54321)

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
    url: `http://localhost:${appPort}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    env: { APP_PORT: String(appPort), API_PORT: String(apiPort) },
  },
})
