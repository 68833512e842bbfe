/**
 * The live wall end to end (docs/product.md, decision 16): a thought offered by someone else while
 * the reader is on The Void waits behind the "1 new thought" button and appears only when it is
 * pressed, with nothing moving before; the page asks at most every 30 s, never while hidden, and
 * backs off when the backend fails. Playwright's clock moves the page's time forward, so no test
 * waits 30 s.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { requestLog, resetBackend, seedThoughts, setFaults } from './support/backend'

test.use({ timezoneId: 'UTC', locale: 'en-US', serviceWorkers: 'block' })

test.beforeEach(async () => {
  await resetBackend()
  await seedThoughts([
    { text: 'The oldest one', createdAt: '2025-01-04T09:05:00Z' },
    { text: 'The middle one', createdAt: '2025-01-05T10:30:00Z' },
    { text: 'The newest one', createdAt: '2025-02-14T18:45:00Z' },
  ])
})

const cards = (page: Page) => page.getByRole('article')

/** The live wall's asks the backend received: the newer-rows query, oldest first. */
async function newerAsks(): Promise<number> {
  return (await requestLog()).filter((request) => request.query.includes('created_at.asc')).length
}

async function openWall(page: Page) {
  await page.clock.install()
  await page.goto('/void')
  await expect(cards(page)).toHaveCount(3)
  // The cards' entrance has played, so their place and colours are final (the last comes in a slice
  // of its own, a frame or more after the first).
  await expect(cards(page).last()).toHaveCSS('opacity', '1')
}

async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((hidden) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (hidden ? 'hidden' : 'visible'),
    })
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden })
    document.dispatchEvent(new Event('visibilitychange'))
  }, hidden)
}

test('a thought offered while reading waits behind the button; nothing moves until it is pressed', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await openWall(page)
  const first = cards(page).first()
  const before = await first.boundingBox()
  await seedThoughts([{ text: 'Arrived while you were reading' }])

  // Before 30 s nothing is asked; then one small ask finds it.
  await page.clock.fastForward('00:20')
  await page.waitForTimeout(300)
  expect(await newerAsks()).toBe(0)
  await page.clock.fastForward('00:10')
  const button = page.getByRole('button', { name: '1 new thought', exact: true })
  await expect(button).toBeVisible()
  expect(await newerAsks()).toBe(1)

  // Announced politely; reachable; 44 px; within a 360 px screen.
  await expect(page.locator('[aria-live="polite"]').filter({ has: button })).toHaveCount(1)
  const box = await button.boundingBox()
  expect(box!.height).toBeGreaterThanOrEqual(44)
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(360)
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])

  // Nothing moved and nothing new shows before the press.
  expect(await first.boundingBox()).toEqual(before)
  await expect(cards(page)).toHaveCount(3)
  await expect(page.getByText('Arrived while you were reading')).toHaveCount(0)
  await expect(page.getByText('3 thoughts • Anonymous', { exact: true })).toBeVisible()

  await button.focus()
  await page.keyboard.press('Enter')
  await expect(cards(page)).toHaveCount(4)
  await expect(cards(page).locator('.card__text')).toHaveText([
    'Arrived while you were reading',
    'The newest one',
    'The middle one',
    'The oldest one',
  ])
  await expect(page.getByText('4 thoughts • Anonymous', { exact: true })).toBeVisible()
  await expect(cards(page).first()).toBeFocused()
  await expect(page.getByRole('button', { name: /new thought/ })).toHaveCount(0)

  // The next ask starts after the newest shown: the same row is not counted again.
  await page.clock.fastForward('00:30')
  await expect.poll(newerAsks).toBe(2)
  await page.waitForTimeout(300)
  await expect(page.getByRole('button', { name: /new thought/ })).toHaveCount(0)
  await expect(page.getByText('4 thoughts • Anonymous', { exact: true })).toBeVisible()
})

test('a reported card stays hidden and is not counted as new', async ({ page }) => {
  await openWall(page)
  await seedThoughts([{ text: 'Two new' }, { text: 'Three new' }])
  await page.clock.fastForward('00:30')
  await expect(page.getByRole('button', { name: '2 new thoughts', exact: true })).toBeVisible()
  await page.getByRole('button', { name: '2 new thoughts' }).click()
  await expect(page.getByText('5 thoughts • Anonymous', { exact: true })).toBeVisible()
  await cards(page).filter({ hasText: 'Three new' }).getByRole('button', { name: 'Report' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Report' }).click()
  await expect(page.getByText('Three new')).toHaveCount(0)
  await page.clock.fastForward('00:30')
  await expect.poll(newerAsks).toBe(2)
  await page.waitForTimeout(300)
  await expect(page.getByText('Three new')).toHaveCount(0)
  await expect(page.getByRole('button', { name: /new thought/ })).toHaveCount(0)
})

test('no ask while the page is hidden; one at once when it is visible again', async ({ page }) => {
  await openWall(page)
  await setHidden(page, true)
  await seedThoughts([{ text: 'Offered while the tab was away' }])
  for (let minute = 0; minute < 5; minute++) await page.clock.fastForward('01:00')
  await page.waitForTimeout(300)
  expect(await newerAsks()).toBe(0)
  await expect(page.getByRole('button', { name: /new thought/ })).toHaveCount(0)

  await setHidden(page, false)
  await expect(page.getByRole('button', { name: '1 new thought', exact: true })).toBeVisible()
  expect(await newerAsks()).toBe(1)
})

test('no ask while offline; one at once when the network is back', async ({ page, context }) => {
  await openWall(page)
  await context.setOffline(true)
  await seedThoughts([{ text: 'Offered while this device was offline' }])
  for (let minute = 0; minute < 3; minute++) await page.clock.fastForward('01:00')
  await page.waitForTimeout(300)
  expect(await newerAsks()).toBe(0)
  await context.setOffline(false)
  await expect(page.getByRole('button', { name: '1 new thought', exact: true })).toBeVisible()
  expect(await newerAsks()).toBe(1)
})

test('idle: two small asks a minute; backend down: the asks back off to one per 5 min', async ({
  page,
}) => {
  await openWall(page)
  /** Moves the page's time on by `seconds` in 30 s steps, letting each ask finish. */
  const idle = async (seconds: number) => {
    for (let t = 0; t < seconds; t += 30) {
      await page.clock.fastForward('00:30')
      await page.waitForTimeout(150)
    }
  }
  await idle(600)
  const healthy = await newerAsks()
  expect(healthy).toBe(20)

  await setFaults({ mode: '503' })
  await idle(30 * 60)
  const down = (await newerAsks()) - healthy
  // After 30, 60, 120, 240 s, then every 300 s: 4 asks in the first 7.5 min, 9 in 30 min.
  expect(down).toBeLessThanOrEqual(10)
  expect(down).toBeGreaterThanOrEqual(8)
  console.log(`live wall asks: idle ${healthy / 10}/min; backend down ${down} in 30 min`)

  // The backend is back: within the 5 min wait the wall recovers, and the cadence is 30 s again.
  await setFaults({ mode: 'none' })
  await seedThoughts([{ text: 'After the storm' }])
  await idle(300)
  await expect(page.getByRole('button', { name: '1 new thought', exact: true })).toBeVisible()
  const back = await newerAsks()
  await idle(60)
  expect((await newerAsks()) - back).toBe(2)
})
