/**
 * The network lab's Drop drill in Chromium, Firefox and WebKit (issue 15 item 4): the same button,
 * the same matrix, the same table, against the built app and the local backend. All three engines
 * here register the service worker and let it control the page (docs/testing-on-a-phone.md says
 * what each one runs), so every step, the in-app simulation included, runs in each. The table of
 * each run is printed for the record.
 */
import { describe, expect, it } from 'vitest'
import { resetBackend, wallRows } from '../e2e/support/backend'
import { ENGINES, type EngineSession } from './support/engines'
import { withInstalledApp } from './support/installed-app'
import { click, waitUntil } from './support/page-actions'
import { APP_URL } from './support/stack'

const STEPS = ['offline', 'backend down', '503', '429', 'lost answer', 'reload mid-queue']

/** The drill's table as the page shows it. */
interface DrillTable {
  caption: string
  totals: Record<string, number>
  rows: string[][]
}

const readTable = (session: EngineSession): Promise<DrillTable> =>
  session.run(() => {
    const table = document.querySelector('table[aria-label="Drop drill result"]')!
    const totals: Record<string, number> = {}
    for (const cell of Array.from(table.querySelectorAll<HTMLElement>('[data-drill]')))
      totals[cell.dataset.drill!] = Number(cell.textContent)
    const rows = Array.from(table.querySelectorAll('tbody:nth-of-type(2) tr'))
      .slice(1)
      .map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent ?? ''))
    return { caption: table.querySelector('caption')?.textContent ?? '', totals, rows }
  })

describe.each(ENGINES)('the Drop drill in %s', (engine) => {
  let page!: EngineSession
  withInstalledApp(engine, (session) => (page = session))

  it('delivers every test offer exactly once, across its reload, and says so in its table', async () => {
    await resetBackend()
    const token = encodeURIComponent(process.env.UNBURDEN_CONTROL_TOKEN ?? '')
    await page.goto(`${APP_URL}/?lab&token=${token}`)
    await click(page, 'Run the Drop drill')
    await waitUntil(
      page,
      'the Drop drill table',
      () => !!document.querySelector('table[aria-label="Drop drill result"]'),
      280_000,
    )
    const table = await readTable(page)
    console.log(
      `Drop drill in ${engine}: ${table.caption}\n` +
        `  offered ${table.totals.offered}, delivered ${table.totals.delivered}, duplicated ${table.totals.duplicated}, lost ${table.totals.lost}\n` +
        table.rows
          .map((row) => `  #${row[0]} ${row[1]}: on the wall ${row[2]}, ${row[3]}`)
          .join('\n'),
    )
    expect(table.totals).toEqual({ offered: 6, delivered: 6, duplicated: 0, lost: 0 })
    expect(table.rows.map((row) => row[1])).toEqual(STEPS)
    expect(table.rows.map((row) => row[2])).toEqual(STEPS.map(() => '1'))
    const texts = (await wallRows()).map((row) => row.text).reverse()
    expect(texts).toHaveLength(6)
    texts.forEach((text, i) => expect(text).toMatch(new RegExp(`^Drop drill \\S+ #${i + 1} \\(`)))
  }, 300_000)
})
