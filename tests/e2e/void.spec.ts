/**
 * The Void (/void) end to end: its states against the local backend (with latency and faults injected),
 * the order and paging of the wall, sharing, and the share images read back from the downloaded files.
 */
import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import {
  API_URL,
  requestLog,
  resetBackend,
  seedThoughts,
  setFaults,
  wallRows,
} from './support/backend'

// Dates are checked as a visitor in UTC would read them. The service worker is kept out, so each
// failure below is exactly the one injected (the app's own cache is what these tests exercise).
test.use({ timezoneId: 'UTC', locale: 'en-US', serviceWorkers: 'block' })

test.beforeEach(async () => {
  await resetBackend()
})

const cards = (page: Page) => page.getByRole('article')

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

test('the header leads back to Unburden and on to Return to Yourself', async ({ page }) => {
  await page.goto('/void')
  await expect(page.getByRole('heading', { level: 1, name: 'THE VOID' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Return to Yourself' })).toHaveAttribute(
    'href',
    '/return',
  )
  await page.getByRole('link', { name: 'Back to Unburden' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('shows "Loading thoughts..." while the first page is on its way', async ({ page }) => {
  await seedThoughts([{ text: 'Slow but here' }])
  await setFaults({ latencyMs: 2500 })
  await page.goto('/void')
  await expect(page.getByText('Loading thoughts...')).toBeVisible()
  await expect(cards(page)).toHaveCount(1, { timeout: 10_000 })
  await expect(page.getByText('Loading thoughts...')).toHaveCount(0)
})

test('the empty wall says so and leads back to Unburden', async ({ page }) => {
  await page.goto('/void')
  await expect(page.getByRole('heading', { name: 'The void is empty.' })).toBeVisible()
  await expect(page.getByText('Nothing has been shared yet.')).toBeVisible()
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
  await page.getByRole('link', { name: 'Return to Unburden' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Unburden' })).toBeVisible()
})

test('the wall: newest first, line breaks kept, dates, count, footer and Add Your Voice', async ({
  page,
}) => {
  await seedThoughts([
    { text: 'The oldest one', createdAt: '2025-01-04T09:05:00Z' },
    { text: 'First line\nSecond line\n\nAfter a blank line', createdAt: '2025-01-05T10:30:00Z' },
    { text: 'The newest one', createdAt: '2025-02-14T18:45:00Z' },
  ])
  await page.goto('/void')
  await expect(page.getByRole('heading', { name: 'Thoughts released into the void' })).toBeVisible()
  await expect(page.getByText('3 thoughts • Anonymous', { exact: true })).toBeVisible()
  await expect(cards(page)).toHaveCount(3)
  await expect(cards(page).locator('.card__text')).toHaveText([
    'The newest one',
    'First line\nSecond line\n\nAfter a blank line',
    'The oldest one',
  ])
  // Line breaks are shown as breaks, not collapsed into spaces.
  expect(await cards(page).nth(1).locator('.card__text').innerText()).toBe(
    'First line\nSecond line\n\nAfter a blank line',
  )
  await expect(cards(page).locator('time')).toHaveText([
    'Feb 14, 2025, 6:45 PM',
    'Jan 5, 2025, 10:30 AM',
    'Jan 4, 2025, 9:05 AM',
  ])
  for (const name of ['Square', 'Story', 'Share']) {
    await expect(cards(page).first().getByRole('button', { name, exact: true })).toBeVisible()
  }
  await expect(
    page.getByText('These thoughts exist in the void, shared by souls who needed to release them.'),
  ).toBeVisible()
  // Let the entrance finish so contrast is checked on the final colours.
  await page.waitForTimeout(1200)
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
  await page.getByRole('link', { name: 'Add Your Voice' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('the count line is singular for one thought', async ({ page }) => {
  await seedThoughts([{ text: 'Only me' }])
  await page.goto('/void')
  await expect(page.getByText('1 thought • Anonymous', { exact: true })).toBeVisible()
})

test('the count line shows the whole wall, not just the first page', async ({ page }) => {
  await seedThoughts(Array.from({ length: 75 }, (_, i) => ({ text: `Thought ${i}` })))
  await page.goto('/void')
  await expect(page.getByText('75 thoughts • Anonymous', { exact: true })).toBeVisible()
})

test('cards of the first screenful fade in 150 ms apart, the first after 100 ms', async ({
  page,
}) => {
  await seedThoughts(Array.from({ length: 30 }, (_, i) => ({ text: `Thought ${i}` })))
  await page.goto('/void')
  await expect(cards(page).first()).toBeVisible()
  // The cards after the first screenful come in slices, while the wall's end is near the screen.
  await expect(cards(page).nth(9)).toBeAttached()
  // Read in a frame, as a card's fade is decided before the frame that first paints it.
  const read = () =>
    cards(page).evaluateAll(
      (all) =>
        new Promise<{ delay: string; name: string; onScreen: boolean }[]>((resolve) =>
          requestAnimationFrame(() =>
            resolve(
              all.map((card) => ({
                delay: getComputedStyle(card).animationDelay,
                name: getComputedStyle(card).animationName,
                onScreen: card.getBoundingClientRect().top < innerHeight,
              })),
            ),
          ),
        ),
    )
  await expect(async () => {
    const delays = await read()
    const onScreen = delays.filter((d) => d.onScreen)
    expect(onScreen.length).toBeGreaterThanOrEqual(2)
    expect(onScreen.map((d) => d.delay)).toEqual(
      onScreen.map((_, i) => `${(100 + 150 * i) / 1000}s`),
    )
    expect(onScreen.map((d) => d.name)).toEqual(onScreen.map(() => 'void-card-in'))
    // Below the first screen nothing waits for a long cascade, and no fade plays unseen.
    for (const below of delays.filter((d) => !d.onScreen))
      expect(below).toMatchObject({ delay: '0s', name: 'none' })
  }).toPass()
})

test('nothing on the screen moves while the wall fills it, a slice a frame', async ({ page }) => {
  await seedThoughts(Array.from({ length: 60 }, (_, i) => ({ text: `Thought ${i}` })))
  await page.addInitScript(() => {
    const shifts: number[] = []
    ;(window as unknown as { shifts: number[] }).shifts = shifts
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        shifts.push((entry as unknown as { value: number }).value)
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await page.goto('/void')
  await expect(cards(page).nth(3)).toBeAttached()
  // Once the wall reaches below the screen, what follows it is shown, below the screen.
  await expect(page.locator('.void-wall[data-filling]')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Add Your Voice' })).not.toBeInViewport()
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)
  expect(shifts.reduce((sum, shift) => sum + shift, 0)).toBeLessThan(0.01)
})

/**
 * A wall of 100 (seeded in one statement, newest first is the highest id: the pages hold Thought
 * 99–50 and 49–0) whose second page is held until `placeThenRelease` has placed the wall's end where
 * the test wants it when that page comes in; `secondPage` tells how its cards in the page came in.
 */
async function wallOfTwoPages(page: Page) {
  await seedThoughts(Array.from({ length: 100 }, (_, i) => ({ text: `Thought ${i}` })))
  let asked = false
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    // The feed's next page (the live wall's ask for newer rows has the other order).
    (url) =>
      url.pathname.endsWith('/void_thoughts') &&
      url.searchParams.has('or') &&
      url.searchParams.get('order') === 'created_at.desc,id.desc',
    async (route) => {
      asked = true
      await held
      await route.continue()
    },
  )
  await page.goto('/void')
  const card = (n: number) =>
    page.locator('article', { hasText: new RegExp(`^Thought ${n}(?!\\d)`) })
  await expect(card(99)).toBeVisible()
  /** Where the wall's end goes: `below` px under the screen's bottom, or the page's bottom. */
  const place = (below: number | 'bottom') =>
    page.evaluate((by) => {
      if (by === 'bottom') return scrollTo(0, document.documentElement.scrollHeight)
      const end = document.querySelector('.void-wall__end')!.getBoundingClientRect().top + scrollY
      scrollTo(0, end - innerHeight - by)
    }, below)
  /** Scrolls (the first page's rows come as the end nears) until the next page is asked for, places
   * the end once more and lets the page come. */
  const placeThenRelease = async (below: number | 'bottom') => {
    await expect(async () => {
      await place(below)
      await expect.poll(() => asked, { timeout: 500 }).toBe(true)
    }).toPass()
    await place(below)
    release()
    await expect(card(49)).toBeAttached()
    await expect(card(48)).toBeAttached()
  }
  // Read in a frame, as a card's fade is decided in the frame that first paints it (in a frame
  // asked for when the card was added, so before this one's callback).
  const secondPage = () =>
    page.locator('article[data-thought-id]').evaluateAll(
      (all) =>
        new Promise<{ name: string; onScreen: boolean }[]>((resolve) =>
          requestAnimationFrame(() =>
            resolve(
              all.flatMap((article) => {
                const n = Number(/^Thought (\d+)/.exec(article.textContent ?? '')?.[1])
                if (n > 49) return []
                return [
                  {
                    name: getComputedStyle(article).animationName,
                    onScreen: article.getBoundingClientRect().top < innerHeight,
                  },
                ]
              }),
            ),
          ),
        ),
    )
  return { placeThenRelease, secondPage }
}

test('a later page that comes in below the screen does not fade (it would play unseen)', async ({
  page,
}) => {
  const { placeThenRelease, secondPage } = await wallOfTwoPages(page)
  // The end 1000 px below the screen: the next page is asked for (1500 px before the end) and comes
  // in below the screen.
  await placeThenRelease(1000)
  const entrances = await secondPage()
  expect(entrances.length).toBeGreaterThan(1)
  for (const entrance of entrances) expect(entrance).toEqual({ name: 'none', onScreen: false })
})

test('a later page that comes in on the screen fades in', async ({ page }) => {
  const { placeThenRelease, secondPage } = await wallOfTwoPages(page)
  // At the page's bottom, the wall's end on the screen: the next page's first cards come in on it.
  await placeThenRelease('bottom')
  const entrances = await secondPage()
  const seen = entrances.filter((entrance) => entrance.onScreen)
  expect(seen.length).toBeGreaterThan(0)
  for (const entrance of seen) expect(entrance.name).toBe('void-card-in')
  for (const entrance of entrances.filter((entrance) => !entrance.onScreen))
    expect(entrance.name).toBe('none')
})

test('reduced motion turns the entrance off', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await seedThoughts([{ text: 'Still' }])
  await page.goto('/void')
  await expect(cards(page)).toHaveCount(1)
  expect(
    await cards(page)
      .first()
      .evaluate((card) => getComputedStyle(card).animationName),
  ).toBe('none')
})

test('when the wall cannot be reached and nothing was kept: a calm message and Retry', async ({
  page,
}) => {
  await setFaults({ mode: 'drop' })
  await page.goto('/void')
  await expect(
    page.getByRole('heading', { name: 'The void can’t be reached right now.' }),
  ).toBeVisible()
  await expect(page.getByText('Loading thoughts...')).toHaveCount(0)
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
  await setFaults({ mode: 'none' })
  await seedThoughts([{ text: 'Back again' }])
  await page.getByRole('button', { name: 'Retry' }).click()
  await expect(cards(page)).toHaveText(/Back again/)
})

test('a backend that never answers does not leave the screen loading', async ({ page }) => {
  await setFaults({ latencyMs: 60_000 })
  await page.goto('/void')
  await expect(page.getByText('Loading thoughts...')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByText('Loading thoughts...')).toHaveCount(0)
})

test('when the wall cannot be reached, the feed the app kept is shown with its time', async ({
  page,
}) => {
  await seedThoughts([{ text: 'Kept for later', createdAt: '2025-01-05T10:30:00Z' }])
  await page.goto('/void')
  await expect(cards(page)).toHaveCount(1)
  const fetchedAt = await page.evaluate(() => {
    const kept = JSON.parse(localStorage.getItem('unburden-void-feed') ?? 'null') as {
      fetchedAt: string
    }
    return new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
    })
      .format(new Date(kept.fetchedAt))
      .replace(/\u202f/g, ' ')
  })
  await setFaults({ mode: 'drop' })
  await page.reload()
  await expect(cards(page)).toHaveText(/Kept for later/)
  await expect(page.getByText('1 thought • Anonymous', { exact: true })).toBeVisible()
  const note = page.getByRole('status').filter({ hasText: 'can’t be reached' })
  await expect(note).toContainText(`Showing thoughts as fetched on ${fetchedAt}.`)
  await expect(page.getByText('Loading thoughts...')).toHaveCount(0)
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
})

test('an answer from the service worker’s cache is shown with the time it was fetched', async ({
  page,
}) => {
  // Plays the service worker's side of the contract: its cached answer carries x-unburden-cached-at.
  await page.route(`${API_URL}/rest/v1/void_thoughts**`, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback()
    await route.fulfill({
      status: 200,
      headers: {
        'content-type': 'application/json',
        'content-range': '0-0/1',
        'x-unburden-cached-at': '2025-03-01T08:15:00.000Z',
        'access-control-allow-origin': '*',
        'access-control-expose-headers': 'content-range, x-unburden-cached-at',
      },
      body: JSON.stringify([{ id: 7, text: 'From the cache', created_at: '2025-02-28T20:00:00Z' }]),
    })
  })
  await page.goto('/void')
  await expect(cards(page)).toHaveText(/From the cache/)
  await expect(page.getByRole('status').filter({ hasText: 'can’t be reached' })).toContainText(
    'Showing thoughts as fetched on Mar 1, 2025, 8:15 AM.',
  )
})

test.describe('sharing', () => {
  test.beforeEach(async () => {
    await seedThoughts([{ text: 'Share me\nplease' }])
  })

  test('Share uses the device share sheet with the text and the address', async ({ page }) => {
    await page.addInitScript(() => {
      const calls: ShareData[] = []
      Object.assign(window, { shareCalls: calls })
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: ShareData) => void calls.push(data),
      })
    })
    await page.goto('/void')
    await cards(page).first().getByRole('button', { name: 'Share', exact: true }).click()
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { shareCalls: ShareData[] }).shareCalls),
      )
      .toEqual([{ text: 'Share me\nplease', url: page.url() }])
    await expect(page.getByText('Copied to clipboard')).toHaveCount(0)
  })

  test('a cancelled share says nothing', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async () => {
          throw new DOMException('Share canceled', 'AbortError')
        },
      })
    })
    await page.goto('/void')
    await page.evaluate(() => navigator.clipboard.writeText('untouched'))
    await cards(page).first().getByRole('button', { name: 'Share', exact: true }).click()
    await page.waitForTimeout(500)
    await expect(
      page.getByRole('region', { name: 'Notifications' }).getByRole('listitem'),
    ).toHaveCount(0)
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('untouched')
  })

  test('without a share sheet, Share copies the text and says so', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.addInitScript(() => {
      // Debian's Chromium has no navigator.share; make sure of it.
      delete (Navigator.prototype as Partial<Navigator>).share
    })
    await page.goto('/void')
    await cards(page).first().getByRole('button', { name: 'Share', exact: true }).click()
    await expect(page.getByText('Copied to clipboard')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Share me\nplease')
  })

  for (const [button, fileName, width, height] of [
    ['Square', 'void-entry-square.png', 1080, 1080],
    ['Story', 'void-entry-story.png', 1080, 1920],
  ] as const) {
    test(`${button} downloads ${fileName}, ${width}×${height}`, async ({ page }) => {
      await page.goto('/void')
      const download = page.waitForEvent('download')
      await cards(page).first().getByRole('button', { name: button, exact: true }).click()
      const file = await download
      expect(file.suggestedFilename()).toBe(fileName)
      expect(pngSize(readFileSync(await file.path()))).toEqual({ width, height })
    })
  }

  test('where the device can share files, the image goes to the share sheet', async ({ page }) => {
    await page.addInitScript(() => {
      const shared: { name: string; type: string; size: number }[] = []
      Object.assign(window, { sharedFiles: shared })
      Object.defineProperty(navigator, 'canShare', {
        configurable: true,
        value: (data: ShareData) => Array.isArray(data.files),
      })
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: ShareData) => {
          for (const file of data.files ?? [])
            shared.push({ name: file.name, type: file.type, size: file.size })
        },
      })
    })
    await page.goto('/void')
    let downloaded = false
    page.on('download', () => (downloaded = true))
    await cards(page).first().getByRole('button', { name: 'Story', exact: true }).click()
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { sharedFiles: unknown[] }).sharedFiles),
      )
      .toEqual([{ name: 'void-entry-story.png', type: 'image/png', size: expect.any(Number) }])
    expect(downloaded).toBe(false)
  })
})

test('a 5000-character thought fits its Story image inside the side margins', async ({ page }) => {
  const text = 'I let this go. '.repeat(400).slice(0, 4999) + 'X'
  await seedThoughts([{ text }])
  await page.goto('/void')
  const download = page.waitForEvent('download')
  await cards(page).first().getByRole('button', { name: 'Story', exact: true }).click()
  const bytes = readFileSync(await (await download).path())
  expect(pngSize(bytes)).toEqual({ width: 1080, height: 1920 })
  // Read the pixels back: text is light, the background dark. Text appears in the middle and never in
  // the 80 px side margins.
  const light = await page.evaluate(async (base64) => {
    const blob = await (await fetch(`data:image/png;base64,${base64}`)).blob()
    const bitmap = await createImageBitmap(blob)
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no 2d context')
    context.drawImage(bitmap, 0, 0)
    const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height)
    let margins = 0
    let middle = 0
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4
        const isLight = (data[i]! + data[i + 1]! + data[i + 2]!) / 3 > 140
        if (!isLight) continue
        if (x < 80 || x >= width - 80) margins++
        else middle++
      }
    }
    return { margins, middle }
  }, bytes.toString('base64'))
  expect(light.margins).toBe(0)
  expect(light.middle).toBeGreaterThan(50_000)
})

test('1,000 thoughts page in, newest first, each once, no page fetched twice, DOM bounded', async ({
  page,
}) => {
  test.setTimeout(120_000)
  // Seeded in one statement: every row shares one created_at, so only the id keeps the order.
  await seedThoughts(Array.from({ length: 1000 }, (_, i) => ({ text: `Thought number ${i + 1}` })))
  const expected = (await wallRows()).map((row) => row.id)
  expect(expected).toHaveLength(1000)
  await page.goto('/void')
  await expect(page.getByText('1000 thoughts • Anonymous', { exact: true })).toBeVisible()
  const seen: number[] = []
  let maxCards = 0
  const footer = page.getByRole('link', { name: 'Add Your Voice' })
  for (let step = 0; step < 2000; step++) {
    const ids = await page
      .locator('article[data-thought-id]')
      .evaluateAll((all) => all.map((card) => Number(card.getAttribute('data-thought-id'))))
    maxCards = Math.max(maxCards, ids.length)
    for (const id of ids) if (!seen.includes(id)) seen.push(id)
    if (seen.length >= 1000 && (await footer.isVisible())) break
    await page.mouse.wheel(0, 900)
    await page.waitForTimeout(40)
  }
  expect(seen).toEqual(expected)
  // The wall keeps only the chunks near the screen: never the thousand cards at once.
  expect(maxCards).toBeLessThanOrEqual(100)
  // The feed's pages only: on a slow run the live wall's ask for newer rows (every 30 s, oldest
  // first) reads the same table.
  const pages = (await requestLog()).filter(
    (request) =>
      request.method === 'GET' &&
      request.path.endsWith('/void_thoughts') &&
      new URLSearchParams(request.query).get('order') === 'created_at.desc,id.desc',
  )
  // Twenty pages of 50, and perhaps one more ask, answered with no row: the twentieth page was full.
  expect(pages.length).toBeGreaterThanOrEqual(20)
  expect(pages.length).toBeLessThanOrEqual(21)
  expect(new Set(pages.map((request) => request.query)).size).toBe(pages.length)
  for (const request of pages) expect(decodeURIComponent(request.query)).not.toContain('offset')
})
