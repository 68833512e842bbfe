/**
 * The app in the visitor's own language: one pass left to right (German, a browser in Europe/Berlin)
 * and one right to left (Arabic, a browser in Asia/Beirut). Every screen at 360 px is in the
 * language, with the document's `lang` and `dir`, axe-clean, with no text cut or spilling off the
 * screen; a screenshot of each is saved under test-results/languages/<language>-<screen>.png. The
 * Square image of an Arabic thought, made with the Arabic interface, starts its first line at the
 * right margin. The switcher on /help changes the language, remembers it, and works offline.
 */
import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { ENGLISH, type Catalogue } from '../../src/i18n/catalogue'
import { activateMessages, translator } from '../../src/i18n/i18n'
import ar from '../../src/i18n/locales/ar'
import de from '../../src/i18n/locales/de'
import fr from '../../src/i18n/locales/fr'
import { resetBackend, seedThoughts } from './support/backend'
import { waitForServiceWorker } from './support/sw'

const SHOTS = 'test-results/languages'

interface Pass {
  language: string
  locale: string
  timezoneId: string
  dir: 'ltr' | 'rtl'
  words: {
    heading: string
    ready: string
    choiceTitle: string
    voidTitle: string
    count: string
    privateEntriesHeading: string
    entries: string
    helpTitle: string
    helpFirstRegion: string
    notFound: string
    square: string
  }
}

/** A pass's words, read from its catalogue as the app writes them (plurals by the same rules). */
function wordsOf(language: 'de' | 'ar', messages: Catalogue, helpFirstRegion: string) {
  activateMessages(language, messages)
  const t = translator(ENGLISH)
  const words = {
    heading: t('writer.heading'),
    ready: t('writer.ready'),
    choiceTitle: t('choice.title'),
    voidTitle: t('void.title'),
    count: t('void.count', { n: 3 }),
    privateEntriesHeading: t('privateEntries.heading'),
    entries: t('privateEntries.count', { n: 2 }),
    helpTitle: t('help.title'),
    // The platform's own name of the region (Intl.DisplayNames), not a catalogue's.
    helpFirstRegion,
    notFound: t('notFound.text'),
    square: t('card.square'),
  }
  activateMessages('en', {})
  return words
}

const PASSES: Pass[] = [
  {
    language: 'de',
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    dir: 'ltr',
    words: wordsOf('de', de, 'Deutschland'),
  },
  {
    language: 'ar',
    locale: 'ar',
    timezoneId: 'Asia/Beirut',
    dir: 'rtl',
    words: wordsOf('ar', ar, 'لبنان'),
  },
]

const TYPED = 'Ein Gedanke, der gehen darf. فكرة تمضي.'
const ARABIC_THOUGHT = 'أحمل هذا منذ زمن\nواليوم أتركه هنا في الفراغ لعلّه يخفّ قليلًا'

/**
 * Text that is cut or spills: an element whose text is wider than its box while its overflow is
 * hidden, or any text box reaching past the screen's edges. Form fields and visually hidden text
 * (a 1 px box by design) are not text on screen.
 */
async function clippedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    const width = document.documentElement.clientWidth
    if (document.documentElement.scrollWidth > width + 1)
      problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth}px)`)
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (element.closest('textarea, select, input, .visually-hidden, [aria-hidden="true"]'))
        continue
      const ownText = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent!.trim())
        .join('')
      if (!ownText) continue
      const rect = element.getBoundingClientRect()
      if (rect.width <= 1 || rect.height <= 1) continue
      const style = getComputedStyle(element)
      if (style.visibility === 'hidden' || style.display === 'none') continue
      const hides = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis'
      if (hides && element.scrollWidth > element.clientWidth + 1)
        problems.push(`cut: ${ownText.slice(0, 40)}`)
      if (rect.left < -1 || rect.right > width + 1)
        problems.push(`off screen: ${ownText.slice(0, 40)} (${rect.left}–${rect.right})`)
    }
    return problems
  })
}

/** The screen is in the pass's language and direction, axe-clean, uncut; then its screenshot. */
async function checkScreen(page: Page, pass: Pass, screen: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', pass.language)
  await expect(page.locator('html')).toHaveAttribute('dir', pass.dir)
  expect(await clippedText(page), `${pass.language} ${screen}`).toEqual([])
  expect((await new AxeBuilder({ page }).analyze()).violations, screen).toEqual([])
  await page.screenshot({ path: `${SHOTS}/${pass.language}-${screen}.png`, fullPage: true })
}

/** Where the thought's first line lies in a share image: the ink's left and right edges. */
async function firstLineEdges(page: Page, png: Buffer) {
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
    const context = canvas.getContext('2d')!
    context.drawImage(bitmap, 0, 0)
    // The thought's box (share-image.ts: 190 to 920 px in a Square); its text is near white.
    const { data, width } = context.getImageData(0, 190, bitmap.width, 730)
    const inkAt = (x: number, y: number) => {
      const i = (y * width + x) * 4
      return data[i]! > 200 && data[i + 1]! > 200 && data[i + 2]! > 200
    }
    const rows: number[] = []
    for (let y = 0; y < 730; y++) {
      for (let x = 0; x < width; x++)
        if (inkAt(x, y)) {
          rows.push(y)
          break
        }
    }
    // The first line: the first run of rows with ink.
    const first: number[] = []
    for (const y of rows) {
      if (first.length > 0 && y > first.at(-1)! + 4) break
      first.push(y)
    }
    let left = width
    let right = 0
    for (const y of first)
      for (let x = 0; x < width; x++)
        if (inkAt(x, y)) {
          left = Math.min(left, x)
          right = Math.max(right, x)
        }
    return { left, right, width }
  }, png.toString('base64'))
}

for (const pass of PASSES) {
  test.describe(`${pass.language} (${pass.dir})`, () => {
    test.use({
      locale: pass.locale,
      timezoneId: pass.timezoneId,
      viewport: { width: 360, height: 780 },
      serviceWorkers: 'block',
    })

    test.beforeEach(async () => {
      await resetBackend()
    })

    test('every screen is in the language, mirrored where it reads right to left, uncut at 360 px', async ({
      page,
    }) => {
      const w = pass.words
      await page.goto('/')
      await expect(page.getByRole('heading', { level: 2, name: w.heading })).toBeVisible()
      await page.getByRole('textbox').fill(TYPED)
      await expect(page.getByRole('button', { name: w.ready })).toBeVisible()
      await expect(page.locator('#thought-counter')).toContainText(`${[...TYPED].length}/5000`)
      await checkScreen(page, pass, 'writer')
      // The installed app describes itself in the language where the platform reads the manifest.
      const manifest = page.locator('link[rel="manifest"]')
      await expect(manifest).toHaveAttribute('href', `/manifest.${pass.language}.webmanifest`)
      const described = await (
        await page.request.get((await manifest.getAttribute('href'))!)
      ).json()
      expect(described).toMatchObject({ name: 'Unburden', lang: pass.language, dir: pass.dir })
      expect(described.description).toContain(
        pass.words.voidTitle === 'DIE LEERE' ? 'Leere' : 'الفراغ',
      )

      await page.getByRole('button', { name: w.ready }).click()
      await expect(page.getByRole('dialog', { name: w.choiceTitle })).toBeVisible()
      await checkScreen(page, pass, 'choice')
      await page.keyboard.press('Escape')

      await seedThoughts([
        { text: ARABIC_THOUGHT, createdAt: '2025-01-05T10:30:00Z' },
        {
          text: 'Heute ist es leichter.\nMorgen vielleicht auch.',
          createdAt: '2025-01-06T09:00:00Z',
        },
        { text: 'Something small, let go.', createdAt: '2025-01-07T21:15:00Z' },
      ])
      await page.goto('/void')
      await expect(page.getByRole('heading', { level: 1, name: w.voidTitle })).toBeVisible()
      await expect(page.getByText(w.count)).toBeVisible()
      await expect(page.locator('.void-card')).toHaveCount(3)
      // Let the cards' staggered fade finish before the screenshot.
      await page.waitForTimeout(1000)
      await checkScreen(page, pass, 'void')

      await page.evaluate(
        (arabic) =>
          localStorage.setItem(
            'sanctuary-entries',
            JSON.stringify([
              { id: 1736073000000, text: 'Was ich heute trage.', date: '2025-01-05T10:30:00.000Z' },
              { id: 1736164800000, text: arabic, date: '2025-01-06T12:00:00.000Z' },
            ]),
          ),
        ARABIC,
      )
      await page.goto('/return')
      await expect(
        page.getByRole('heading', { level: 2, name: w.privateEntriesHeading }),
      ).toBeVisible()
      await expect(page.getByText(w.entries)).toBeVisible()
      await checkScreen(page, pass, 'return')

      await page.goto('/help')
      await expect(page.getByRole('heading', { level: 1, name: w.helpTitle })).toBeVisible()
      await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(w.helpFirstRegion)
      await checkScreen(page, pass, 'help')

      await page.goto('/nirgendwo')
      await expect(page.getByText(w.notFound)).toBeVisible()
      await checkScreen(page, pass, 'not-found')
    })

    test('the Square image sets the thought the way the language reads', async ({ page }) => {
      await seedThoughts([{ text: ARABIC_THOUGHT }])
      await page.goto('/void')
      const download = page.waitForEvent('download')
      await page.getByRole('button', { name: pass.words.square, exact: true }).click()
      const png = readFileSync((await (await download).path())!)
      const { left, right, width } = await firstLineEdges(page, png)
      const margin = 80
      if (pass.dir === 'rtl') {
        // Set from the right margin: the first line (shorter than the box) starts at the right,
        // so it sits right of the centre rather than around it.
        expect(right).toBeGreaterThan(width - margin - 12)
        expect(right).toBeLessThanOrEqual(width - margin + 2)
        expect((left + right) / 2).toBeGreaterThan(width / 2 + 100)
      } else {
        // Centred in a left-to-right language.
        expect(Math.abs(left + right - width)).toBeLessThan(24)
      }
    })
  })
}

const ARABIC = 'كلمات أحتفظ بها لنفسي.'

test.describe('the language switcher', () => {
  test.use({ locale: 'en-US', timezoneId: 'America/New_York' })

  test('changes the language on /help, remembers it on the device, and works offline', async ({
    page,
    context,
  }) => {
    await page.goto('/help')
    await expect(page.getByRole('heading', { level: 1, name: 'Talk to someone' })).toBeVisible()
    await waitForServiceWorker(page)
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr')
    await expect(page.getByRole('heading', { level: 1, name: fr['help.title'] })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    // The screen comes back in French with the focus where it was.
    await expect(page.getByRole('combobox', { name: fr['language.label'] })).toBeFocused()
    // Belgium's line joins the list for French readers.
    await expect(page.getByRole('link', { name: 'Appeler le 0800 32 123' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('unburden-language'))).toBe('fr')

    await context.setOffline(true)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 2, name: fr['writer.heading'] })).toBeVisible()
    await page.getByRole('link', { name: fr['nav.return'] }).click()
    await page.getByRole('combobox', { name: fr['language.label'] }).selectOption('ar')
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await expect(
      page.getByRole('heading', { level: 1, name: ar['privateEntries.title'] }),
    ).toBeVisible()
    await page.getByRole('combobox', { name: ar['language.label'] }).selectOption('en')
    await expect(page.getByRole('heading', { level: 1, name: 'Return to Yourself' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
    await context.setOffline(false)
  })
})
