/**
 * The Void's feed as the screen renders it: the thoughts loaded so far (newest first, each once), the
 * wall's total, whether more pages wait, and, when the wall could not be reached, when the feed on
 * screen was fetched. Loading itself lives with the screen (src/features/void/void-feed.ts).
 */
import type { StateCreator } from 'zustand'
import { compareVoidRows } from '../shared/void-page-query'
import type { VoidThought } from '../shared/void-rest'
import type { StoreState } from './types'

/** The feed's state. */
export interface VoidFeed {
  /** `loading`: the first page is on its way and nothing can be shown yet; `error`: nothing to show. */
  status: 'idle' | 'loading' | 'ready' | 'error'
  thoughts: VoidThought[]
  total: number | null
  /** True while more pages may follow the last one loaded. */
  hasMore: boolean
  /** The next page: `loading` while it is on its way, `error` when it failed (a retry is offered). */
  more: 'idle' | 'loading' | 'error'
  /** Set when the feed shown comes from a cache: the ISO time it was fetched. */
  fetchedAt: string | null
  /** Rows found newer than every row shown, oldest first, waiting for the reader to reveal them. */
  fresh: VoidThought[]
  /** How many rows at the head of `thoughts` were revealed since the first page was shown. */
  revealed: number
}

export interface VoidFeedSlice {
  voidFeed: VoidFeed
  /** The first page is on its way; what is shown stays until it arrives. */
  startVoidFeed: () => void
  /** Shows a first page (fresh, or from a cache with `fetchedAt`), replacing what was shown. */
  showVoidFeed: (feed: {
    thoughts: VoidThought[]
    total: number | null
    hasMore: boolean
    fetchedAt: string | null
  }) => void
  /** The first page failed and no cached feed exists. */
  failVoidFeed: () => void
  /** Marks the next page as loading, idle or failed. */
  setVoidFeedMore: (more: VoidFeed['more']) => void
  /** Appends a next page, skipping any thought already shown. */
  appendVoidPage: (thoughts: VoidThought[], hasMore: boolean) => void
  /** Keeps rows found newer than the newest known (shown or fresh), oldest first. */
  addFreshVoidThoughts: (rows: VoidThought[]) => void
  /**
   * Shows `rows` (taken from `fresh`) at the top of the wall; the total grows by the rows added.
   */
  revealVoidThoughts: (rows: VoidThought[]) => void
}

/** The newest row known to the feed: the last fresh one, or the first shown. */
export function newestKnownThought(feed: VoidFeed): VoidThought | null {
  return feed.fresh.at(-1) ?? feed.thoughts[0] ?? null
}

const emptyFeed: VoidFeed = {
  status: 'idle',
  thoughts: [],
  total: null,
  hasMore: false,
  more: 'idle',
  fetchedAt: null,
  fresh: [],
  revealed: 0,
}

export const createVoidFeedSlice: StateCreator<StoreState, [], [], VoidFeedSlice> = (set) => ({
  voidFeed: emptyFeed,
  startVoidFeed: () =>
    set(({ voidFeed }) => ({
      voidFeed: voidFeed.status === 'ready' ? voidFeed : { ...emptyFeed, status: 'loading' },
    })),
  showVoidFeed: ({ thoughts, total, hasMore, fetchedAt }) =>
    set(({ voidFeed }) => {
      // Fresh rows the new first page now shows are dropped; newer ones still wait.
      const newest = thoughts[0]
      const fresh = newest
        ? voidFeed.fresh.filter((row) => compareVoidRows(row, newest) > 0)
        : voidFeed.fresh
      return {
        voidFeed: {
          status: 'ready',
          thoughts,
          total,
          hasMore,
          more: 'idle',
          fetchedAt,
          fresh,
          revealed: 0,
        },
      }
    }),
  failVoidFeed: () =>
    set(({ voidFeed }) => ({
      voidFeed: voidFeed.status === 'ready' ? voidFeed : { ...emptyFeed, status: 'error' },
    })),
  setVoidFeedMore: (more) => set(({ voidFeed }) => ({ voidFeed: { ...voidFeed, more } })),
  appendVoidPage: (page, hasMore) =>
    set(({ voidFeed }) => {
      const shown = new Set(voidFeed.thoughts.map((thought) => thought.id))
      const fresh = page.filter((thought) => !shown.has(thought.id))
      return {
        voidFeed: {
          ...voidFeed,
          thoughts: fresh.length ? [...voidFeed.thoughts, ...fresh] : voidFeed.thoughts,
          hasMore,
          more: 'idle',
        },
      }
    }),
  addFreshVoidThoughts: (rows) =>
    set(({ voidFeed }) => {
      let newest = newestKnownThought(voidFeed)
      const added: VoidThought[] = []
      for (const row of [...rows].sort(compareVoidRows)) {
        if (newest && compareVoidRows(row, newest) <= 0) continue
        added.push(row)
        newest = row
      }
      return added.length ? { voidFeed: { ...voidFeed, fresh: [...voidFeed.fresh, ...added] } } : {}
    }),
  revealVoidThoughts: (rows) =>
    set(({ voidFeed }) => {
      const shown = new Set(voidFeed.thoughts.map((thought) => thought.id))
      const taken = new Set(rows.map((row) => row.id))
      const added = rows.filter((row) => !shown.has(row.id)).sort((a, b) => compareVoidRows(b, a))
      return {
        voidFeed: {
          ...voidFeed,
          thoughts: added.length ? [...added, ...voidFeed.thoughts] : voidFeed.thoughts,
          total: voidFeed.total === null ? null : voidFeed.total + added.length,
          fresh: voidFeed.fresh.filter((row) => !taken.has(row.id)),
          revealed: voidFeed.revealed + added.length,
        },
      }
    }),
})
