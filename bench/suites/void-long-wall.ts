/**
 * A long wall stays smooth: scrolls /void through 10,000 thoughts from the local backend in headless
 * Chromium, at a steady fling, to the very last card. Prints the largest number of card elements the
 * page held at any moment (the wall keeps only the chunks near the screen), the DOM size at the start
 * and the end, and the frame intervals measured while scrolling.
 */
import { cpus, loadavg } from 'node:os'
import { percentile } from '../stats'
import { openVoidBenchApp, startVoidBackend } from '../void-support'

export const name = 'The Void: scrolling a wall of 10,000 thoughts'

const THOUGHTS = 10_000
/** Pixels scrolled per frame: about 24,000 px/s at 60 frames a second, a fast fling. */
const STEP = 400

export async function run(): Promise<void> {
  const backend = await startVoidBackend()
  const app = await openVoidBenchApp()
  try {
    await backend.seed(THOUGHTS)
    const page = await app.browser.newPage({ viewport: { width: 412, height: 900 } })
    await page.goto(`${app.appUrl}/void`)
    await page.locator('article.void-card').first().waitFor()
    // tsx names inner functions with an `__name` helper that the page lacks.
    await page.evaluate('window.__name = (fn) => fn')
    const result = await page.evaluate(
      async ({ total, step }) => {
        const articles = document.getElementsByTagName('article')
        const nodesAtStart = document.getElementsByTagName('*').length
        let maxCards = articles.length
        const seen = new Set<string>()
        let order = true
        let lastId = Infinity
        const frames: number[] = []
        const started = performance.now()
        let previous = started
        await new Promise<void>((done) => {
          const frame = (now: number) => {
            frames.push(now - previous)
            previous = now
            maxCards = Math.max(maxCards, articles.length)
            for (const card of articles) {
              const id = card.getAttribute('data-thought-id')
              if (id && !seen.has(id)) {
                seen.add(id)
                if (Number(id) >= lastId) order = false
                lastId = Number(id)
              }
            }
            if (seen.size >= total || now - started > 600_000) return done()
            window.scrollBy(0, step)
            requestAnimationFrame(frame)
          }
          requestAnimationFrame(frame)
        })
        return {
          seconds: (performance.now() - started) / 1000,
          maxCards,
          seen: seen.size,
          order,
          nodesAtStart,
          nodesAtEnd: document.getElementsByTagName('*').length,
          frames: frames.slice(1),
          height: document.documentElement.scrollHeight,
        }
      },
      { total: THOUGHTS, step: STEP },
    )
    const frames = result.frames
    const long = frames.filter((f) => f > 50).length
    console.log(
      `thoughts scrolled through   ${result.seen} of ${THOUGHTS} in ${result.seconds.toFixed(1)} s, newest first: ${result.order}`,
    )
    console.log(`wall height                 ${(result.height / 1000).toFixed(0)}k px`)
    console.log(
      `max card elements in page   ${result.maxCards}  (bounded: chunks of 25 near the screen)`,
    )
    console.log(`DOM elements start → end    ${result.nodesAtStart} → ${result.nodesAtEnd}`)
    console.log(`machine load (1 min)        ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`)
    console.log(
      `frame interval              p50 ${percentile(frames, 50).toFixed(1)} ms, p95 ${percentile(frames, 95).toFixed(1)} ms, p99 ${percentile(frames, 99).toFixed(1)} ms, max ${Math.max(...frames).toFixed(0)} ms over ${frames.length} frames; ${long} over 50 ms`,
    )
  } finally {
    await app.close()
    await backend.close()
  }
}
