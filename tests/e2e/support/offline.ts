/** Helpers for the offline end-to-end specs: offering from the writer, reading the queue, the wall. */
import { expect, type Page } from '@playwright/test'
import { wallRows } from './backend'
import type { QueuedOffer } from '../../../src/offering/shared/offer'

export const HELD = "Held for The Void. It will be offered when you're back online."
export const OFFERED = 'Offered to The Void.'
export const OFFLINE_LINE = "You're offline — your words are safe here"

/** Writes `text` in the writer, presses Ready and offers it; waits for `message`, then the editor. */
export async function offerFromWriter(page: Page, text: string, message: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Your thought' }).fill(text)
  await page.getByRole('button', { name: 'Ready', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'What would you like to do with these words?' })
  await dialog.getByRole('button', { name: /^Offer it to The Void/ }).click()
  await expect(page.getByTestId('outcome')).toHaveText(message)
  await expect(page.getByTestId('outcome')).toBeHidden({ timeout: 6000 })
}

/** The offers waiting in the page's IndexedDB queue, oldest first. */
export async function queuedOffers(page: Page): Promise<QueuedOffer[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('unburden-offers')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('offers')) {
            db.close()
            return resolve([])
          }
          const all = db.transaction('offers').objectStore('offers').getAll()
          all.onsuccess = () => {
            db.close()
            resolve(all.result as QueuedOffer[])
          }
          all.onerror = () => reject(all.error)
        }
      }),
  )
}

/** The wall's texts, oldest first. */
export async function wallTexts(): Promise<string[]> {
  return (await wallRows()).map((row) => row.text).reverse()
}

/** The offline status line. */
export const offlineLine = (page: Page) => page.locator('.offline-status')

/**
 * Chromium's offline emulation (context.setOffline) fails a new document's requests but leaves its
 * `navigator.onLine` true. This re-applies the emulation to `page` itself, so the page knows it is
 * offline as it would on a phone in airplane mode. Call the returned function to go back online.
 */
export async function keepOffline(page: Page): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page)
  const conditions = { latency: 0, downloadThroughput: -1, uploadThroughput: -1 }
  await cdp.send('Network.emulateNetworkConditions', { offline: true, ...conditions })
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...conditions })
    await cdp.detach()
  }
}
