/**
 * The moderation bench (bench/moderation.ts, the moderation part of `npm run bench:abuse`) at its
 * small size (BENCH_SIZE=small: 8 simulated hours, 10 honestly reported thoughts, the burner with 3,
 * 24 and 72 addresses), so a bench that breaks fails `npm test`. Every row must run its day, print
 * its line, and keep issue 36's guarantees: at least 90 % of the honestly reported thoughts leave the
 * wall within 2 hours of reaching the threshold, never more automatic hides in an hour than the
 * budget, and no restored thought hidden again.
 */
import { beforeAll, expect, it } from 'vitest'
import { formatRow, runModerationBench, shortfalls, type BenchRow } from '../../../bench/moderation'

const ROWS = [
  'spender 3 addresses',
  'spender 50 addresses',
  'spender 65,536 /64s of one /48',
  'burner 3 addresses',
  'burner 24 addresses',
  'burner 72 addresses',
]

let rows: BenchRow[] = []
const lines: string[] = []
const label = (row: BenchRow) => `${row.kind} ${row.attacker}`

beforeAll(async () => {
  rows = await runModerationBench('small', (line) => lines.push(line))
  console.log(lines.join('\n'))
}, 600_000)

it('the small moderation bench runs every row and prints it', () => {
  expect(rows.map(label)).toEqual(ROWS)
  for (const row of rows) {
    expect(lines).toContain(`  ${formatRow(row)}`)
    // The honest traffic ran: every abusive thought reached the threshold.
    expect(row.honestReported, label(row)).toBe(10)
  }
})

it.each(ROWS)('%s: honest reports win, the budget holds, a restored thought stays', (name) => {
  const row = rows.find((candidate) => label(candidate) === name)
  expect(row, 'the row ran').toBeDefined()
  expect(shortfalls(row!)).toEqual([])
})
