/**
 * The offer queue under network drops (docs/product.md, decisions 4–7): in Chromium with the
 * service worker active, using the browser's offline mode and the backend's fault injection. Each
 * case checks the wall the backend really holds.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { requestLog, resetBackend, setFaults } from './support/backend'
import {
  HELD,
  OFFLINE_LINE,
  keepOffline,
  offerFromWriter,
  offlineLine,
  queuedOffers,
  wallTexts,
} from './support/offline'
import { waitForServiceWorker } from './support/sw'

test.beforeEach(async ({ page }) => {
  await resetBackend()
  await page.goto('/')
  await waitForServiceWorker(page)
})

const offerPosts = async () =>
  (await requestLog()).filter((r) => r.method === 'POST' && r.path.endsWith('/void_thoughts'))

test('offline offer → held → reload offline → still waiting → online → on the wall once', async ({
  page,
  context,
}) => {
  await context.setOffline(true)
  await expect(offlineLine(page)).toHaveText(OFFLINE_LINE)
  await offerFromWriter(page, 'written on a train', HELD)
  await expect(offlineLine(page)).toHaveText(`${OFFLINE_LINE} · 1 offer waiting`)

  await page.reload()
  const backOnline = await keepOffline(page)
  await expect(offlineLine(page)).toHaveText(`${OFFLINE_LINE} · 1 offer waiting`)
  await page.getByRole('link', { name: 'The Void' }).click()
  const waiting = page.getByRole('region', { name: 'Waiting to be offered' })
  await expect(waiting.getByText('written on a train')).toBeVisible()
  await expect(waiting.getByText('Waiting to be offered')).toBeVisible()
  expect(await wallTexts()).toEqual([])
  expect(await offerPosts()).toEqual([])

  await context.setOffline(false)
  await backOnline()
  await expect.poll(wallTexts).toEqual(['written on a train'])
  await expect.poll(() => queuedOffers(page)).toEqual([])
  await expect(waiting).toBeHidden()
  await expect(offlineLine(page)).toHaveText('')
  // Coming back again (another start) sends nothing more.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'THE VOID' })).toBeVisible()
  expect(await wallTexts()).toEqual(['written on a train'])
})

test('backend unreachable while the browser thinks it is online → delivered once it returns', async ({
  page,
}) => {
  await setFaults({ mode: 'drop' })
  await offerFromWriter(page, 'said into the wind', HELD)
  await offerFromWriter(page, 'and then some more', HELD)
  expect((await queuedOffers(page)).map((o) => o.text)).toEqual([
    'said into the wind',
    'and then some more',
  ])
  expect(await wallTexts()).toEqual([])
  await setFaults({ mode: 'none' })
  // Only the backoff timer can notice: no online event, no reload.
  await expect
    .poll(wallTexts, { timeout: 20_000 })
    .toEqual(['said into the wind', 'and then some more'])
  await expect.poll(() => queuedOffers(page)).toEqual([])
})

test('the backend stores the row but the answer is lost → exactly one row', async ({ page }) => {
  await setFaults({ mode: 'store-then-drop' })
  await offerFromWriter(page, 'did it arrive?', HELD)
  await expect.poll(async () => (await offerPosts()).length).toBeGreaterThanOrEqual(2)
  expect(await wallTexts()).toEqual(['did it arrive?'])
  await setFaults({ mode: 'none' })
  await expect.poll(() => queuedOffers(page), { timeout: 20_000 }).toEqual([])
  expect(await wallTexts()).toEqual(['did it arrive?'])
})

test('two tabs open while the queue flushes → one row per offer, each sent once', async ({
  page,
  context,
}) => {
  await context.setOffline(true)
  const texts = ['first of three', 'second of three', 'third of three']
  for (const text of texts) await offerFromWriter(page, text, HELD)
  const other = await context.newPage()
  await other.goto('/')
  const otherBackOnline = await keepOffline(other)
  await expect(offlineLine(other)).toHaveText(`${OFFLINE_LINE} · 3 offers waiting`)

  await context.setOffline(false)
  await otherBackOnline()
  await expect.poll(wallTexts).toEqual(texts)
  await expect.poll(() => queuedOffers(other)).toEqual([])
  await expect(offlineLine(page)).toHaveText('')
  await expect(offlineLine(other)).toHaveText('')
  // The Web Lock let one tab flush: the three went over the wire once each (one request per offer,
  // each carrying its own Idempotency-Key), and all three are on the wall, so none was sent twice.
  expect(await offerPosts()).toHaveLength(texts.length)
})

test("the app's badge counts the offers held offline and clears once they are delivered", async ({
  page,
  context,
}) => {
  // The Badging API answers only an installed app: the page's calls are recorded instead.
  await page.addInitScript(() => {
    const shown: number[] = []
    Object.assign(window, { badgesShown: shown })
    Navigator.prototype.setAppBadge = async (contents?: number) => void shown.push(contents ?? 0)
    Navigator.prototype.clearAppBadge = async () => void shown.push(0)
  })
  await page.reload()
  const lastBadge = () =>
    page.evaluate(() => (window as unknown as { badgesShown: number[] }).badgesShown.at(-1))

  await context.setOffline(true)
  await offerFromWriter(page, 'held for the badge', HELD)
  await expect.poll(lastBadge).toBe(1)
  await offerFromWriter(page, 'and one more', HELD)
  await expect.poll(lastBadge).toBe(2)

  await context.setOffline(false)
  await expect.poll(wallTexts).toEqual(['held for the badge', 'and one more'])
  await expect.poll(lastBadge).toBe(0)
})

test('a permanent refusal puts the text back in the private entries, with a toast', async ({
  page,
  context,
}) => {
  await context.setOffline(true)
  await offerFromWriter(page, 'not for the wall after all', HELD)
  await setFaults({ mode: 'reject-inserts' })
  await context.setOffline(false)
  await expect(page.getByText('The Void could not take these words')).toBeVisible()
  await expect.poll(() => queuedOffers(page)).toEqual([])
  expect(await wallTexts()).toEqual([])
  const stored = await page.evaluate(() => localStorage.getItem('sanctuary-entries'))
  expect((JSON.parse(stored ?? '[]') as { text: string }[]).map((e) => e.text)).toEqual([
    'not for the wall after all',
  ])
  await page.getByRole('link', { name: 'Return to Yourself' }).click()
  await expect(page.getByText('not for the wall after all')).toBeVisible()
})

test('an entry published offline and then refused comes back to Return to Yourself as it was', async ({
  page,
  context,
}) => {
  const entry = { id: Date.UTC(2025, 0, 5, 10, 30), text: ' kept, then offered ', date: '' }
  entry.date = new Date(entry.id).toISOString()
  await page.evaluate((e) => localStorage.setItem('sanctuary-entries', JSON.stringify([e])), entry)
  await page.reload()
  await context.setOffline(true)
  await page.getByRole('link', { name: 'Return to Yourself' }).click()
  const card = page.getByRole('listitem').filter({ hasText: 'kept, then offered' })
  await card.getByRole('button', { name: 'Publish to Void' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(card).toBeHidden()
  expect((await queuedOffers(page)).map((o) => o.text)).toEqual(['kept, then offered'])

  await setFaults({ mode: 'reject-inserts' })
  await context.setOffline(false)
  await expect(page.getByText('The Void could not take these words')).toBeVisible()
  await expect(card).toBeVisible()
  await expect.poll(() => queuedOffers(page)).toEqual([])
  const stored = await page.evaluate(() => localStorage.getItem('sanctuary-entries'))
  expect(JSON.parse(stored ?? '[]')).toEqual([entry])
  expect(await wallTexts()).toEqual([])
})

test('a waiting offer can be withdrawn from The Void back to the private entries', async ({
  page,
  context,
}) => {
  await context.setOffline(true)
  await offerFromWriter(page, 'on second thought', HELD)
  await page.getByRole('link', { name: 'The Void' }).click()
  const waiting = page.getByRole('region', { name: 'Waiting to be offered' })
  await expect(waiting.getByText('on second thought')).toBeVisible()
  const results = await new AxeBuilder({ page }).include('.pending-offers').analyze()
  expect(results.violations).toEqual([])
  await waiting.getByRole('button', { name: 'Keep it private' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Kept private')).toBeVisible()
  await expect(waiting).toBeHidden()
  await context.setOffline(false)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'THE VOID' })).toBeVisible()
  expect(await queuedOffers(page)).toEqual([])
  expect(await wallTexts()).toEqual([])
  const stored = await page.evaluate(() => localStorage.getItem('sanctuary-entries'))
  expect((JSON.parse(stored ?? '[]') as { text: string }[]).map((e) => e.text)).toEqual([
    'on second thought',
  ])
})
