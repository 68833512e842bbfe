/**
 * The Web Share Target (issue 38): text shared from another app arrives as a POST to /share-target;
 * the service worker keeps it on the device and sends the page to the writer, which shows it. The
 * words reach no server, online or offline. Without a worker, the server sends a share to `/` unread.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { requestLog, resetBackend } from './support/backend'
import { keepOffline } from './support/offline'
import { waitForServiceWorker } from './support/sw'

/** Posts a share from `page` as the browser does: a multipart form, submitted as a navigation. */
async function share(page: Page, fields: Record<string, string>): Promise<void> {
  await page.evaluate((fields) => {
    const form = document.createElement('form')
    form.method = 'post'
    form.enctype = 'multipart/form-data'
    form.action = '/share-target'
    for (const [name, value] of Object.entries(fields)) {
      const input = document.createElement('textarea')
      input.name = name
      input.value = value
      form.append(input)
    }
    document.body.append(form)
    form.submit()
  }, fields)
}

/** Every request that left the browser for a server and carried `text` in its address or body. */
async function watchNetwork(context: BrowserContext, text: string): Promise<string[]> {
  const leaked: string[] = []
  // Everything the page or the worker sends to a server comes here; what the worker answers does not.
  await context.route('**/*', async (route) => {
    const request = route.request()
    const body = request.postDataBuffer()?.toString('utf8') ?? ''
    const address = decodeURIComponent(request.url().replace(/\+/g, ' '))
    if (address.includes(text) || body.includes(text)) leaked.push(request.url())
    await route.fallback()
  })
  return leaked
}

const editor = (page: Page) => page.getByRole('textbox', { name: 'Your thought' })

test.describe('with the service worker', () => {
  test.beforeEach(async ({ page }) => {
    await resetBackend()
    await page.goto('/')
    await waitForServiceWorker(page)
  })

  test('a share opens the writer with its words, online, and no server sees them', async ({
    page,
    context,
  }, testInfo) => {
    const words = 'Something I read on the bus and cannot put down'
    const leaked = await watchNetwork(context, words)
    await share(page, {
      title: 'An article',
      text: words,
      url: 'https://news.example/story',
    })

    await expect(editor(page)).toHaveValue(`${words}\nhttps://news.example/story`)
    await expect(editor(page)).toBeFocused()
    const url = new URL(page.url())
    expect(url.pathname).toBe('/')
    expect(url.search).toBe('')
    expect(leaked).toEqual([])
    expect(JSON.stringify(await requestLog())).not.toContain('bus')
    // Taken once: a reload brings back an empty writer.
    await expect
      .poll(() =>
        page.evaluate(async () => (await (await caches.open('unburden-share-v1')).keys()).length),
      )
      .toBe(0)

    await page.screenshot({ path: testInfo.outputPath('share-flow.png') })
    // Ready for the choice, as a typed thought is.
    await page.getByRole('button', { name: 'Ready', exact: true }).click()
    await expect(
      page.getByRole('dialog', { name: 'What would you like to do with these words?' }),
    ).toBeVisible()
  })

  test('a share made offline opens the writer with its words', async ({ page, context }) => {
    const words = 'written in airplane mode, shared from my notes'
    const leaked = await watchNetwork(context, words)
    await context.setOffline(true)
    await share(page, { text: words })

    await expect(editor(page)).toHaveValue(words)
    await keepOffline(page)
    const url = new URL(page.url())
    expect(url.pathname).toBe('/')
    expect(url.search).toBe('')
    expect(leaked).toEqual([])
  })
})

test.describe('without a service worker', () => {
  test.use({ serviceWorkers: 'block' })

  test('a share that reaches the server goes on to the writer, unread', async ({
    page,
    context,
  }) => {
    const words = 'lost on the way, never kept'
    // The watch the tests above rely on sees a share that does reach a server.
    const reached = await watchNetwork(context, words)
    await page.goto('/')
    await share(page, { text: words })
    await expect.poll(() => reached).toEqual([expect.stringMatching(/\/share-target$/)])
    await expect(page.getByRole('heading', { name: 'What are you carrying today?' })).toBeVisible()
    await expect(editor(page)).toHaveValue('')
    expect(new URL(page.url()).pathname).toBe('/')
    expect(new URL(page.url()).search).toBe('')

    await page.goto('/share-target?text=a+fallback+GET')
    await expect(page.getByRole('heading', { name: 'What are you carrying today?' })).toBeVisible()
    expect(new URL(page.url()).search).toBe('')
  })
})
