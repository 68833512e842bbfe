/**
 * Reporting a thought on The Void (issue 14, item 1), in Chromium with the service worker active: the
 * keyboard reaches a card's Report action, a confirmation says what happens, the card leaves this
 * device at once and stays gone after a reload, and the report reaches the backend exactly once —
 * at once when online, through the offer queue when the report was made offline.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { requestLog, resetBackend, seedThoughts } from './support/backend'
import { queuedOffers } from './support/offline'
import { waitForServiceWorker } from './support/sw'

const CONFIRMATION =
  "If several people report it, it is hidden for everyone. This can't be undone from here."

const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text })

const reportPosts = async () =>
  (await requestLog()).filter((r) => r.method === 'POST' && r.path.endsWith('/void_reports'))

test.beforeEach(async ({ page }) => {
  await resetBackend()
  await seedThoughts([
    { text: 'a hurtful thought', createdAt: '2026-01-02T10:00:00Z' },
    { text: 'a gentle thought', createdAt: '2026-01-01T10:00:00Z' },
  ])
  await page.goto('/void')
  await waitForServiceWorker(page)
  await expect(card(page, 'a hurtful thought')).toBeVisible()
})

test('Report with the keyboard: confirmation, the card leaves at once and after a reload, one report sent', async ({
  page,
}) => {
  const report = card(page, 'a hurtful thought').getByRole('button', { name: 'Report' })
  await report.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Report this thought?' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText(CONFIRMATION)
  expect((await new AxeBuilder({ page }).include('dialog').analyze()).violations).toEqual([])

  // Cancel (focused first) changes nothing.
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(card(page, 'a hurtful thought')).toBeVisible()
  expect(await reportPosts()).toEqual([])

  await report.focus()
  await page.keyboard.press('Enter')
  await dialog.getByRole('button', { name: 'Report' }).click()
  await expect(card(page, 'a hurtful thought')).toHaveCount(0)
  await expect(card(page, 'a gentle thought')).toBeVisible()
  // Focus moves on to the next card, not to the page's start.
  await expect(card(page, 'a gentle thought').getByRole('button', { name: 'Square' })).toBeFocused()
  await expect.poll(reportPosts).toMatchObject([{ status: 201 }])
  await expect.poll(() => queuedOffers(page)).toEqual([])

  await page.reload()
  await expect(card(page, 'a gentle thought')).toBeVisible()
  await expect(card(page, 'a hurtful thought')).toHaveCount(0)
  expect(await reportPosts()).toHaveLength(1)
})

test('a report made offline waits in the queue and is delivered once when back online', async ({
  page,
  context,
}) => {
  await context.setOffline(true)
  await card(page, 'a hurtful thought').getByRole('button', { name: 'Report' }).click()
  await page
    .getByRole('dialog', { name: 'Report this thought?' })
    .getByRole('button', { name: 'Report' })
    .click()
  await expect(card(page, 'a hurtful thought')).toHaveCount(0)
  await expect
    .poll(async () => (await queuedOffers(page)).map((o) => o.report))
    .toEqual([{ thoughtId: expect.any(Number) }])
  // Reports are not offers: the writer's "offers waiting" line does not count them.
  await expect(page.locator('.offline-status')).not.toContainText('waiting')
  expect(await reportPosts()).toEqual([])

  await context.setOffline(false)
  await expect.poll(reportPosts).toMatchObject([{ status: 201 }])
  await expect.poll(() => queuedOffers(page)).toEqual([])
  await page.reload()
  await expect(card(page, 'a gentle thought')).toBeVisible()
  await expect(card(page, 'a hurtful thought')).toHaveCount(0)
  expect(await reportPosts()).toHaveLength(1)
})
