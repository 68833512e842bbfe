/**
 * The Void's feed as the screen renders it, in a store of The Void's own (the writer's first paint
 * does not carry it): the thoughts loaded so far (newest first, each once), the
 * wall's total, whether more pages wait, and, when the wall could not be reached, when the feed on
 * screen was fetched. Its actions are the feed's only writer; loading lives in
 * src/features/void/model/void-feed.ts, the live wall's rows in ./new-thoughts.ts.
 */
import { create } from 'zustand'
import type { VoidThought } from '../../../shared/void-rest'
import { withFresh, withRevealed } from './new-thoughts'

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
  /**
   * Rows found newer than the first page, oldest first, kept until the reader reveals them
   * (src/features/void/model/new-thoughts.ts; a reload keeps them, the screen drops those shown).
   */
  fresh: VoidThought[]
  /** How many rows at the head of `thoughts` were revealed since the first page was shown. */
  revealed: number
}

export interface VoidFeedStore {
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
  /** Keeps the live wall's rows newer than the newest known, until the reader reveals them. */
  keepFreshVoidThoughts: (rows: readonly VoidThought[]) => void
  /** Shows `rows` (fresh ones) on top and grows the total by those added. */
  revealVoidThoughts: (rows: readonly VoidThought[]) => void
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

/** Builds a fresh feed store; tests make one each so state never leaks between them. */
export const createVoidFeedStore = () =>
  create<VoidFeedStore>()((set) => ({
    voidFeed: emptyFeed,
    startVoidFeed: () =>
      set(({ voidFeed }) => ({
        voidFeed: voidFeed.status === 'ready' ? voidFeed : { ...emptyFeed, status: 'loading' },
      })),
    showVoidFeed: ({ thoughts, total, hasMore, fetchedAt }) =>
      set(({ voidFeed }) => ({
        voidFeed: {
          status: 'ready',
          thoughts,
          total,
          hasMore,
          more: 'idle',
          fetchedAt,
          fresh: voidFeed.fresh,
          revealed: 0,
        },
      })),
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
    keepFreshVoidThoughts: (rows) =>
      set(({ voidFeed }) => ({ voidFeed: withFresh(voidFeed, rows) })),
    revealVoidThoughts: (rows) =>
      set(({ voidFeed }) => ({ voidFeed: withRevealed(voidFeed, rows) })),
  }))

/** The Void's feed. */
export const useVoidFeedStore = createVoidFeedStore()
