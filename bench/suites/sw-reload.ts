/**
 * A reload served by the service worker, to an interactive editor (target ≤ 500 ms), in headless
 * Chromium: the time from the navigation's start to the first frame after the writer's text area
 * appears and accepts focus. Online (the worker still answers from its precache) and offline. No
 * backend is needed: the writer makes no request.
 */
import type { Page } from 'playwright-core'
import { median, openVoidBenchApp, percentile } from '../void-support'

export const name = 'Service worker: reload to an interactive editor'

const RUNS = 15

// Recorded in the page: when #thought exists, takes the focus, and a frame has been drawn after it.
const EDITOR_READY_PROBE = `
  (() => {
    const check = () => {
      const editor = document.querySelector('#thought')
      if (!editor) return false
      editor.focus()
      if (document.activeElement !== editor) return false
      requestAnimationFrame(() => { window.__editorReadyAt = performance.now() })
      return true
    }
    const observer = new MutationObserver(() => { if (check()) observer.disconnect() })
    observer.observe(document, { childList: true, subtree: true })
  })()
`

async function timeReloads(page: Page): Promise<{ times: number[]; bySw: boolean }> {
  const times: number[] = []
  let bySw = true
  for (let i = 0; i < RUNS; i++) {
    await page.reload()
    await page.waitForFunction(() => (window as { __editorReadyAt?: number }).__editorReadyAt)
    const { readyAt, workerStart } = await page.evaluate(() => ({
      readyAt: (window as { __editorReadyAt?: number }).__editorReadyAt ?? NaN,
      workerStart: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
        .workerStart,
    }))
    bySw &&= workerStart > 0
    times.push(readyAt)
  }
  return { times, bySw }
}

const fmt = (values: number[]) =>
  `median ${median(values).toFixed(0)} ms, p90 ${percentile(values, 90).toFixed(0)} ms, min ${Math.min(...values).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms`

export async function run(): Promise<void> {
  const app = await openVoidBenchApp()
  try {
    const context = await app.browser.newContext()
    await context.addInitScript(EDITOR_READY_PROBE)
    const page = await context.newPage()
    await page.goto(`${app.appUrl}/`)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
      if (!navigator.serviceWorker.controller)
        await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r))
    })
    const online = await timeReloads(page)
    await context.setOffline(true)
    const offline = await timeReloads(page)
    console.log(`runs each                       ${RUNS}`)
    console.log(
      `reload online (SW precache)     ${fmt(online.times)}  (target ≤ 500 ms)${online.bySw ? '' : '  NOT SERVED BY THE SW'}`,
    )
    console.log(
      `reload offline (SW precache)    ${fmt(offline.times)}  (target ≤ 500 ms)${offline.bySw ? '' : '  NOT SERVED BY THE SW'}`,
    )
    await context.close()
  } finally {
    await app.close()
  }
}
