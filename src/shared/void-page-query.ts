/**
 * The PostgREST query of one page of The Void: newest first by `created_at desc, id desc`, keyset
 * after the last row shown (never offset), with `created_at <= cursor` beside the keyset `or` so the
 * `(created_at desc, id desc)` index is entered at the cursor at any depth of the wall. `created_at` is quoted, as the backend sends it (with
 * microseconds and a `+00:00` offset), so it round-trips exactly.
 */
import { VOID_COUNT_FUNCTION, VOID_PAGE_SIZE, VOID_TABLE, type VoidCursor } from './void-rest.ts'

/**
 * Header the service worker adds when it answers a feed request from its cache: the ISO time the
 * cached answer was fetched from the backend. The page reads it to say how old the feed is.
 */
export const CACHED_AT_HEADER = 'x-unburden-cached-at'

/**
 * The headers of a read of the wall: the ones supabase-js sends (apikey, bearer key,
 * `Accept-Profile`). The total is never counted by the read: it comes from the database's counter.
 */
export function voidReadHeaders(anonKey: string): Record<string, string> {
  return {
    apikey: anonKey,
    Authorization: `Bearer ${anonKey}`,
    'Accept-Profile': 'public',
    Accept: 'application/json',
  }
}

/** How long a page of the feed may take before it counts as failed, in ms. */
export const FEED_TIMEOUT_MS = 8000

/**
 * Where index.html's inline start (scripts/void-early-start.ts) leaves the first page's request, and
 * the count's beside it, when the address is /void: `{response, count, startedAt}` on `window`.
 */
export const EARLY_FIRST_PAGE_GLOBAL = '__unburdenVoidFirstPage'

/**
 * The wall's keyset query: `older` rows after `cursor`, newest first (the feed's pages), or `newer`
 * rows after it, oldest first (the live wall: a full page continues from its last row). Without a
 * cursor: the newest rows, or the oldest.
 */
export function voidKeysetQuery(
  direction: 'older' | 'newer',
  cursor: VoidCursor | null,
  limit: number = VOID_PAGE_SIZE,
): string {
  const [order, bound, beyond] =
    direction === 'older' ? (['desc', 'lte', 'lt'] as const) : (['asc', 'gte', 'gt'] as const)
  const params = new URLSearchParams({
    select: 'id,text,created_at',
    order: `created_at.${order},id.${order}`,
    limit: String(limit),
  })
  if (cursor) {
    const at = `"${cursor.created_at}"`
    // The bound alone is what lets PostgreSQL start the index scan at the cursor: PostgREST sends the
    // `or` as written, and an `or` is only a filter, checked row by row from the cursor's end.
    params.set('created_at', `${bound}.${cursor.created_at}`)
    params.set(
      'or',
      `(created_at.${beyond}.${at},and(created_at.eq.${at},id.${beyond}.${cursor.id}))`,
    )
  }
  return params.toString()
}

/** The query string of the page after `cursor` (the first page without one). */
export function voidPageQuery(cursor: VoidCursor | null, limit: number = VOID_PAGE_SIZE): string {
  return voidKeysetQuery('older', cursor, limit)
}

/** The total of a PostgREST `Content-Range` header (`0-49/1234`, `*\/0`); null when not counted. */
export function totalFromContentRange(header: string | null): number | null {
  const match = header ? /\/(\d+)$/.exec(header.trim()) : null
  return match ? Number(match[1]) : null
}

/** The parameters of the first page's query: what a first-page GET may carry, besides `offset=0`. */
const FIRST_PAGE_PARAMS = new Set(new URLSearchParams(voidPageQuery(null)).keys())
/** The first page's order: the newer rows' query (oldest first) is never the first page. */
const FIRST_PAGE_ORDER = new URLSearchParams(voidPageQuery(null)).get('order')

/**
 * True for a GET of the feed's first page as `voidPageQuery(null)` builds it: the table with only
 * that query's parameters (its order, any limit), or `offset=0`. Never a POST, a cursor, a later
 * offset or the newer rows' query.
 */
export function isVoidFeedFirstPage(url: URL, method: string): boolean {
  if (method !== 'GET' || !url.pathname.endsWith(`/rest/v1/${VOID_TABLE}`)) return false
  for (const [name, value] of url.searchParams) {
    if (name === 'order' && value !== FIRST_PAGE_ORDER) return false
    if (FIRST_PAGE_PARAMS.has(name)) continue
    if (name === 'offset' && value === '0') continue
    return false
  }
  return true
}

/**
 * True for a GET of the wall's count as the app asks it (`/rest/v1/rpc/void_thought_count`, no
 * query): the service worker keeps it beside the first page, so an offline feed keeps its count.
 */
export function isVoidCountRequest(url: URL, method: string): boolean {
  return (
    method === 'GET' && url.pathname.endsWith(`/rest/v1/rpc/${VOID_COUNT_FUNCTION}`) && !url.search
  )
}
