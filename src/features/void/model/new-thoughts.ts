/**
 * The live wall's changes to the feed (docs/product.md, decision 16), as plain functions of the
 * store's `voidFeed`: keeping rows found newer than the newest known, and revealing them on top.
 * They live with the screen, not in the store, so the first paint of `/` does not carry them.
 */
import { compareVoidRows } from '../api/void-newer-query'
import type { VoidThought } from '../../../shared/void-rest'
import type { VoidFeed } from './void-feed-store'

/** The fresh rows not shown yet: newer than the first row shown, oldest first. */
export function freshNotShown(feed: VoidFeed): VoidThought[] {
  const first = feed.thoughts[0]
  return first ? feed.fresh.filter((row) => compareVoidRows(row, first) > 0) : feed.fresh
}

/** The newest row the feed knows, shown or fresh; null on an empty wall. */
export function newestKnown(feed: VoidFeed): VoidThought | null {
  const fresh = feed.fresh.at(-1)
  const first = feed.thoughts[0]
  if (!fresh || !first) return fresh ?? first ?? null
  return compareVoidRows(fresh, first) > 0 ? fresh : first
}

/** `feed` with `rows` kept as fresh, except those not newer than the newest known. */
export function withFresh(feed: VoidFeed, rows: readonly VoidThought[]): VoidFeed {
  let newest = newestKnown(feed)
  const added: VoidThought[] = []
  for (const row of [...rows].sort(compareVoidRows)) {
    if (newest && compareVoidRows(row, newest) <= 0) continue
    added.push(row)
    newest = row
  }
  return added.length ? { ...feed, fresh: [...freshNotShown(feed), ...added] } : feed
}

/** `feed` with `rows` shown on top (newest first) and the total grown by the rows added. */
export function withRevealed(feed: VoidFeed, rows: readonly VoidThought[]): VoidFeed {
  const shown = new Set(feed.thoughts.map((thought) => thought.id))
  const taken = new Set(rows.map((row) => row.id))
  const added = rows.filter((row) => !shown.has(row.id)).sort((a, b) => compareVoidRows(b, a))
  return {
    ...feed,
    thoughts: added.length ? [...added, ...feed.thoughts] : feed.thoughts,
    total: feed.total === null ? null : feed.total + added.length,
    fresh: freshNotShown(feed).filter((row) => !taken.has(row.id)),
    revealed: feed.revealed + added.length,
  }
}
