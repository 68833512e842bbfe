/** Helpers for tests that need the service worker in control of the page. */
import type { Page } from '@playwright/test'

/** Waits until a service worker is active and controls `page`. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), {
          once: true,
        }),
      )
    }
  })
}
