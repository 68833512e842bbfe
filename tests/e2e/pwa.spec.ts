import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, expect, test } from '@playwright/test'
import { waitForServiceWorker } from './support/sw'

test('the service worker activates and controls the page', async ({ page }) => {
  await page.goto('/')
  await waitForServiceWorker(page)
  const state = await page.evaluate(() => navigator.serviceWorker.controller?.state)
  expect(state).toBe('activated')
})

test('every screen opens offline once the service worker is in control', async ({
  page,
  context,
}) => {
  await page.goto('/')
  await waitForServiceWorker(page)
  await context.setOffline(true)
  for (const [path, title] of [
    ['/', 'Unburden'],
    ['/void', 'THE VOID'],
    ['/return', 'Return to Yourself'],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  }
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Return to Yourself' })).toBeVisible()
})

test('the header links move between the screens', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('link', { name: 'The Void' }).click()
  await expect(page).toHaveURL(/\/void$/)
  await expect(page.getByRole('heading', { level: 1, name: 'THE VOID' })).toBeVisible()
  await page.getByRole('link', { name: 'Return to Yourself' }).click()
  await expect(page).toHaveURL(/\/return$/)
  await page.getByRole('link', { name: 'Back to Unburden' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Unburden' })).toBeVisible()
})

test('no screen listens for beforeunload, so a reload or a link away never waits on the page', async ({
  page,
  context,
}) => {
  // With a beforeunload listener, the browser asks the page before every reload and waits for its
  // main thread to answer (src/app/browser-history.ts). Read after the start-up has run, after a
  // move between screens by the router, and after the browser's back.
  const cdp = await context.newCDPSession(page)
  const windowListeners = async () => {
    const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' })
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', {
      objectId: result.objectId!,
    })
    return listeners.map((listener) => listener.type)
  }
  await page.goto('/')
  await waitForServiceWorker(page)
  expect(await windowListeners()).not.toContain('beforeunload')
  // The writer's first paint has no router (src/app/app-root.tsx): its history listens once a link
  // has brought it.
  await page.getByRole('link', { name: 'The Void' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'THE VOID' })).toBeVisible()
  expect(await windowListeners()).toContain('popstate')
  await page.goBack()
  await expect(page.getByRole('heading', { name: 'What are you carrying today?' })).toBeVisible()
  expect(await windowListeners()).not.toContain('beforeunload')
})

test('Chromium finds no installability errors', async ({ baseURL, launchOptions }) => {
  // Installability is reported only in a persistent (non-incognito) context.
  const profile = mkdtempSync(join(tmpdir(), 'unburden-install-'))
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL })
  try {
    const page = await context.newPage()
    await page.goto('/')
    await waitForServiceWorker(page)
    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: unknown[]
    }
    expect(installabilityErrors).toEqual([])
    // Its parser finds nothing to say of the manifest's shortcuts, share target and screenshots.
    await expect(page.locator('link[rel="manifest"]')).toHaveCount(1)
    const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: unknown[] }
    expect(errors).toEqual([])
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
})

test('the manifest is linked after the first paint, and the offer to install moves nothing on the screen', async ({
  page,
}) => {
  await page.goto('/')
  // index.html carries no manifest link: the browser would fetch it, and its icon, beside the
  // screen's script. The app adds it once the screen has painted.
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  )
  const heading = page.getByRole('heading', { name: 'What are you carrying today?' })
  const before = await heading.boundingBox()
  const install = page.getByRole('button', { name: 'Install' })
  // What Chromium sends when it offers installation (its prompt, stood in for), sent again until
  // the app's start-up listens for it.
  await expect(async () => {
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => Promise.resolve(),
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      })
      window.dispatchEvent(offer)
    })
    await expect(install).toBeVisible({ timeout: 500 })
  }).toPass()
  // Not above the screen: the writer stays where it was painted. And in sight, at the bottom.
  expect(await heading.boundingBox()).toEqual(before)
  const box = (await install.boundingBox())!
  const viewport = page.viewportSize()!
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height)
  expect(box.y).toBeGreaterThan(viewport.height / 2)
  await expect(install).toBeInViewport()
  await install.click()
  await expect(install).toHaveCount(0)
})
