/**
 * Return to Yourself (/return): the specification's screen and private-entry states with
 * decisions 5, 6 and 9 (docs/product.md), and keeping one's words safe (a downloadable copy,
 * restoring it, storage that fails).
 */
import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { resetBackend, setFaults, wallRows } from './support/backend'
import { queuedOffers } from './support/offline'
import { waitForServiceWorker } from './support/sw'

const KEY = 'sanctuary-entries'
const PUBLISH_TEXT =
  'This will publish your thought anonymously to The Void for everyone to read. Once published, you cannot delete it later. Are you ready to share this with the world?'
const COURAGE =
  'Thank you for sharing something so personal with the world. Your words may touch someone who needs to hear them.'

interface Entry {
  id: number
  text: string
  date: string
}
const entry = (id: number, text: string): Entry => ({ id, text, date: new Date(id).toISOString() })
const OLDER = entry(Date.UTC(2025, 0, 5, 10, 30), 'the older thought')
const NEWER = entry(Date.UTC(2025, 2, 9, 18, 5), '  the newer thought\nwith a second line ')

test.beforeEach(async () => {
  await resetBackend()
})

/** Opens /return with `raw` stored under sanctuary-entries (written before the app reads it). */
async function openWith(page: Page, raw: string | null) {
  await page.goto('/void')
  await page.evaluate(
    ({ key, value }) => {
      localStorage.clear()
      if (value !== null) localStorage.setItem(key, value)
    },
    { key: KEY, value: raw },
  )
  await page.goto('/return')
}

/**
 * Waits until every fade on the page is over: axe reads an entry (or the dialog) half faded in as low
 * contrast (CI: color-contrast on a card scanned as soon as the second one was attached).
 */
const motionSettled = (page: Page) =>
  page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState === 'finished'),
  )

const storedEntries = async (page: Page) =>
  JSON.parse((await page.evaluate((key) => localStorage.getItem(key), KEY)) ?? 'null') as
    Entry[] | null

const cards = (page: Page) => page.locator('.private-entries__entry')
const cardFor = (page: Page, text: string) => cards(page).filter({ hasText: text })

test.describe('the screen', () => {
  test('shows the header and the empty state', async ({ page }) => {
    await openWith(page, null)
    await expect(page.getByRole('heading', { level: 1, name: 'Return to Yourself' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back to Unburden' })).toHaveAttribute('href', '/')
    await expect(page.getByRole('link', { name: 'The Void' })).toHaveAttribute('href', '/void')
    await expect(page.getByRole('heading', { name: 'Your sanctuary is empty.' })).toBeVisible()
    await expect(page.getByText('Nothing has been saved privately yet.')).toBeVisible()
    await page.getByRole('link', { name: 'Return to Unburden' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { name: 'What are you carrying today?' })).toBeVisible()
  })

  test('shows entries in the original storage format, newest first, with text and date', async ({
    page,
  }) => {
    await openWith(page, JSON.stringify([OLDER, NEWER]))
    await expect(page.getByRole('heading', { name: 'Your private thoughts' })).toBeVisible()
    await expect(page.getByText('2 entries • Safe in your browser')).toBeVisible()
    await expect(cards(page)).toHaveCount(2)
    await expect(cards(page).nth(0).locator('.card__text')).toHaveText(NEWER.text, {
      useInnerText: true,
    })
    await expect(cards(page).nth(1).locator('.card__text')).toHaveText(OLDER.text)
    const expectedDate = await page.evaluate(
      (date) =>
        new Intl.DateTimeFormat('en-US', {
          month: 'short',
          day: 'numeric',
          year: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
        })
          .format(new Date(date))
          .replace(/[\u202f\u00a0]/g, ' '),
      OLDER.date,
    )
    expect(expectedDate).toMatch(/^Jan 5, 2025, \d{1,2}:30 (AM|PM)$/)
    await expect(cards(page).nth(1).locator('time')).toHaveText(expectedDate)
    await expect(cards(page).nth(1).locator('time')).toHaveAttribute('datetime', OLDER.date)
    await page.getByRole('link', { name: 'Add Another Thought' }).click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('says "1 entry" for one', async ({ page }) => {
    await openWith(page, JSON.stringify([OLDER]))
    await expect(page.getByText('1 entry • Safe in your browser')).toBeVisible()
  })

  test('a corrupt value leaves the screen usable and is kept under a backup key', async ({
    page,
  }) => {
    await openWith(page, '{"this is": not json')
    await expect(page.getByRole('heading', { name: 'Your sanctuary is empty.' })).toBeVisible()
    const backups = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith('sanctuary-entries-backup-'))
        .map((key) => [key, localStorage.getItem(key)]),
    )
    expect(backups).toHaveLength(1)
    expect(backups[0]?.[1]).toBe('{"this is": not json')
    await expect(page.getByRole('status').filter({ hasText: 'could not be read' })).toContainText(
      backups[0]![0]!,
    )
    // Saving works, and the copy is still there.
    await page.goto('/')
    await page.getByRole('textbox', { name: 'Your thought' }).fill('after the repair')
    await page.getByRole('button', { name: 'Ready' }).click()
    await page.getByRole('button', { name: 'Save it, privately' }).click()
    await expect(page.getByTestId('outcome')).toHaveText('Saved. This stays with you.')
    expect((await storedEntries(page))?.map((e) => e.text)).toEqual(['after the repair'])
    expect(await page.evaluate((key) => localStorage.getItem(key), backups[0]![0]!)).toBe(
      '{"this is": not json',
    )
  })

  test('entries missing fields are repaired, and the original kept', async ({ page }) => {
    const raw = JSON.stringify([{ text: 'no id, no date' }, { id: OLDER.id, text: OLDER.text }, 5])
    await openWith(page, raw)
    await expect(cards(page)).toHaveCount(2)
    await expect(page.getByText('no id, no date')).toBeVisible()
    const kept = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith('sanctuary-entries-backup-'))
        .map((key) => localStorage.getItem(key)),
    )
    expect(kept).toEqual([raw])
  })

  test('follows another tab’s changes without a reload', async ({ page, context }) => {
    await openWith(page, null)
    await expect(page.getByRole('heading', { name: 'Your sanctuary is empty.' })).toBeVisible()
    const other = await context.newPage()
    await other.goto('/')
    await other.getByRole('textbox', { name: 'Your thought' }).fill('from the other tab')
    await other.getByRole('button', { name: 'Ready' }).click()
    await other.getByRole('button', { name: 'Save it, privately' }).click()
    await expect(other.getByTestId('outcome')).toHaveText('Saved. This stays with you.')
    await expect(cardFor(page, 'from the other tab')).toBeVisible()
    await expect(page.getByText('1 entry • Safe in your browser')).toBeVisible()
  })
})

test.describe('letting an entry go', () => {
  test('asks first, with the exact texts; Cancel keeps it, confirming removes it for good', async ({
    page,
  }) => {
    await openWith(page, JSON.stringify([OLDER, NEWER]))
    const button = cardFor(page, OLDER.text).getByRole('button', { name: 'Let it go' })
    await button.click()
    const dialog = page.getByRole('dialog', { name: 'Let this thought go?' })
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveAccessibleDescription(
      'This will permanently delete your thought. It cannot be recovered.',
    )
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(button).toBeFocused()
    await expect(cards(page)).toHaveCount(2)

    await button.click()
    await dialog.getByRole('button', { name: 'Let it go' }).click()
    await expect(dialog).toBeHidden()
    await expect(cards(page)).toHaveCount(1)
    await expect(cardFor(page, OLDER.text)).toHaveCount(0)
    expect(await storedEntries(page)).toEqual([NEWER])
    await page.reload()
    await expect(cards(page)).toHaveCount(1)
  })
})

test.describe('publishing an entry', () => {
  test('asks first with the exact text; on success the entry leaves and a toast thanks', async ({
    page,
  }) => {
    await openWith(page, JSON.stringify([OLDER, NEWER]))
    await cardFor(page, 'the newer thought')
      .getByRole('button', { name: 'Publish to Void' })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Publish to The Void?' })
    await expect(dialog).toHaveAccessibleDescription(PUBLISH_TEXT)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(cards(page)).toHaveCount(2)

    await cardFor(page, 'the newer thought')
      .getByRole('button', { name: 'Publish to Void' })
      .click()
    await dialog.getByRole('button', { name: 'Publish' }).click()
    const toast = page.getByRole('status').filter({ hasText: 'Your courage matters' })
    await expect(toast).toBeVisible()
    await expect(toast).toContainText(COURAGE)
    await expect(cards(page)).toHaveCount(1)
    expect(await storedEntries(page)).toEqual([OLDER])
    expect((await wallRows()).map((row) => row.text)).toEqual([
      'the newer thought\nwith a second line',
    ])
  })

  test('on a refusal the entry stays and a destructive toast says so', async ({ page }) => {
    await setFaults({ mode: 'reject-inserts' })
    await openWith(page, JSON.stringify([OLDER]))
    await cardFor(page, OLDER.text).getByRole('button', { name: 'Publish to Void' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click()
    const alert = page.getByRole('alert').filter({ hasText: 'Unable to publish' })
    await expect(alert).toBeVisible()
    await expect(alert).toContainText(
      'There was an error publishing your thought. Please try again.',
    )
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(cards(page)).toHaveCount(1)
    expect(await storedEntries(page)).toEqual([OLDER])
    expect(await wallRows()).toEqual([])
  })

  test('offline, the entry is queued and leaves the list once it is safely queued', async ({
    page,
    context,
  }) => {
    await openWith(page, JSON.stringify([OLDER, NEWER]))
    await waitForServiceWorker(page)
    await context.setOffline(true)
    // Opened offline: the screen and what publishing needs come from the service worker's cache.
    await page.reload()
    await expect(cards(page)).toHaveCount(2)
    await cardFor(page, OLDER.text).getByRole('button', { name: 'Publish to Void' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Held for The Void.' })).toContainText(
      "It will be offered when you're back online.",
    )
    await expect(cards(page)).toHaveCount(1)
    const queued = await queuedOffers(page)
    expect(queued.map((offer) => [offer.text, offer.entry])).toEqual([[OLDER.text, OLDER]])
    expect(await storedEntries(page)).toEqual([NEWER])
  })
})

test.describe('publishing to an unreachable backend', () => {
  test('queues the offer, and the entry leaves once it is safely queued', async ({ page }) => {
    await setFaults({ mode: 'drop' })
    await openWith(page, JSON.stringify([OLDER]))
    await cardFor(page, OLDER.text).getByRole('button', { name: 'Publish to Void' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Held for The Void.' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Your sanctuary is empty.' })).toBeVisible()
    expect((await queuedOffers(page)).map((offer) => offer.entry)).toEqual([OLDER])
    expect(await storedEntries(page)).toEqual([])
    expect(await wallRows()).toEqual([])
  })
})

test.describe('keeping a copy', () => {
  test('downloads the entries as a JSON file and restores them, merging by id', async ({
    page,
  }) => {
    await openWith(page, JSON.stringify([OLDER, NEWER]))
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download a copy' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(
      /^unburden-private-entries-\d{4}-\d{2}-\d{2}\.json$/,
    )
    const file = await download.path()
    const copy = JSON.parse(readFileSync(file, 'utf8')) as { format: string; entries: Entry[] }
    expect(copy.format).toBe('unburden-private-entries')
    expect(copy.entries).toEqual([OLDER, NEWER])

    // Storage cleared by the browser: restore brings everything back.
    await page.evaluate((key) => localStorage.setItem(key, '[]'), KEY)
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Your sanctuary is empty.' })).toBeVisible()
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Restore from a copy' }).click(),
    ])
    await chooser.setFiles(file)
    await expect(page.getByRole('status').filter({ hasText: 'Copy restored' })).toContainText(
      '2 entries were added.',
    )
    await expect(cards(page)).toHaveCount(2)
    expect(await storedEntries(page)).toEqual([OLDER, NEWER])

    // Restoring the same copy again adds nothing twice.
    const [again] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Restore from a copy' }).click(),
    ])
    await again.setFiles(file)
    await expect(
      page.getByRole('status').filter({ hasText: 'Nothing new: every entry in this copy' }),
    ).toBeVisible()
    expect(await storedEntries(page)).toEqual([OLDER, NEWER])
  })

  test('a foreign or broken file gets a clear error and changes nothing', async ({ page }) => {
    await openWith(page, JSON.stringify([OLDER]))
    for (const [name, content, reason] of [
      ['notes.json', '{"notes": ["hello"]}', 'This file is not a copy of your private entries.'],
      [
        'broken.json',
        '{"format": "unburden-priv',
        'This file is not a copy of your private entries.',
      ],
      [
        'damaged.json',
        JSON.stringify({ format: 'unburden-private-entries', version: 1, entries: [{ id: 'x' }] }),
        'This copy is damaged',
      ],
    ] as const) {
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.getByRole('button', { name: 'Restore from a copy' }).click(),
      ])
      await chooser.setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(content) })
      await expect(page.getByRole('alert').filter({ hasText: reason })).toContainText(
        'Nothing was changed.',
      )
      expect(await storedEntries(page)).toEqual([OLDER])
      await expect(cards(page)).toHaveCount(1)
    }
  })

  test('says quietly when the browser has not promised to keep the entries', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator.storage, 'persisted', { value: async () => false })
    })
    await openWith(page, JSON.stringify([OLDER]))
    await expect(page.getByText('This browser has not promised to keep them')).toBeVisible()
  })

  test('says nothing of it when the browser has promised', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator.storage, 'persisted', { value: async () => true })
    })
    await openWith(page, JSON.stringify([OLDER]))
    await expect(cards(page)).toHaveCount(1)
    await expect(page.getByText('This browser has not promised to keep them')).toHaveCount(0)
  })

  test('the first private save asks the browser to persist its storage', async ({ page }) => {
    await page.addInitScript(() => {
      const calls: string[] = []
      ;(window as unknown as { persistCalls: string[] }).persistCalls = calls
      Object.defineProperty(navigator.storage, 'persisted', { value: async () => false })
      Object.defineProperty(navigator.storage, 'persist', {
        value: async () => {
          calls.push('persist')
          return true
        },
      })
    })
    await page.goto('/')
    await page.getByRole('textbox', { name: 'Your thought' }).fill('keep me')
    await page.getByRole('button', { name: 'Ready' }).click()
    await page.getByRole('button', { name: 'Save it, privately' }).click()
    await expect(page.getByTestId('outcome')).toHaveText('Saved. This stays with you.')
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { persistCalls: string[] }).persistCalls),
      )
      .toEqual(['persist'])
  })

  test('when storage is full, a save keeps the words in the editor and says so', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const setItem = Storage.prototype.setItem
      Storage.prototype.setItem = function (key: string, value: string) {
        if (key === 'sanctuary-entries')
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
        return setItem.call(this, key, value)
      }
    })
    await page.goto('/')
    await page.getByRole('textbox', { name: 'Your thought' }).fill('no room for me')
    await page.getByRole('button', { name: 'Ready' }).click()
    await page.getByRole('button', { name: 'Save it, privately' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toContainText(
      'Your words are still here.',
    )
    await expect(page.getByRole('textbox', { name: 'Your thought' })).toHaveValue('no room for me')
    await expect(page.getByRole('textbox', { name: 'Your thought' })).toBeFocused()
  })
})

test.describe('storage turned off', () => {
  test('the screens still work, and say plainly that nothing can be kept', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError')
        },
      })
    })
    await page.goto('/return')
    await expect(page.getByRole('heading', { name: 'Your sanctuary is empty.' })).toBeVisible()
    await expect(
      page.getByRole('alert').filter({ hasText: 'not letting Unburden keep' }),
    ).toBeVisible()
    await page.getByRole('link', { name: 'Return to Unburden' }).click()
    await page.getByRole('textbox', { name: 'Your thought' }).fill('nowhere to keep this')
    await page.getByRole('button', { name: 'Ready' }).click()
    await page.getByRole('button', { name: 'Save it, privately' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Your thought' })).toHaveValue(
      'nowhere to keep this',
    )
  })
})

test.describe('accessibility', () => {
  test('axe finds no violations: empty, with entries, and with a confirmation open', async ({
    page,
  }) => {
    await openWith(page, null)
    await expect(page.getByRole('heading', { name: 'Your sanctuary is empty.' })).toBeVisible()
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
    await openWith(page, JSON.stringify([OLDER, NEWER]))
    await expect(cards(page)).toHaveCount(2)
    await motionSettled(page)
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
    await cards(page).first().getByRole('button', { name: 'Publish to Void' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await motionSettled(page)
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
  })

  test('on a phone, every control is at least 44 px tall and works from the keyboard', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await openWith(page, JSON.stringify([OLDER]))
    await expect(cards(page)).toHaveCount(1)
    const small = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('main a, main button, header a')]
        .filter((el) => el.getBoundingClientRect().height < 44)
        .map((el) => el.textContent),
    )
    expect(small).toEqual([])
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth)
    expect(overflow).toBe(false)
    // Keyboard only: reach "Let it go" on the card and confirm with Enter.
    await cardFor(page, OLDER.text).getByRole('button', { name: 'Let it go' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog', { name: 'Let this thought go?' })).toBeVisible()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: 'Your sanctuary is empty.' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Your sanctuary is empty.' })).toBeFocused()
  })
})
