/**
 * The live wall's query (docs/product.md, decision 16), the feed's keyset turned around
 * (src/shared/void-page-query.ts), and the wall's order of two rows. Only The Void's lazy chunk
 * needs them.
 */
import { voidKeysetQuery } from '../../../shared/void-page-query'
import { VOID_PAGE_SIZE, type VoidCursor } from '../../../shared/void-rest'

/**
 * The query of the rows newer than `after` (the newest row the reader has), oldest first so a page
 * that is full continues from its last row on the next ask: the same keyset, turned around. Without
 * `after` (an empty wall) it asks for the oldest rows.
 */
export function voidNewerQuery(after: VoidCursor | null, limit: number = VOID_PAGE_SIZE): string {
  return voidKeysetQuery('newer', after, limit)
}

/**
 * Orders two rows as the wall does, by `created_at` then `id`: negative when `a` is older. Times are
 * compared to the microsecond (the backend's precision; `Date` keeps only milliseconds).
 */
export function compareVoidRows(a: VoidCursor, b: VoidCursor): number {
  const at = instant(a.created_at) - instant(b.created_at)
  if (Number.isNaN(at))
    return a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id - b.id
  if (at !== 0) return at
  const micros = fraction(a.created_at) - fraction(b.created_at)
  return micros !== 0 ? micros : a.id - b.id
}

const FRACTION = /\.(\d+)/

/** The whole seconds of an ISO time, in ms since the epoch. */
function instant(time: string): number {
  return Date.parse(time.replace(FRACTION, ''))
}

/** The fractional second of an ISO time, in microseconds. */
function fraction(time: string): number {
  const digits = FRACTION.exec(time)?.[1] ?? ''
  return Number(digits.padEnd(6, '0').slice(0, 6))
}
