/**
 * The network lab's panel (issue 15 items 1, 2): off unless asked for, its code loaded only then; a
 * held offer's tries and last answer, read live from the queue; its journey to the wall; Withdraw.
 * In Chromium with the service worker active, against the local backend's fault injection.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { API_URL, resetBackend, setFaults } from './support/backend'
import {
  HELD,
  OFFLINE_LINE,
  offerFromWriter,
  offlineLine,
  queuedOffers,
  wallTexts,
} from './support/offline'
import { waitForServiceWorker } from './support/sw'

const panel = (page: Page) => page.getByRole('region', { name: 'Network lab' })
const labControl = (page: Page) => page.getByRole('button', { name: 'Open the network lab' })
const fact = (scope: ReturnType<typeof panel>, term: string) =>
  scope.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]')

/** Opens the app with the lab on, then closes the panel so the writer is free to use. */
async function openLab(page: Page): Promise<void> {
  await page.goto('/?lab')
  await waitForServiceWorker(page)
  await expect(panel(page)).toBeVisible()
}

test.beforeEach(async () => {
  await resetBackend()
})

test('without ?lab and with no lab backend, no lab code loads and nothing shows', async ({
  page,
}) => {
  const loaded: string[] = []
  page.on('request', (request) => loaded.push(request.url()))
  let probed = false
  await page.route(`${API_URL}/__lab`, (route) => {
    probed = true
    return route.fulfill({ status: 404, json: { code: 'PGRST125', message: 'Not found' } })
  })
  await page.goto('/')
  await expect.poll(() => probed, { timeout: 10_000 }).toBe(true)
  await page.waitForTimeout(500)
  expect(loaded.filter((url) => /lab-mount-/.test(url))).toEqual([])
  await expect(labControl(page)).toHaveCount(0)
  await expect(panel(page)).toHaveCount(0)
})

test('a local backend with faults on shows only the quiet Lab control, which opens the panel', async ({
  page,
}) => {
  await page.route(`${API_URL}/__lab`, (route) => route.fulfill({ json: { faults: true } }))
  await page.goto('/')
  await expect(labControl(page)).toBeVisible({ timeout: 10_000 })
  await expect(panel(page)).toHaveCount(0)
  await labControl(page).click()
  await expect(panel(page)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Network lab' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(panel(page)).toHaveCount(0)
  await expect(labControl(page)).toBeFocused()
})

test('?lab opens the panel, is remembered for the tab and leaves the address; ?lab=off forgets it', async ({
  page,
}) => {
  await openLab(page)
  expect(new URL(page.url()).search).toBe('')
  const lab = panel(page)
  await expect(fact(lab, 'Network')).toHaveText('online')
  await expect(fact(lab, 'Service worker')).toContainText('activated')
  await expect(fact(lab, 'Service worker')).toContainText('controls this page')
  await expect(fact(lab, 'Service worker')).toContainText('version')
  await expect(fact(lab, 'Background Sync')).toHaveText('yes')
  await expect(fact(lab, 'Web Locks')).toHaveText('yes')
  await expect(fact(lab, 'Flush lock')).toHaveText('held by nobody')
  expect((await new AxeBuilder({ page }).include('.lab-panel').analyze()).violations).toEqual([])

  await page.reload()
  await expect(panel(page)).toBeVisible()
  await page.goto('/?lab=off')
  await page.waitForTimeout(1500)
  await expect(panel(page)).toHaveCount(0)
  expect(await page.evaluate(() => sessionStorage.getItem('unburden.lab'))).toBeNull()
})

test('a held offer shows its tries and last answer live; back online, its journey ends delivered', async ({
  page,
  context,
}) => {
  await openLab(page)
  await panel(page).getByRole('button', { name: 'Close' }).click()
  await setFaults({ mode: 'drop' })
  await offerFromWriter(page, 'through the storm', HELD)
  await labControl(page).click()
  const lab = panel(page)
  await expect(lab.getByRole('heading', { name: 'Held offers (1)' })).toBeVisible()
  const offer = lab.getByRole('listitem').filter({ hasText: 'Offer' }).first()
  await expect(fact(offer, 'Tries')).not.toHaveText('0')
  await expect(fact(offer, 'Last answer')).toContainText('network error')
  // The words are blurred until the tester asks.
  await expect(offer.getByText('Words hidden')).toBeAttached()
  await offer.getByRole('button', { name: 'Show words' }).click()
  await expect(offer.getByText('through the storm')).toBeVisible()

  await context.setOffline(true)
  await expect(offlineLine(page)).toHaveText(`${OFFLINE_LINE} · 1 offer waiting`)
  await expect(fact(lab, 'Network')).toHaveText('offline')
  await expect(fact(offer, 'Next try')).toHaveText('when the app is back online')

  await setFaults({ mode: 'none' })
  await context.setOffline(false)
  await expect.poll(wallTexts).toEqual(['through the storm'])
  await expect(lab.getByRole('heading', { name: 'Held offers (0)' })).toBeVisible()
  const journey = lab.locator('details', { hasText: 'Offer delivered' })
  await journey.locator('summary').click()
  const timeline = journey.getByRole('list', { name: 'Journey' })
  await expect(timeline).toContainText('Try 1 by the page (the first send)')
  await expect(timeline).toContainText('Answer: network error')
  await expect(timeline).toContainText('Held in the queue')
  await expect(timeline).toContainText('by the page (back online)')
  await expect(timeline).toContainText('Answer: 201')
  await expect(timeline).toContainText('Delivered (by the page)')
  expect(await wallTexts()).toEqual(['through the storm'])
})

test('Withdraw in the panel gives the words back to Return to Yourself', async ({
  page,
  context,
}) => {
  await openLab(page)
  await panel(page).getByRole('button', { name: 'Close' }).click()
  await context.setOffline(true)
  await offerFromWriter(page, 'not today after all', HELD)
  await labControl(page).click()
  const lab = panel(page)
  // Made offline: held without a try.
  const offer = lab.getByRole('listitem').filter({ hasText: 'Offer' }).first()
  await expect(fact(offer, 'Tries')).toHaveText('0')
  await expect(fact(offer, 'Last answer')).toHaveText('none yet')
  await expect(fact(offer, 'Next try')).toHaveText('when the app is back online')
  await lab.getByRole('button', { name: 'Withdraw' }).click()
  // The panel's own notice (the drill's section keeps a live region of its own).
  await expect(lab.locator('.lab-notice')).toHaveText(
    'Withdrawn: the words are back in Return to Yourself.',
  )
  await expect(lab.getByRole('heading', { name: 'Held offers (0)' })).toBeVisible()
  expect(await queuedOffers(page)).toEqual([])
  const journey = lab.locator('details', { hasText: 'Offer withdrawn' })
  await journey.locator('summary').click()
  await expect(journey.getByRole('list', { name: 'Journey' })).toContainText('Withdrawn')
  await lab.getByRole('button', { name: 'Close' }).click()
  await page.getByRole('link', { name: 'Return to Yourself' }).click()
  await expect(page.getByText('not today after all')).toBeVisible()
  await context.setOffline(false)
  expect(await wallTexts()).toEqual([])
})

test('the flush lock’s holder: this tab or another tab, told apart by Web Locks client ids', async ({
  page,
  context,
}) => {
  await openLab(page)
  const lock = fact(panel(page), 'Flush lock')
  await expect(lock).toHaveText('held by nobody')
  const hold = (p: Page) =>
    p.evaluate(() => {
      let release!: () => void
      void navigator.locks.request(
        'unburden-offer-flush',
        () => new Promise<void>((resolve) => (release = resolve)),
      )
      Object.assign(window, { releaseFlushLock: () => release() })
    })
  const release = (p: Page) =>
    p.evaluate(() => (window as unknown as { releaseFlushLock: () => void }).releaseFlushLock())
  await hold(page)
  await expect(lock).toHaveText('held by this tab')
  await release(page)
  await expect(lock).toHaveText('held by nobody')
  const other = await context.newPage()
  await other.goto('/')
  await hold(other)
  // That tab's own queue may ask for the lock as it starts: it then waits, and the lab says so.
  await expect(lock).toHaveText(/^held by another tab(, \d+ waiting)?$/)
  await release(other)
  await expect(lock).toHaveText('held by nobody')
})

for (const width of [390, 360]) {
  test(`the panel fits a ${width} px phone`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 })
    await openLab(page)
    const lab = panel(page)
    const box = await lab.boundingBox()
    expect(box!.width).toBeLessThanOrEqual(width)
    expect(await lab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    )
  })
}
