/**
 * A first visit that loses the network before the service worker has stored the app: code loaded
 * later cannot be fetched. The editor must keep working and a screen that cannot open must say so
 * calmly, never show a crash.
 */
import { expect, test } from '@playwright/test'

test.use({ serviceWorkers: 'block' })

// The notices, the offer queue and the worker's registration start after the first paint, from one
// chunk (src/app/app-start.tsx).
test('the editor keeps working when the start-up after the first paint cannot be fetched', async ({
  page,
}) => {
  await page.route(/\/assets\/app-start-[\w-]+\.js$/, (route) =>
    route.abort('internetdisconnected'),
  )
  const failed = page.waitForEvent('requestfailed', (request) => /app-start-/.test(request.url()))
  await page.goto('/')
  await failed
  // Let the failed import reach React before looking.
  await page.waitForTimeout(1000)
  await expect(page.getByText('Something went wrong!')).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'What are you carrying today?' })).toBeVisible()
  await page
    .getByPlaceholder('Type your thoughts here… No one will see them unless you choose.')
    .fill('still here')
  await expect(page.getByText('10/5000 characters')).toBeVisible()
})

test('a screen whose code cannot be fetched says so calmly and offers to try again', async ({
  page,
}) => {
  await page.route(/\/assets\/void-screen-[\w-]+\.js$/, (route) =>
    route.abort('internetdisconnected'),
  )
  await page.goto('/')
  await page.getByRole('link', { name: 'The Void' }).click()
  await expect(page.getByRole('heading', { name: 'This screen could not be opened' })).toBeVisible()
  await expect(
    page.getByText('It may need a connection the first time. Your words are safe.'),
  ).toBeVisible()
  await page.unroute(/\/assets\/void-screen-[\w-]+\.js$/)
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'THE VOID' })).toBeVisible()
})

// The writer's first paint has no router (src/app/app-root.tsx): its code comes with the first link.
test('a link whose router code cannot be fetched says so calmly at its address, and Try again opens it', async ({
  page,
}) => {
  const routerCode = /\/assets\/router-start-[\w-]+\.js$/
  await page.route(routerCode, (route) => route.abort('internetdisconnected'))
  await page.goto('/')
  await page.getByRole('link', { name: 'The Void' }).click()
  await expect(page.getByRole('heading', { name: 'This screen could not be opened' })).toBeVisible()
  await expect(page).toHaveURL(/\/void$/)
  await page.goBack()
  await expect(page.getByRole('heading', { name: 'What are you carrying today?' })).toBeVisible()
  // Forward again, the code still out of reach: the same calm words at the same address.
  await page.goForward()
  await expect(page.getByRole('heading', { name: 'This screen could not be opened' })).toBeVisible()
  await page.unroute(routerCode)
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'THE VOID' })).toBeVisible()
})

test('off /, a first visit whose router code cannot be fetched says so calmly, never a blank page', async ({
  page,
}) => {
  const routerCode = /\/assets\/router-start-[\w-]+\.js$/
  await page.route(routerCode, (route) => route.abort('internetdisconnected'))
  await page.goto('/help')
  await expect(page.getByRole('heading', { name: 'This screen could not be opened' })).toBeVisible()
  await page.unroute(routerCode)
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page).toHaveURL(/\/help$/)
})
