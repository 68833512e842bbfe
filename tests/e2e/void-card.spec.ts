/**
 * A card's actions fit a phone: at 360 and 390 px, Square, Story, Share and Report share one row
 * under the date, each label on one line, each at least 44 × 44 px, inside the card, in that order
 * for the keyboard too. Geometry is asserted from the layout; a screenshot of the row guards the look.
 */
import { expect, test, type Page } from '@playwright/test'
import { resetBackend, seedThoughts } from './support/backend'

test.use({ serviceWorkers: 'block', reducedMotion: 'reduce' })

const ACTIONS = ['Square', 'Story', 'Share', 'Report'] as const
const TEXT = 'A thought that needed somewhere to go.'

test.beforeAll(async () => {
  await resetBackend()
  await seedThoughts([{ text: TEXT, createdAt: '2025-01-05T10:30:00Z' }])
})

interface Box {
  name: string
  left: number
  right: number
  top: number
  bottom: number
  width: number
  height: number
  /** How many lines the label takes. */
  lines: number
}

/** The card's four actions as laid out, and the card's own box. */
async function actionBoxes(page: Page): Promise<{ actions: Box[]; card: Box; viewport: number }> {
  const card = page.getByRole('article').filter({ hasText: TEXT })
  return card.evaluate((article, names) => {
    const box = (element: Element, name: string): Box => {
      const rect = element.getBoundingClientRect()
      const range = document.createRange()
      range.selectNodeContents(element)
      return {
        name,
        left: rect.left,
        right: rect.right,
        top: rect.top,
        bottom: rect.bottom,
        width: rect.width,
        height: rect.height,
        lines: range.getClientRects().length,
      }
    }
    const buttons = [...article.querySelectorAll<HTMLElement>('button')]
    return {
      actions: names.map((name) =>
        box(
          buttons.find((b) => b.textContent?.trim() === name)!,
          name,
        ),
      ),
      card: box(article, 'card'),
      viewport: document.documentElement.clientWidth,
    }
  }, ACTIONS)
}

for (const width of [360, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } })

    test("the card's four actions share one row, each a 44 px target", async ({ page }) => {
      await page.goto('/void')
      const card = page.getByRole('article').filter({ hasText: TEXT })
      for (const name of ACTIONS)
        await expect(card.getByRole('button', { name, exact: true })).toBeVisible()

      const { actions, card: cardBox, viewport } = await actionBoxes(page)
      for (const action of actions) {
        expect(action.height, `"${action.name}" tall enough to tap`).toBeGreaterThanOrEqual(44)
        expect(action.width, `"${action.name}" wide enough to tap`).toBeGreaterThanOrEqual(44)
        expect(action.lines, `"${action.name}" on one line`).toBe(1)
        expect(action.left, `"${action.name}" inside the card`).toBeGreaterThanOrEqual(cardBox.left)
        expect(action.right, `"${action.name}" inside the card`).toBeLessThanOrEqual(cardBox.right)
      }
      // One row: the same top within a pixel, in reading order, without overlap.
      for (const action of actions.slice(1))
        expect(Math.abs(action.top - actions[0]!.top), `"${action.name}" on the row`).toBeLessThan(
          1.5,
        )
      actions
        .slice(1)
        .forEach((action, i) =>
          expect(
            action.left,
            `"${action.name}" after "${actions[i]!.name}"`,
          ).toBeGreaterThanOrEqual(actions[i]!.right),
        )
      expect(cardBox.right, 'nothing scrolls sideways').toBeLessThanOrEqual(viewport)

      await expect(card.locator('.void-card__actions')).toHaveScreenshot(
        `void-card-actions-${width}.png`,
        { maxDiffPixelRatio: 0.01 },
      )

      // The keyboard meets them in the order they are shown.
      await card.getByRole('button', { name: 'Square', exact: true }).focus()
      for (const name of ACTIONS.slice(1)) {
        await page.keyboard.press('Tab')
        await expect(card.getByRole('button', { name, exact: true })).toBeFocused()
      }
    })
  })
}
