/**
 * Help, one tap away (docs/product.md, decision 17): the quiet link on / and /void opens the
 * crisis lines, the likely region first (from the browser's language and time zone only), offline
 * after one visit, with no request to any other origin, accessible, and usable on a 360 px phone by
 * touch or keys.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { API_URL, resetBackend } from './support/backend'
import { keepOffline } from './support/offline'
import { waitForServiceWorker } from './support/sw'

// The browser's language and time zone decide the first card: every test says which it uses, and
// those that do not name them run as an American browser in UTC (the zone says nothing).
test.use({ locale: 'en-US', timezoneId: 'UTC' })

const LINK = 'Need someone to talk to?'
const TITLE = 'Talk to someone'

test.beforeEach(async () => {
  await resetBackend()
})

const helpHeading = (page: Page) => page.getByRole('heading', { level: 1, name: TITLE })
const regionHeadings = (page: Page) =>
  page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents()

for (const [path, title] of [
  ['/', 'Unburden'],
  ['/void', 'THE VOID'],
] as const) {
  test(`the link on ${path} opens the help page, and back returns`, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await page.getByRole('link', { name: LINK }).click()
    await expect(helpHeading(page)).toBeVisible()
    expect(new URL(page.url()).pathname).toBe('/help')
    await expect(page.getByRole('link', { name: 'Call 988' }).first()).toBeVisible()
    await page.goBack()
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  })
}

test('keyboard: Tab reaches the link, Enter opens the page, Tab reaches the first call', async ({
  page,
}) => {
  await page.goto('/')
  await expect(page.getByRole('textbox', { name: 'Your thought' })).toBeVisible()
  const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '')
  let presses = 0
  while ((await focusedText()) !== LINK) {
    expect(++presses, `${LINK} is reachable with Tab`).toBeLessThan(15)
    await page.keyboard.press('Tab')
  }
  await page.keyboard.press('Enter')
  await expect(helpHeading(page)).toBeVisible()
  presses = 0
  while (!/^Call /.test(await focusedText())) {
    expect(++presses, 'a call link is reachable with Tab').toBeLessThan(15)
    await page.keyboard.press('Tab')
  }
  await expect(page.locator(':focus')).toHaveAttribute('href', /^tel:\d+$/)
})

test.describe('en-GB in Europe/London', () => {
  test.use({ locale: 'en-GB', timezoneId: 'Europe/London' })
  test('lists the United Kingdom first, then the others and the directory', async ({ page }) => {
    await page.goto('/help')
    await expect(helpHeading(page)).toBeVisible()
    expect(await regionHeadings(page)).toEqual([
      'United Kingdom',
      'United States',
      'Canada',
      'Ireland',
      'Australia',
      'Germany',
      'Anywhere else',
    ])
    const uk = page.getByRole('region', { name: 'United Kingdom' })
    await expect(uk.getByRole('link', { name: 'Call 116 123' })).toHaveAttribute(
      'href',
      'tel:116123',
    )
    await expect(uk.getByRole('link', { name: 'Call 999' })).toHaveAttribute('href', 'tel:999')
  })
})

test.describe('en-AU in Australia/Sydney', () => {
  test.use({ locale: 'en-AU', timezoneId: 'Australia/Sydney' })
  test('lists Australia first, with Lifeline by call and text', async ({ page }) => {
    await page.goto('/help')
    // The page is a lazy chunk: wait for it before reading its headings once.
    await expect(helpHeading(page)).toBeVisible()
    expect((await regionHeadings(page))[0]).toBe('Australia')
    const au = page.getByRole('region', { name: 'Australia' })
    await expect(au.getByRole('link', { name: 'Call 13 11 14' })).toHaveAttribute(
      'href',
      'tel:131114',
    )
    await expect(au.getByRole('link', { name: 'Text 0477 13 11 14' })).toHaveAttribute(
      'href',
      'sms:0477131114',
    )
  })
})

test.describe('ja-JP in Asia/Tokyo (a region not listed)', () => {
  test.use({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo' })
  test('puts the directory first, on Japan’s page, saying it needs a network', async ({ page }) => {
    await page.goto('/help')
    // The page is a lazy chunk: wait for it before reading its headings once.
    await expect(helpHeading(page)).toBeVisible()
    const headings = await regionHeadings(page)
    expect(headings[0]).toBe('Find a helpline in your country')
    expect(headings).not.toContain('Anywhere else')
    const directory = page.getByRole('region', { name: 'Find a helpline in your country' })
    await expect(directory).toContainText('it needs an internet connection')
    await expect(directory.getByRole('link', { name: 'Open the directory' })).toHaveAttribute(
      'href',
      'https://findahelpline.com/JP',
    )
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
  })
})

/**
 * The first card is the visitor's own country or the directory, never another country's: browsers
 * set to a language whose country differs from the one their time zone names.
 */
const FIRST_CARDS = [
  // [browser language, time zone, first card's heading id, its first link]
  ['zh-CN', 'Asia/Hong_Kong', 'help-hk', 'tel:18111'],
  ['zh-CN', 'Asia/Taipei', 'help-elsewhere', 'https://findahelpline.com/TW'],
  ['pt-BR', 'Europe/Lisbon', 'help-pt', 'tel:808242424'],
  ['de-DE', 'Europe/Vienna', 'help-at', 'tel:142'],
  ['es-ES', 'America/Mexico_City', 'help-elsewhere', 'https://findahelpline.com/MX'],
  ['ar', 'Africa/Cairo', 'help-elsewhere', 'https://findahelpline.com/EG'],
  ['nl-BE', 'Europe/Brussels', 'help-be', 'tel:1813'],
  ['fr-BE', 'Europe/Brussels', 'help-be', 'tel:080032123'],
  ['fr-CA', 'America/Toronto', 'help-ca', 'tel:18662773553'],
] as const

for (const [locale, timezoneId, heading, link] of FIRST_CARDS) {
  test.describe(`${locale} in ${timezoneId}`, () => {
    test.use({ locale, timezoneId })
    test(`shows ${heading.slice(5)} first, starting with ${link}`, async ({ page }) => {
      await page.goto('/help')
      const first = page.getByRole('main').locator('section').first()
      await expect(first).toHaveAttribute('aria-labelledby', heading)
      await expect(first.getByRole('link').first()).toHaveAttribute('href', link)
    })
  })
}

test('opens offline from the service worker after one visit to /', async ({ page, context }) => {
  await page.goto('/')
  await waitForServiceWorker(page)
  await context.setOffline(true)
  await keepOffline(page)
  // In the app: the lazily loaded screen comes from the worker's precache.
  await page.getByRole('link', { name: LINK }).click()
  await expect(helpHeading(page)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Call 988' }).first()).toBeVisible()
  // And as a fresh document.
  await page.goto('/help')
  await expect(helpHeading(page)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Call 116 123' }).first()).toBeVisible()
})

test('no request leaves for another origin; the page itself asks nothing of the backend', async ({
  page,
  context,
  baseURL,
}) => {
  const appOrigin = new URL(baseURL!).origin
  const apiOrigin = new URL(API_URL).origin
  const requests: string[] = []
  context.on('request', (request) => requests.push(request.url()))

  await page.goto('/')
  await page.getByRole('link', { name: LINK }).click()
  await expect(helpHeading(page)).toBeVisible()
  await page.goto('/void')
  await page.getByRole('link', { name: LINK }).click()
  await expect(helpHeading(page)).toBeVisible()
  const beforeReload = requests.length
  await page.reload()
  await expect(helpHeading(page)).toBeVisible()
  await page.waitForLoadState('networkidle')

  const origins = new Set(requests.map((url) => new URL(url).origin))
  expect([...origins].filter((origin) => origin !== appOrigin && origin !== apiOrigin)).toEqual([])
  // /help on its own: only the app's own files.
  expect(requests.slice(beforeReload).filter((url) => new URL(url).origin !== appOrigin)).toEqual(
    [],
  )
  // Its links open only when tapped, and only as calls, texts or the directory.
  const hrefs = await page
    .getByRole('main')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
  expect(hrefs.length).toBeGreaterThan(10)
  for (const href of hrefs)
    expect(href).toMatch(/^(tel:\d+|sms:\d+|https:\/\/findahelpline\.com\/([A-Z]{2})?)$/)
  const foreignSources = await page.evaluate(() =>
    [...document.querySelectorAll('[src], link[href]')]
      .map((element) => element.getAttribute('src') ?? element.getAttribute('href') ?? '')
      .filter((url) => new URL(url, location.href).origin !== location.origin),
  )
  expect(foreignSources).toEqual([])
})

test('axe finds no violations on /help, nor on / and /void with the link', async ({ page }) => {
  for (const path of ['/help', '/', '/void']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    if (path !== '/help') await expect(page.getByRole('link', { name: LINK })).toBeVisible()
    expect((await new AxeBuilder({ page }).analyze()).violations, path).toEqual([])
  }
})

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true })
  test('fits without sideways scrolling, every link a 44 px touch target', async ({ page }) => {
    await page.goto('/help')
    await expect(helpHeading(page)).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    const boxes = await page
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((link) => [link.textContent, link.getBoundingClientRect().toJSON()] as const),
      )
    for (const [name, box] of boxes) {
      expect(box.height, `${name} height`).toBeGreaterThanOrEqual(44)
      expect(box.width, `${name} width`).toBeGreaterThanOrEqual(44)
    }
    await page.goto('/')
    const link = await page.getByRole('link', { name: LINK }).boundingBox()
    expect(link!.height).toBeGreaterThanOrEqual(44)
  })
})
