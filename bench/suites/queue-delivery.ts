/**
 * 100 queued offers reaching the wall once the backend returns (target ≤ 3 s), in headless Chromium
 * with the service worker active, against the real local backend with fault injection (write limit
 * off). The 100 offers are written into the page's IndexedDB queue in the exact shape `offerToVoid`
 * stores (typing 100 thoughts would spend 5 minutes on the writer's 3-second messages); everything
 * after that is the app's own delivery path.
 *
 * Two ways back:
 * - the backend returns while the browser believed it was online all along ('drop', then 'none'):
 *   only the backoff timer can notice, so the figure includes the wait for its next tick;
 * - the phone regains its network (offline, then online): the `online` event starts the flush.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { startBackend } from '../../server/index'
import { openVoidBenchApp } from '../void-support'

export const name = 'Offer queue: 100 queued offers reaching the wall'

const OFFERS = 100

/** Writes `count` offers into the page's queue, as offerToVoid would have held them. */
async function fillQueue(page: Page, count: number, label: string): Promise<void> {
  await page.evaluate(
    ({ count, label }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('unburden-offers')
        open.onupgradeneeded = () => open.result.createObjectStore('offers')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          const tx = db.transaction('offers', 'readwrite', { durability: 'strict' })
          const start = Date.now()
          for (let i = 0; i < count; i++) {
            const offer = {
              clientId: crypto.randomUUID(),
              text: `${label} ${i + 1}`,
              queuedAt: start + i,
              attempts: 0,
              origin: 'writer',
            }
            tx.objectStore('offers').put(
              offer,
              `${String(offer.queuedAt).padStart(15, '0')}:${offer.clientId}`,
            )
          }
          tx.oncomplete = () => {
            db.close()
            resolve()
          }
          tx.onerror = () => reject(tx.error)
        }
      }),
    { count, label },
  )
}

export async function run(): Promise<void> {
  const app = await openVoidBenchApp()
  const dataDir = mkdtempSync(join(tmpdir(), 'unburden-bench-queue-'))
  const backend = await startBackend({
    port: app.apiPort,
    dataDir,
    faults: true,
    writeLimitPerMinute: 0,
    log: false,
  })
  const control = async (path: string, body?: unknown) => {
    const response = await fetch(`${backend.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'x-unburden-control-token': backend.controlToken,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    return text ? JSON.parse(text) : null
  }
  /** Polls `check` every 10 ms until it holds; fails after 60 s. Answers when it first held. */
  const waitUntil = async (what: string, check: () => Promise<boolean>) => {
    const deadline = Date.now() + 60_000
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
      await new Promise((r) => setTimeout(r, 10))
    }
    return performance.now()
  }
  const rowsOnWall = async () => ((await control('/__rows')) as unknown[]).length
  const posts = async () =>
    ((await control('/__requests')) as { method: string; status: number }[]).filter(
      (r) => r.method === 'POST',
    )
  const waitForWall = (count: number) =>
    waitUntil(`${count} rows on the wall`, async () => (await rowsOnWall()) >= count)

  try {
    const context = await app.browser.newContext()
    const page = await context.newPage()
    await page.goto(`${app.appUrl}/`)
    await page.evaluate(() => navigator.serviceWorker.ready)

    // 1. The backend drops every connection while the browser believes it is online.
    await control('/__reset', {})
    await control('/__faults', { mode: 'drop', latencyMs: 0 })
    await fillQueue(page, OFFERS, 'unreachable')
    await page.reload()
    // Wait until the app has tried and failed once, so its backoff timer is running.
    await waitUntil('a first (dropped) attempt', async () => (await posts()).length > 0)
    await control('/__faults', { mode: 'none', latencyMs: 0 })
    const returned = performance.now()
    const firstAt = await waitUntil('a first delivery', async () =>
      (await posts()).some((r) => r.status >= 200 && r.status < 300),
    )
    const done = await waitForWall(OFFERS)
    console.log(
      `backend back, browser online all along: ${(done - returned).toFixed(0)} ms to ${OFFERS} rows  (target ≤ 3000 ms)`,
    )
    console.log(
      `  of which waiting for the backoff timer ${(firstAt - returned).toFixed(0)} ms, delivering ${(done - firstAt).toFixed(0)} ms`,
    )

    // 2. The phone was offline and comes back: the online event starts the flush.
    await control('/__reset', {})
    await context.setOffline(true)
    await fillQueue(page, OFFERS, 'offline')
    const back = performance.now()
    await context.setOffline(false)
    const landed = await waitForWall(OFFERS)
    console.log(
      `offline, then online:                   ${(landed - back).toFixed(0)} ms to ${OFFERS} rows  (target ≤ 3000 ms)`,
    )
    const rows = (await control('/__rows')) as { text: string }[]
    const texts = rows.map((r) => r.text).reverse()
    const inOrder = texts.every((t, i) => t === `offline ${i + 1}`)
    console.log(
      `  rows ${rows.length} (exactly once), in queue order: ${inOrder ? 'yes' : 'NO'}, requests ${(await posts()).length}`,
    )
    await context.close()
  } finally {
    await backend.close()
    await app.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
