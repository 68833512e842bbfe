/**
 * Unburden (/): every line of the specification for the writing screen, with decisions 2–5, 9, 10
 * and 12 (docs/product.md), against the built app and the local backend.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { API_URL, requestLog, resetBackend, setFaults, wallRows } from './support/backend'
import { queuedOffers } from './support/offline'
import { waitForServiceWorker } from './support/sw'

const PLACEHOLDER = 'Type your thoughts here… No one will see them unless you choose.'
const DIALOG_TITLE = 'What would you like to do with these words?'
const HELD = "Held for The Void. It will be offered when you're back online."

test.beforeEach(async () => {
  await resetBackend()
})

const thought = (page: Page) => page.getByRole('textbox', { name: 'Your thought' })
const ready = (page: Page) => page.getByRole('button', { name: 'Ready', exact: true })
const choiceDialog = (page: Page) => page.getByRole('dialog', { name: DIALOG_TITLE })
/** One of the three options, by its title (its subtext is part of its name). */
const option = (page: Page, title: string) =>
  choiceDialog(page).getByRole('button', { name: new RegExp(`^${title}`) })
const counter = (page: Page) => page.locator('#thought-counter')

/**
 * Records every request the page makes to the backend, except the network lab's probe (issue 15):
 * a bodiless `GET /__lab` a local backend answers with whether its faults are on. It carries nothing
 * of the visitor's and is never made to a hosted backend (tests/unit/features/lab/lab-boot.test.tsx).
 */
function watchBackendRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    const url = request.url()
    if (url === `${API_URL}/__lab` && request.method() === 'GET' && !request.postData()) return
    if (url.startsWith(API_URL)) seen.push(`${request.method()} ${url}`)
  })
  return seen
}

async function writeAndReady(page: Page, text: string) {
  await thought(page).fill(text)
  await ready(page).click()
  await expect(choiceDialog(page)).toBeVisible()
}

/** Waits for `message`, then for the editor to come back with the focus in the text area. */
async function expectMessageThenEditor(page: Page, message: string) {
  await expect(page.getByTestId('outcome')).toHaveText(message)
  await expect(page.getByTestId('outcome')).toBeHidden({ timeout: 5000 })
  await expect(thought(page)).toBeFocused()
}

test.describe('the editor', () => {
  test('shows the header, the heading, the text area and the counter', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Unburden' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'The Void' })).toHaveAttribute('href', '/void')
    await expect(page.getByRole('link', { name: 'Return to Yourself' })).toHaveAttribute(
      'href',
      '/return',
    )
    await expect(
      page.getByRole('heading', { level: 2, name: 'What are you carrying today?' }),
    ).toBeVisible()
    await expect(thought(page)).toHaveAttribute('placeholder', PLACEHOLDER)
    await expect(counter(page)).toHaveText('0/5000 characters')
  })

  test('counts live, in code points (an emoji is one character)', async ({ page }) => {
    await page.goto('/')
    await thought(page).pressSequentially('hi')
    await expect(counter(page)).toHaveText('2/5000 characters')
    await thought(page).fill('a😀\n')
    await expect(counter(page)).toHaveText('3/5000 characters')
  })

  test('shows Ready only for non-blank text, with the platform shortcut', async ({ page }) => {
    await page.goto('/')
    await expect(ready(page)).toHaveCount(0)
    await thought(page).fill('  \n\t ')
    await expect(ready(page)).toHaveCount(0)
    await thought(page).fill(' x ')
    await expect(ready(page)).toBeVisible()
    // Chromium on Linux: Ctrl+Enter (Cmd+Enter on Apple devices).
    await expect(page.locator('.writer__hint')).toHaveText('Ctrl+Enter')
    await expect(ready(page)).toHaveAttribute('aria-keyshortcuts', 'Control+Enter')
    await thought(page).fill('')
    await expect(ready(page)).toHaveCount(0)
  })

  test('on Apple devices the hint is Cmd+Enter, and Ctrl+Enter stays a plain key', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'platform', { get: () => 'MacIntel' })
      Object.defineProperty(navigator, 'userAgentData', { get: () => ({ platform: 'macOS' }) })
    })
    await page.goto('/')
    await thought(page).fill('on a Mac')
    await expect(page.locator('.writer__hint')).toHaveText('Cmd+Enter')
    await expect(ready(page)).toHaveAttribute('aria-keyshortcuts', 'Meta+Enter')
    await thought(page).press('Control+Enter')
    await expect(choiceDialog(page)).toBeHidden()
    await thought(page).press('Meta+Enter')
    await expect(choiceDialog(page)).toBeVisible()
  })

  test('refuses typing beyond 5000 characters', async ({ page }) => {
    await page.goto('/')
    await thought(page).fill('x'.repeat(4998))
    await thought(page).press('End')
    await thought(page).pressSequentially('abcd')
    await expect(counter(page)).toHaveText('5000/5000 characters')
    await expect(thought(page)).toHaveValue(`${'x'.repeat(4998)}ab`)
    // In the middle too: the text is left as it was.
    await thought(page).press('Control+Home')
    await thought(page).pressSequentially('Z')
    await expect(thought(page)).toHaveValue(`${'x'.repeat(4998)}ab`)
    // ...and the caret stays where it was.
    expect(await thought(page).evaluate((el: HTMLTextAreaElement) => el.selectionStart)).toBe(0)
    await expect(page.getByRole('status').filter({ hasText: 'character limit' })).toHaveText(
      'You have reached the 5000-character limit.',
    )
  })

  test('cuts a paste at the cap and says so politely', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto('/')
    await thought(page).fill('y'.repeat(4990))
    await thought(page).press('End')
    await page.evaluate(() => navigator.clipboard.writeText('0123456789ABCDEF'))
    await thought(page).press('Control+V')
    await expect(thought(page)).toHaveValue(`${'y'.repeat(4990)}0123456789`)
    await expect(counter(page)).toHaveText('5000/5000 characters')
    const note = page.getByText('The paste was cut to fit the 5000-character limit.')
    await expect(note).toBeVisible()
    await expect(note).toHaveAttribute('role', 'status')
    // The caret stays right after what was pasted.
    const caret = await thought(page).evaluate((el: HTMLTextAreaElement) => el.selectionStart)
    expect(caret).toBe(5000)
  })

  test('cuts an IME composition at the cap when it ends', async ({ page }) => {
    await page.goto('/')
    await thought(page).fill('z'.repeat(4998))
    await thought(page).press('End')
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Input.imeSetComposition', {
      text: 'にほんご',
      selectionStart: 4,
      selectionEnd: 4,
    })
    await cdp.send('Input.insertText', { text: 'にほんご' })
    await expect(thought(page)).toHaveValue(`${'z'.repeat(4998)}にほ`)
    await expect(counter(page)).toHaveText('5000/5000 characters')
  })

  test('Meta+Enter, Ctrl+Enter and the Ready button open the choice', async ({ page }) => {
    await page.goto('/')
    await thought(page).fill('a thought')
    for (const open of [
      () => thought(page).press('Meta+Enter'),
      () => thought(page).press('Control+Enter'),
      () => ready(page).click(),
    ]) {
      await open()
      await expect(choiceDialog(page)).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(choiceDialog(page)).toBeHidden()
    }
    // Enter alone is a new line, and blank text opens nothing.
    await thought(page).fill('')
    await thought(page).press('Meta+Enter')
    await expect(choiceDialog(page)).toBeHidden()
  })
})

test.describe('the choice dialog', () => {
  test('has the exact title, three options with their subtexts, and Cancel', async ({ page }) => {
    await page.goto('/')
    await writeAndReady(page, 'words')
    const dialog = choiceDialog(page)
    await expect(dialog.getByRole('heading', { name: DIALOG_TITLE })).toBeVisible()
    const options = dialog.getByRole('listitem').getByRole('button')
    await expect(options).toHaveCount(3)
    for (const [i, [name, subtext]] of [
      ['Let it go', 'Gone. But it mattered.'],
      ['Save it, privately', 'This stays with you.'],
      ['Offer it to The Void', 'Share anonymously with others.'],
    ].entries()) {
      await expect(options.nth(i).locator('.choice__title')).toHaveText(name!)
      await expect(options.nth(i).locator('.choice__subtext')).toHaveText(subtext!)
      await expect(options.nth(i)).toHaveAccessibleName(`${name} ${subtext}`)
    }
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible()
  })

  test('takes the focus, keeps it inside, and gives it back on Cancel with the text kept', async ({
    page,
  }) => {
    await page.goto('/')
    await writeAndReady(page, '  keep me  ')
    const dialog = choiceDialog(page)
    await expect(dialog).toBeFocused()
    const inside = () => page.evaluate(() => !!document.activeElement?.closest('dialog'))
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab')
      expect(await inside()).toBe(true)
    }
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Shift+Tab')
      expect(await inside()).toBe(true)
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await expect(thought(page)).toBeFocused()
    await expect(thought(page)).toHaveValue('  keep me  ')
  })

  test('closes on Escape, giving the focus back with the text kept', async ({ page }) => {
    await page.goto('/')
    await thought(page).fill('still here')
    await thought(page).press('Control+Enter')
    await expect(choiceDialog(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(choiceDialog(page)).toBeHidden()
    await expect(thought(page)).toBeFocused()
    await expect(thought(page)).toHaveValue('still here')
  })

  test('works from the keyboard alone', async ({ page }) => {
    await page.goto('/')
    await thought(page).fill('by keyboard')
    await thought(page).press('Control+Enter')
    await expect(choiceDialog(page)).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(option(page, 'Let it go')).toBeFocused()
    await page.keyboard.press('Enter')
    await expectMessageThenEditor(page, 'Gone. But it mattered.')
    await expect(thought(page)).toHaveValue('')
  })
})

test.describe('the three outcomes', () => {
  test('Let it go discards the text, stores nothing and sends nothing', async ({ page }) => {
    const seen = watchBackendRequests(page)
    await page.goto('/')
    await writeAndReady(page, 'let this go')
    await option(page, 'Let it go').click()
    await expect(page.getByTestId('outcome')).toHaveText('Gone. But it mattered.')
    await expect(thought(page)).toHaveValue('')
    await expectMessageThenEditor(page, 'Gone. But it mattered.')
    expect(await page.evaluate(() => localStorage.getItem('sanctuary-entries'))).toBeNull()
    expect(await requestLog()).toEqual([])
    expect(seen).toEqual([])
  })

  test('Save it, privately appends the untrimmed text to sanctuary-entries and sends nothing', async ({
    page,
  }) => {
    const seen = watchBackendRequests(page)
    await page.goto('/')
    const earlier = { id: 1_700_000_000_000, text: 'earlier', date: '2023-11-14T22:13:20.000Z' }
    await page.evaluate(
      (e) => localStorage.setItem('sanctuary-entries', JSON.stringify([e])),
      earlier,
    )
    const before = Date.now()
    await writeAndReady(page, '  private words \n')
    await option(page, 'Save it, privately').click()
    await expectMessageThenEditor(page, 'Saved. This stays with you.')
    await expect(thought(page)).toHaveValue('')
    const stored = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('sanctuary-entries'))) ?? 'null',
    ) as { id: number; text: string; date: string }[]
    expect(stored).toHaveLength(2)
    expect(stored[0]).toEqual(earlier)
    const saved = stored[1]!
    expect(Object.keys(saved).sort()).toEqual(['date', 'id', 'text'])
    expect(saved.text).toBe('  private words \n')
    expect(saved.id).toBeGreaterThanOrEqual(before)
    expect(saved.id).toBeLessThanOrEqual(Date.now())
    expect(new Date(saved.date).toISOString()).toBe(saved.date)
    expect(Date.parse(saved.date)).toBe(saved.id)
    expect(await requestLog()).toEqual([])
    expect(seen).toEqual([])
  })

  test('Offer it to The Void sends the trimmed text with a client-made id', async ({ page }) => {
    const keys: (string | undefined)[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/rest/v1/void_thoughts'))
        keys.push(request.headers()['idempotency-key'])
    })
    await page.goto('/')
    await writeAndReady(page, '\n  for the void  \n')
    await option(page, 'Offer it to The Void').click()
    await expectMessageThenEditor(page, 'Offered to The Void.')
    await expect(thought(page)).toHaveValue('')
    const rows = await wallRows()
    expect(rows.map((row) => row.text)).toEqual(['for the void'])
    // The client-made id travels as the request's Idempotency-Key header (issue 17: no longer a
    // column), and the database claimed it for the row.
    expect(keys).toHaveLength(1)
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(rows[0]?.keyed).toBe(true)
    const inserts = (await requestLog()).filter((request) => request.method === 'POST')
    expect(inserts).toHaveLength(1)
    expect(inserts[0]?.path).toBe('/rest/v1/void_thoughts')
  })

  test('a refused offer says "Something went wrong. Try again." and clears the text', async ({
    page,
  }) => {
    await setFaults({ mode: 'reject-inserts' })
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.goto('/')
    await writeAndReady(page, 'refuse me')
    await option(page, 'Offer it to The Void').click()
    await expectMessageThenEditor(page, 'Something went wrong. Try again.')
    await expect(thought(page)).toHaveValue('')
    expect(await wallRows()).toEqual([])
    expect(await queuedOffers(page)).toEqual([])
    expect(errors.some((text) => /refused/i.test(text))).toBe(true)
  })

  test('offline, the offer is held in the queue with the held message', async ({
    page,
    context,
  }) => {
    await page.goto('/')
    await waitForServiceWorker(page)
    await context.setOffline(true)
    // Opened offline: everything the outcomes need comes from the service worker's cache.
    await page.reload()
    await writeAndReady(page, '  while offline ')
    await option(page, 'Offer it to The Void').click()
    await expectMessageThenEditor(page, HELD)
    await expect(thought(page)).toHaveValue('')
    const queued = await queuedOffers(page)
    expect(queued.map((offer) => offer.text)).toEqual(['while offline'])
    expect(await wallRows()).toEqual([])
  })

  test('an unreachable backend also ends in the queue', async ({ page }) => {
    await setFaults({ mode: 'drop' })
    await page.goto('/')
    await writeAndReady(page, 'nobody answers')
    await option(page, 'Offer it to The Void').click()
    await expectMessageThenEditor(page, HELD)
    expect((await queuedOffers(page)).map((offer) => offer.text)).toEqual(['nobody answers'])
  })

  test('a 5xx answer also ends in the queue', async ({ page }) => {
    await setFaults({ mode: '503' })
    await page.goto('/')
    await writeAndReady(page, 'server trouble')
    await option(page, 'Offer it to The Void').click()
    await expectMessageThenEditor(page, HELD)
    expect((await queuedOffers(page)).map((offer) => offer.text)).toEqual(['server trouble'])
  })

  test('the message shows for 3 s, then the editor returns with the focus', async ({ page }) => {
    await page.goto('/')
    await writeAndReady(page, 'timed')
    // Watch the message in the page itself, so the figure does not depend on polling.
    await page.evaluate(() => {
      const times: { shown?: number; gone?: number } = {}
      ;(window as unknown as { outcomeTimes: typeof times }).outcomeTimes = times
      new MutationObserver(() => {
        const outcome = document.querySelector('[data-testid="outcome"]')
        if (outcome?.textContent === 'Gone. But it mattered.' && times.shown === undefined)
          times.shown = performance.now()
        if (!outcome && times.shown !== undefined && times.gone === undefined)
          times.gone = performance.now()
      }).observe(document.body, { childList: true, subtree: true, characterData: true })
    })
    await option(page, 'Let it go').click()
    await expect(thought(page)).toBeFocused({ timeout: 6000 })
    const times = await page.evaluate(
      () => (window as unknown as { outcomeTimes: { shown: number; gone: number } }).outcomeTimes,
    )
    const shownFor = times.gone - times.shown
    expect(shownFor).toBeGreaterThanOrEqual(2500)
    expect(shownFor).toBeLessThanOrEqual(3500)
  })
})

test.describe('accessibility', () => {
  test('axe finds no violations with the dialog closed and open', async ({ page }) => {
    await page.goto('/')
    await thought(page).fill('checking')
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
    await ready(page).click()
    await expect(choiceDialog(page)).toBeVisible()
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
  })

  test('on a phone, every control is at least 44 px tall and nothing overflows', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/')
    await thought(page).fill('small screen')
    await ready(page).click()
    await expect(choiceDialog(page)).toBeVisible()
    const small = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('a, button')]
        .filter((el) => el.getClientRects().length > 0 && el.getBoundingClientRect().height < 44)
        .map((el) => el.textContent),
    )
    expect(small).toEqual([])
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth)
    expect(overflow).toBe(false)
  })

  test('with reduced motion, the dialog and the message do not animate', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/')
    await writeAndReady(page, 'still')
    expect(await choiceDialog(page).evaluate((el) => getComputedStyle(el).animationName)).toBe(
      'none',
    )
    await option(page, 'Let it go').click()
    const message = page.getByTestId('outcome').locator('p')
    await expect(message).toBeVisible()
    expect(await message.evaluate((el) => getComputedStyle(el).animationName)).toBe('none')
  })

  test('axe finds no violations on the outcome message', async ({ page }) => {
    await page.goto('/')
    await writeAndReady(page, 'checking')
    await option(page, 'Let it go').click()
    await expect(page.getByTestId('outcome')).toBeVisible()
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
  })
})
