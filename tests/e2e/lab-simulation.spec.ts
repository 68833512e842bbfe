/**
 * The network lab's in-app simulation (issue 15 items 3 and 5): the service worker fails the app's
 * backend requests only while a visible banner names the simulation, on every screen and in every
 * tab; Stop, turning the lab off, or a banner that stops renewing the lease all end it.
 */
import { expect, test, type Page } from '@playwright/test'
import { API_URL, requestLog, resetBackend, wallRows } from './support/backend'
import { HELD, offerFromWriter } from './support/offline'
import { waitForServiceWorker } from './support/sw'

const banner = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Network lab: simulating' })

/** A REST read of the wall from the page (through its service worker): the status, or 0 on a network error. */
const pageRead = (page: Page) =>
  page.evaluate(async (api) => {
    try {
      const response = await fetch(`${api}/rest/v1/void_thoughts?select=id`, {
        headers: {
          apikey:
            'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
        },
      })
      return response.status
    } catch {
      return 0
    }
  }, API_URL)

/** Opens the lab panel in `page` and chooses `mode` in its in-app simulation. */
async function simulate(page: Page, mode: RegExp) {
  const controls = page.getByRole('region', { name: 'Break the network' })
  await controls.getByRole('radio', { name: mode }).check()
}

test.beforeEach(async ({ page }) => {
  await resetBackend()
  await page.goto('/')
  await waitForServiceWorker(page)
})

test('offline simulation: a banner on every screen and in a second tab; held offers arrive after Stop', async ({
  page,
  context,
}) => {
  const second = await context.newPage()
  await second.goto('/void')
  await waitForServiceWorker(second)
  await page.goto('/?lab')
  await simulate(page, /^offline$/)

  await expect(banner(page)).toContainText('offline')
  await expect(banner(second)).toContainText('offline')
  expect(await pageRead(page)).toBe(0)
  expect(await pageRead(second)).toBe(0)

  // The writer's offer is held: the request never reached the backend.
  const before = (await requestLog()).length
  await page.getByRole('button', { name: 'Close' }).click()
  await offerFromWriter(page, 'held by the lab', HELD)
  expect((await requestLog()).length).toBe(before)
  expect(await wallRows()).toEqual([])
  await expect(banner(page)).toBeVisible()

  // Every screen keeps the banner.
  for (const link of ['The Void', 'Return to Yourself']) {
    await page.getByRole('link', { name: link }).first().click()
    await expect(banner(page)).toBeVisible()
  }

  await banner(second).getByRole('button', { name: 'Stop' }).click()
  await expect(banner(second)).toBeHidden()
  await expect(banner(page)).toBeHidden()
  await expect
    .poll(async () => (await wallRows()).map((row) => row.text), { timeout: 30_000 })
    .toEqual(['held by the lab'])
  expect(await pageRead(page)).toBe(200)
})

test('503 and lost answers: as the banner says, and the app files still load', async ({ page }) => {
  await page.goto('/?lab')
  await simulate(page, /^503/)
  await expect(banner(page)).toContainText('503 from the backend')
  expect(await pageRead(page)).toBe(503)
  // The app's own files are never simulated: a reload still shows the app.
  await page.reload()
  await expect(page.getByRole('textbox', { name: 'Your thought' })).toBeVisible()
  await expect(banner(page)).toBeVisible()

  await simulate(page, /^lost answers/)
  await expect(banner(page)).toContainText('lost answers')
  const sent = (await requestLog()).length
  expect(await pageRead(page)).toBe(0)
  // The request went through; only its answer was dropped.
  expect((await requestLog()).length).toBe(sent + 1)
})

test('turning the lab off ends the simulation in every tab', async ({ page, context }) => {
  const second = await context.newPage()
  await second.goto('/')
  await page.goto('/?lab')
  await simulate(page, /^offline$/)
  await expect(banner(second)).toBeVisible()
  await page.getByRole('button', { name: 'Turn off' }).click()
  await expect(banner(page)).toBeHidden()
  await expect(banner(second)).toBeHidden()
  expect(await pageRead(second)).toBe(200)
})

test('with no banner renewing it, the simulation lapses by itself and requests go through', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await page.goto('/?lab')
  await simulate(page, /^503/)
  await expect(banner(page)).toBeVisible()
  expect(await pageRead(page)).toBe(503)
  // The only page with a banner goes to the background (as on a phone): it stops renewing the lease.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  const hiddenAt = Date.now()
  // The worker lets the lease lapse (15 s after the last renewal) and tells the page: no banner.
  await expect(banner(page)).toBeHidden({ timeout: 25_000 })
  expect(Date.now() - hiddenAt).toBeGreaterThan(9_000)
  expect(await pageRead(page)).toBe(200)
})
