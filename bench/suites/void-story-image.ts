/**
 * Rendering a 5000-character Story image in the app, in headless Chromium: the Story button of a
 * 5000-character thought, timed by the User Timing measures the app leaves (layout and drawing; PNG
 * encoding). Target: at most 300 ms to render. The feed is answered by a routed stand-in, so this suite
 * needs no backend.
 */
import { statSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { median } from '../stats'
import { openVoidBenchApp } from '../void-support'

export const name = 'The Void: a 5000-character Story image'

const RUNS = 7

export async function run(): Promise<void> {
  const app = await openVoidBenchApp()
  try {
    const text = 'I carried this for years and now I set it down. '.repeat(110).slice(0, 5000)
    const page = await app.browser.newPage({ acceptDownloads: true })
    await page.route(`http://localhost:${app.apiPort}/**`, (route) =>
      route.fulfill({
        status: 200,
        headers: {
          'content-type': 'application/json',
          'content-range': '0-0/1',
          'access-control-allow-origin': '*',
          'access-control-allow-headers': '*',
          'access-control-expose-headers': 'content-range',
        },
        body: JSON.stringify([{ id: 1, text, created_at: new Date().toISOString() }]),
      }),
    )
    await page.goto(`${app.appUrl}/void`)
    const story = page.getByRole('button', { name: 'Story', exact: true })
    let bytes = 0
    for (let i = 0; i < RUNS; i++) {
      const download = page.waitForEvent('download')
      await story.click()
      const file = await download
      bytes = statSync(await file.path()).size
    }
    const measures = await page.evaluate(() =>
      performance
        .getEntriesByType('measure')
        .filter((entry) => entry.name.startsWith('unburden:share-image:'))
        .map((entry) => ({ name: entry.name, duration: entry.duration })),
    )
    const draw = measures.filter((m) => m.name.endsWith(':draw')).map((m) => m.duration)
    const png = measures.filter((m) => m.name.endsWith(':png')).map((m) => m.duration)
    const total = draw.map((d, i) => d + (png[i] ?? 0))
    const fmt = (values: number[]) =>
      `median ${median(values).toFixed(1)} ms, min ${Math.min(...values).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms`
    console.log(`runs                        ${draw.length}`)
    console.log(`machine load (1 min)        ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`)
    console.log(`layout + drawing            ${fmt(draw)}`)
    console.log(`PNG encoding                ${fmt(png)}`)
    console.log(`render total (draw + PNG)   ${fmt(total)}  (target ≤ 300 ms)`)
    console.log(`PNG size                    ${(bytes / 1024).toFixed(0)} KiB, 1080×1920`)
  } finally {
    await app.close()
  }
}
