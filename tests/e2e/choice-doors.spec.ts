/**
 * The choice dialog's three doors, none heavier than the others, in every language on a 360 px
 * phone: each door's name and its line beneath take one line of text, and the keyboard hint beside
 * Ready names the keys as the reader's keyboard prints them.
 */
import { expect, test } from '@playwright/test'
import { LANGUAGES } from '../../src/i18n/i18n'
import { resetBackend } from './support/backend'

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true })

test.beforeEach(async () => {
  await resetBackend()
})

for (const language of LANGUAGES) {
  test(`${language}: each door of the choice takes one line per text at 360 px`, async ({
    page,
  }) => {
    // The switcher's remembered choice: the app starts in the language.
    await page.addInitScript(
      (chosen) => localStorage.setItem('unburden-language', chosen),
      language,
    )
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    await page.getByRole('textbox').fill('A thought to place somewhere.')
    await page.locator('.writer__ready button').click()
    const doors = page.getByRole('dialog').locator('.choice')
    await expect(doors).toHaveCount(3)
    const lines = await doors.evaluateAll((buttons) =>
      buttons.flatMap((button) =>
        [...button.querySelectorAll('.choice__title, .choice__subtext')].map((part) => {
          const range = document.createRange()
          range.selectNodeContents(part)
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
          return [part.textContent, tops.size] as const
        }),
      ),
    )
    expect(lines).toHaveLength(6)
    for (const [text, count] of lines) expect(count, `"${text}" in ${language}`).toBe(1)
  })
}

test('German readers see the keys their keyboard prints: Strg, not Ctrl', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('unburden-language', 'de'))
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await page.getByRole('textbox').fill('Ein Gedanke.')
  await expect(page.locator('.writer__hint kbd').first()).toHaveText('Strg')
})
