/**
 * The network lab's Drop drill, run headless through the app's own button (issue 15 item 4): the
 * standard matrix with its own test offers, the page reloaded mid-queue once, and a table that must
 * say every offer was delivered once. The wall the backend really holds is checked too.
 */
import { expect, test, type Page } from '@playwright/test'
import { resetBackend, setFaults, wallRows } from './support/backend'
import { waitForServiceWorker } from './support/sw'

const TOKEN = process.env.UNBURDEN_CONTROL_TOKEN ?? ''

/** The drill's totals as the table shows them. */
async function drillTotals(page: Page): Promise<Record<string, number>> {
  const table = page.getByRole('table', { name: 'Drop drill result' })
  const totals: Record<string, number> = {}
  for (const name of ['offered', 'delivered', 'duplicated', 'lost'])
    totals[name] = Number(await table.locator(`[data-drill="${name}"]`).textContent())
  return totals
}

test.beforeEach(async () => {
  await resetBackend()
})

test('the Drop drill delivers every test offer once, across a reload, and says so in its table', async ({
  page,
}) => {
  test.setTimeout(300_000)
  await page.goto('/')
  await waitForServiceWorker(page)
  await page.goto(`/?lab&token=${encodeURIComponent(TOKEN)}`)
  // The address keeps neither the lab switch nor the token.
  await expect(page).toHaveURL(/\/$/)
  const drill = page.getByRole('region', { name: 'Drop drill' })
  await drill.getByRole('button', { name: 'Run the Drop drill' }).click()

  // Step by step, the banner shows while the drill simulates.
  await expect(
    page.getByRole('status').filter({ hasText: 'Network lab: simulating' }),
  ).toBeVisible()
  const table = page.getByRole('table', { name: 'Drop drill result' })
  await expect(table).toBeVisible({ timeout: 280_000 })
  await expect(table.getByRole('caption')).toContainText('passed')
  expect(await drillTotals(page)).toEqual({ offered: 6, delivered: 6, duplicated: 0, lost: 0 })
  const steps = await table
    .locator('tbody:nth-of-type(2) tr:not(:first-child) td:nth-child(2)')
    .allTextContents()
  expect(steps).toEqual([
    'offline',
    'backend down',
    '503',
    '429',
    'lost answer',
    'reload mid-queue',
  ])
  for (const time of await table
    .locator('tbody:nth-of-type(2) tr:not(:first-child) td:nth-child(4)')
    .allTextContents())
    expect(time).toMatch(/^\d+\.\d s$/)

  // The wall itself: each of the six test offers once, and nothing else.
  const texts = (await wallRows()).map((row) => row.text)
  expect(texts).toHaveLength(6)
  const runId = /^Drop drill (\S+) #1 \(offline\)$/.exec(texts.at(-1) ?? '')?.[1]
  expect(runId).toBeDefined()
  expect([...texts].reverse()).toEqual(
    ['offline', 'backend down', '503', '429', 'lost answer', 'reload mid-queue'].map(
      (step, i) => `Drop drill ${runId} #${i + 1} (${step})`,
    ),
  )
  // Every fault is off again, and the banner is gone.
  await expect(page.getByText('Network lab: simulating')).toBeHidden()
})

test('the drill refuses to run without the backend controls token, and says why', async ({
  page,
}) => {
  await page.goto('/?lab')
  const drill = page.getByRole('region', { name: 'Drop drill' })
  await drill.getByRole('button', { name: 'Run the Drop drill' }).click()
  await expect(drill.getByRole('status')).toHaveText(/needs the backend controls token/)
  expect(await wallRows()).toEqual([])
  await setFaults({ mode: 'none' })
})
