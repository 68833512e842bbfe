/** The 404 page: any unknown path shows it, with a way home, and the visit is logged with its path. */
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'

test('an unknown path shows the 404 page and logs the visit with the path', async ({ page }) => {
  const logged: string[] = []
  page.on('console', (message) => logged.push(message.text()))
  await page.goto('/somewhere/that-is-not-here?x=1')
  await expect(page.getByText('Oops! Page not found')).toBeVisible()
  await expect
    .poll(() => logged.some((text) => text.includes('/somewhere/that-is-not-here')))
    .toBe(true)
  const home = page.getByRole('link', { name: 'Return to Home' })
  await expect(home).toHaveAttribute('href', '/')
  await home.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Unburden' })).toBeVisible()
})

test('the 404 page has no axe violations', async ({ page }) => {
  await page.goto('/no-such-page')
  await expect(page.getByText('Oops! Page not found')).toBeVisible()
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
})
