/**
 * Every screen's header fits a phone: at 360 and 390 px it is one row with no label wrapped or cut,
 * text at 16 px or more and touch targets of at least 44 px; at 1280 px the title is centred on the
 * page. Geometry is asserted from the layout; a screenshot of each header guards the look.
 */
import { expect, test, type Page } from '@playwright/test'
import { resetBackend } from './support/backend'

test.use({ serviceWorkers: 'block' })

test.beforeAll(async () => {
  await resetBackend()
})

const screens = [
  { path: '/', title: 'Unburden', links: ['The Void', 'Return to Yourself'] },
  { path: '/void', title: 'THE VOID', links: ['Back to Unburden', 'Return to Yourself'] },
  { path: '/return', title: 'Return to Yourself', links: ['Back to Unburden', 'The Void'] },
] as const

interface Box {
  name: string
  left: number
  right: number
  top: number
  bottom: number
  width: number
  height: number
  fontSize: number
  /** How many lines the longest text in the element takes. */
  lines: number
  /** Whether the element's text is wider than its box (cut or spilling over). */
  spills: boolean
}

/** The header's title and links, in document order, as laid out. */
async function headerBoxes(page: Page): Promise<{ boxes: Box[]; viewport: number; page: number }> {
  return page.locator('header').evaluate((header) => {
    const boxes = [...header.querySelectorAll<HTMLElement>('h1, a')].map((element) => {
      const rect = element.getBoundingClientRect()
      // A text node laid out on n lines has n client rects.
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
      let lines = 0
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent!.trim()) continue
        const range = document.createRange()
        range.selectNodeContents(node)
        lines = Math.max(lines, range.getClientRects().length)
      }
      return {
        name: element.getAttribute('aria-label') ?? element.textContent!.trim(),
        left: rect.left,
        right: rect.right,
        top: rect.top,
        bottom: rect.bottom,
        width: rect.width,
        height: rect.height,
        fontSize: parseFloat(getComputedStyle(element).fontSize),
        lines,
        spills: element.scrollWidth > element.clientWidth + 1,
      }
    })
    return {
      boxes,
      viewport: document.documentElement.clientWidth,
      page: document.documentElement.scrollWidth,
    }
  })
}

for (const width of [360, 390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } })

    for (const screen of screens) {
      test(`the header of ${screen.path} is one row that fits`, async ({ page }) => {
        await page.goto(screen.path)
        await expect(page.getByRole('heading', { level: 1, name: screen.title })).toBeVisible()
        const header = page.locator('header')
        for (const name of screen.links)
          await expect(header.getByRole('link', { name, exact: true })).toBeVisible()

        const { boxes, viewport, page: pageWidth } = await headerBoxes(page)
        expect(boxes.map((box) => box.name)).toHaveLength(1 + screen.links.length)
        expect(pageWidth, 'nothing scrolls sideways').toBeLessThanOrEqual(viewport)

        for (const box of boxes) {
          expect(box.lines, `"${box.name}" on one line`).toBe(1)
          expect(box.spills, `"${box.name}" fits its box`).toBe(false)
          expect(box.left, `"${box.name}" inside the page`).toBeGreaterThanOrEqual(0)
          expect(box.right, `"${box.name}" inside the page`).toBeLessThanOrEqual(viewport)
          expect(box.fontSize, `"${box.name}" legible`).toBeGreaterThanOrEqual(16)
        }
        for (const link of boxes.filter((box) => box.name !== screen.title)) {
          expect(link.height, `"${link.name}" tall enough to tap`).toBeGreaterThanOrEqual(44)
          expect(link.width, `"${link.name}" wide enough to tap`).toBeGreaterThanOrEqual(44)
        }
        // One row: every item shares a horizontal band, and they follow each other without overlap.
        const rowTop = Math.max(...boxes.map((box) => box.top))
        const rowBottom = Math.min(...boxes.map((box) => box.bottom))
        expect(rowTop, 'all in one row').toBeLessThan(rowBottom)
        const byLeft = [...boxes].sort((a, b) => a.left - b.left)
        byLeft
          .slice(1)
          .forEach((box, i) =>
            expect(box.left, `"${box.name}" clear of its neighbour`).toBeGreaterThanOrEqual(
              byLeft[i]!.right,
            ),
          )

        if (width >= 1280) {
          const title = boxes.find((box) => box.name === screen.title)!
          expect(Math.abs((title.left + title.right) / 2 - viewport / 2)).toBeLessThanOrEqual(1)
        }

        await expect(header).toHaveScreenshot(
          `header-${screen.path.slice(1) || 'unburden'}-${width}.png`,
          { maxDiffPixelRatio: 0.01 },
        )
      })
    }
  })
}
