/**
 * The service worker's side of offline-first (docs/product.md, decisions 7 and 11): the cached Void
 * feed, a cold start with no network, the offline status line, and an update announcing itself
 * without losing words.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { chromium, expect, test } from '@playwright/test'
import { API_URL, resetBackend, seedThoughts, setFaults } from './support/backend'
import { NEXT_BUILD_MARKER, deployNextBuild } from './support/next-build'
import { OFFLINE_LINE, keepOffline, offlineLine } from './support/offline'
import { waitForServiceWorker } from './support/sw'

test.beforeEach(async ({ page }) => {
  await resetBackend()
  await page.goto('/')
  await waitForServiceWorker(page)
})

const FEED_CACHE = 'unburden-void-feed-v1'

/** The URLs held in the feed's runtime cache. */
const cachedFeedUrls = (page: import('@playwright/test').Page) =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return []
    const cache = await caches.open(name)
    return (await cache.keys()).map((request) => `${request.method} ${request.url}`)
  }, FEED_CACHE)

test('/void offline after one visit shows the cached feed and when it was fetched', async ({
  page,
  context,
}) => {
  await seedThoughts([{ text: 'kept for the road' }, { text: 'the last one I saw' }])
  await page.getByRole('link', { name: 'The Void' }).click()
  await expect(page.getByText('the last one I saw')).toBeVisible()
  // The first page and the wall's count, nothing else.
  await expect.poll(() => cachedFeedUrls(page)).toHaveLength(2)
  const [count, cached] = (await cachedFeedUrls(page)).sort()
  expect(count).toBe(`GET ${API_URL}/rest/v1/rpc/void_thought_count`)
  expect(cached).toMatch(new RegExp(`^GET ${API_URL}/rest/v1/void_thoughts\\?`))
  expect(cached).not.toContain('or=')

  await context.setOffline(true)
  await page.reload()
  await keepOffline(page)
  await expect(page.getByText('the last one I saw')).toBeVisible()
  await expect(page.getByText('kept for the road')).toBeVisible()
  await expect(page.getByText(/Showing thoughts as fetched on/)).toBeVisible()
  await expect(offlineLine(page)).toHaveText(OFFLINE_LINE)

  // The page can read when the answer was stored, on the response the worker gives.
  const cachedAt = await page.evaluate(
    async (url) =>
      (await fetch(url, { headers: { apikey: 'x' } })).headers.get('x-unburden-cached-at'),
    cached!.slice('GET '.length),
  )
  expect(Date.parse(cachedAt ?? '')).toBeGreaterThan(Date.now() - 60_000)
})

test('a 5xx from the backend counts as a failure: the cached feed is shown', async ({ page }) => {
  await seedThoughts([{ text: 'before the outage' }])
  await page.goto('/void')
  await expect(page.getByText('before the outage')).toBeVisible()
  await expect.poll(() => cachedFeedUrls(page)).toHaveLength(2)
  await setFaults({ mode: '503' })
  await page.reload()
  await expect(page.getByText('before the outage')).toBeVisible()
  await expect(page.getByText(/Showing thoughts as fetched on/)).toBeVisible()
})

test('no POST and no later page is ever cached', async ({ page }) => {
  await seedThoughts(
    Array.from({ length: 60 }, (_, i) => ({
      text: `thought number ${i}`,
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
    })),
  )
  await page.goto('/void')
  await expect(page.getByText('thought number 59')).toBeVisible()
  // Scroll until the second page has loaded.
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 20_000)
      return page.getByText('thought number 0', { exact: true }).count()
    })
    .toBe(1)
  await page.goto('/')
  await page.getByRole('textbox', { name: 'Your thought' }).fill('an offer, never cached')
  await page.getByRole('button', { name: 'Ready', exact: true }).click()
  await page
    .getByRole('dialog', { name: 'What would you like to do with these words?' })
    .getByRole('button', { name: /^Offer it to The Void/ })
    .click()
  await expect(page.getByTestId('outcome')).toHaveText('Offered to The Void.')
  const urls = await cachedFeedUrls(page)
  expect(urls).toHaveLength(2) // the first page and the wall's count
  for (const url of urls) {
    expect(url).toMatch(/^GET /)
    expect(url).not.toMatch(/or=|offset=[1-9]|columns=/)
  }
})

test('offline, the cached first page keeps the count fetched beside it', async ({
  page,
  context,
}) => {
  await seedThoughts(Array.from({ length: 60 }, (_, i) => ({ text: `counted ${i}` })))
  await page.goto('/void')
  await expect(page.getByText('60 thoughts • Anonymous', { exact: true })).toBeVisible()
  await expect.poll(() => cachedFeedUrls(page)).toHaveLength(2)
  await context.setOffline(true)
  await page.reload()
  await keepOffline(page)
  await expect(page.getByText(/Showing thoughts as fetched on/)).toBeVisible()
  // 50 cards are shown; the line still says how many the wall held.
  await expect(page.getByText('60 thoughts • Anonymous', { exact: true })).toBeVisible()
})

test('/, /void and /return open offline on a cold start (browser restarted with no network)', async ({
  baseURL,
  launchOptions,
}) => {
  // A persistent profile, so the service worker and its caches outlive closing the browser.
  const profile = mkdtempSync(join(tmpdir(), 'unburden-cold-'))
  try {
    const first = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL })
    const visit = await first.newPage()
    await visit.goto('/')
    await waitForServiceWorker(visit)
    await first.close()

    const cold = await chromium.launchPersistentContext(profile, {
      ...launchOptions,
      baseURL,
      offline: true,
    })
    try {
      const page = await cold.newPage()
      for (const [path, title] of [
        ['/void', 'THE VOID'],
        ['/return', 'Return to Yourself'],
        ['/', 'Unburden'],
      ] as const) {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
      }
      await expect(page.getByRole('textbox', { name: 'Your thought' })).toBeEditable()
    } finally {
      await cold.close()
    }
  } finally {
    rmSync(profile, { recursive: true, force: true })
  }
})

test('the offline line is quiet, announced and accessible', async ({ page, context }) => {
  await context.setOffline(true)
  await expect(offlineLine(page)).toHaveText(OFFLINE_LINE)
  await expect(offlineLine(page)).toHaveAttribute('role', 'status')
  const results = await new AxeBuilder({ page }).include('.offline-status').analyze()
  expect(results.violations).toEqual([])
  await context.setOffline(false)
  await expect(offlineLine(page)).toHaveText('')
})

test.describe('an update', () => {
  let restoreFirstBuild: (() => void) | undefined
  test.afterEach(() => {
    restoreFirstBuild?.()
    restoreFirstBuild = undefined
  })

  test('a second build announces itself, and Reload switches to it', async ({ page }) => {
    restoreFirstBuild = deployNextBuild()
    await page.reload()
    await expect(page.getByText('A new version is ready')).toBeVisible({ timeout: 15_000 })
    const results = await new AxeBuilder({ page }).include('.app-notice').analyze()
    expect(results.violations).toEqual([])
    await page.getByRole('button', { name: 'Reload' }).click()
    await expect(page.locator(`meta[content="${NEXT_BUILD_MARKER}"]`)).toHaveCount(1)
    await expect(page.getByText('A new version is ready')).toBeHidden()
    await expect(page.getByRole('textbox', { name: 'Your thought' })).toBeVisible()
  })

  test('offline, / opens without the worker starting, each version from its own copy (Chromium’s static routes)', async ({
    page,
    context,
  }) => {
    const cdp = await context.newCDPSession(page)
    await cdp.send('ServiceWorker.enable')
    const running = new Map<string, string>()
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const version of versions) running.set(version.versionId, version.runningStatus)
    })
    const startCaches = () =>
      page.evaluate(async () =>
        (await caches.keys()).filter((name) => name.startsWith('unburden-start-')),
      )
    /** Opens `path` offline with every worker stopped; tells how the navigation was answered. */
    const openOffline = async (path: string) => {
      await context.setOffline(true)
      // The app's page is left first, as a start from the home screen finds no page of it open. A
      // page just opened is still running its deferred start-up (the worker's registration and its
      // BACKEND message, the lab's LAB_ASK and its backend probe), and each message or request it
      // sends starts a stopped worker again, for as long as its idle timeout.
      await page.goto('about:blank')
      await cdp.send('ServiceWorker.stopAllWorkers')
      await expect
        .poll(
          () => running.size > 0 && [...running.values()].every((status) => status === 'stopped'),
        )
        .toBe(true)
      await page.goto(path)
      await expect(page.getByRole('textbox', { name: 'Your thought' })).toBeEditable()
      return page.evaluate(() => {
        const navigation = performance.getEntriesByType(
          'navigation',
        )[0] as PerformanceNavigationTiming & {
          deliveryType: string
        }
        return { workerStart: navigation.workerStart, deliveryType: navigation.deliveryType }
      })
    }

    expect(await startCaches()).toHaveLength(1)
    // From the browser's lookup in the worker's cache: the worker did not run for it.
    expect(await openOffline('/')).toEqual({ workerStart: 0, deliveryType: 'cache-storage' })
    // With a query, the route does not apply: the worker starts and its fetch listener answers.
    expect((await openOffline('/?from=home')).workerStart).toBeGreaterThan(0)
    // A navigation under /assets/ is no script: the worker answers it with the shell's 404.
    await page.goto('/assets/nothing-here')
    await expect(page.getByText('Oops! Page not found')).toBeVisible()

    // As an earlier version left them: every built file kept with the server's Vary, which the
    // browser's lookup honours. The next version finds them stored and must rewrite them.
    await page.evaluate(async () => {
      const name = (await caches.keys()).find((key) => key.startsWith('workbox-precache-'))!
      const precache = await caches.open(name)
      for (const request of await precache.keys()) {
        if (!new URL(request.url).pathname.startsWith('/assets/')) continue
        const response = (await precache.match(request))!
        const headers = new Headers(response.headers)
        headers.set('vary', 'Origin, Accept-Encoding')
        await precache.put(request, new Response(await response.blob(), { headers }))
      }
    })

    restoreFirstBuild = deployNextBuild()
    await context.setOffline(false)
    await page.goto('/')
    await expect(page.getByText('A new version is ready')).toBeVisible({ timeout: 15_000 })
    await page.getByRole('button', { name: 'Reload' }).click()
    await expect(page.locator(`meta[content="${NEXT_BUILD_MARKER}"]`)).toHaveCount(1)

    // The new version answers / and its scripts from its own copies; the older copy of / is gone
    // with the older version.
    expect(await openOffline('/')).toEqual({ workerStart: 0, deliveryType: 'cache-storage' })
    await expect(page.locator(`meta[content="${NEXT_BUILD_MARKER}"]`)).toHaveCount(1)
    expect(await startCaches()).toEqual([`unburden-start-${NEXT_BUILD_MARKER}`])
  })

  test('it never reloads while the text area holds words', async ({ page }) => {
    restoreFirstBuild = deployNextBuild()
    await page.reload()
    await expect(page.getByText('A new version is ready')).toBeVisible({ timeout: 15_000 })
    const thought = page.getByRole('textbox', { name: 'Your thought' })
    await thought.fill('do not lose me')
    await page.getByRole('button', { name: 'Reload' }).click()
    await expect(page.getByText(/It will load once your words are dealt with/)).toBeVisible()
    await page.waitForTimeout(6000)
    await expect(thought).toHaveValue('do not lose me')
    await expect(page.locator(`meta[content="${NEXT_BUILD_MARKER}"]`)).toHaveCount(0)
    // Once the words are dealt with (here: cleared), the update goes ahead.
    await thought.fill('')
    await expect(page.locator(`meta[content="${NEXT_BUILD_MARKER}"]`)).toHaveCount(1, {
      timeout: 15_000,
    })
  })
})
