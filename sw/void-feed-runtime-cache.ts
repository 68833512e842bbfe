/**
 * The Void's first page, cached at run time so `/void` offline shows the last feed and when it was
 * fetched. Network first with a short timeout; a 5xx counts as a failure. Only the GET of the first
 * page (no cursor filter, no offset) and the GET of the wall's count are ever cached: never a POST,
 * never a later page.
 * An answer from the cache carries `x-unburden-cached-at: <ISO time it was stored>`; it is a response
 * the worker builds, so the page can read every header on it.
 */
import { CACHED_AT_HEADER } from '../src/shared/void-page-query'

/** The runtime cache's name; bump the version when what it stores changes shape. */
export const VOID_FEED_CACHE = 'unburden-void-feed-v1'

/** How long the network may take before the cached feed is shown instead, in ms. */
export const FEED_NETWORK_TIMEOUT_MS = 3000

/** What the strategy needs from the worker; tests pass stubs. */
export interface FeedCacheDeps {
  fetch: (request: Request) => Promise<Response>
  caches: CacheStorage
  /** Keeps the worker alive for work that outlives the answer (refreshing the cache). */
  waitUntil: (work: Promise<unknown>) => void
  now?: () => number
  timeoutMs?: number
}

class ServerFailure extends Error {
  constructor(readonly response: Response) {
    super(`The Void answered ${response.status}`)
  }
}

type Settled = { response: Response } | { error: unknown } | { timedOut: true }

/**
 * A copy of `response` stamped with the time it is stored. A counted first page of a wall longer
 * than one page comes as 206 (PostgREST's partial content); the Cache API refuses to store a 206,
 * so the copy is stored as a 200 with the same body and headers (Content-Range keeps the total).
 */
async function stamp(response: Response, now: number): Promise<Response> {
  const headers = new Headers(response.headers)
  headers.set(CACHED_AT_HEADER, new Date(now).toISOString())
  const partial = response.status === 206
  return new Response(await response.blob(), {
    status: partial ? 200 : response.status,
    statusText: partial ? 'OK' : response.statusText,
    headers,
  })
}

/** Answers a first-page request: the network within the timeout, else the last stored feed. */
export async function answerVoidFeed(request: Request, deps: FeedCacheDeps): Promise<Response> {
  const now = deps.now ?? Date.now
  const cache = await deps.caches.open(VOID_FEED_CACHE)
  const key = request.url
  const network = deps.fetch(request).then(async (response) => {
    if (response.status >= 500) throw new ServerFailure(response)
    if (response.ok) await cache.put(key, await stamp(response.clone(), now()))
    return response
  })
  deps.waitUntil(network.catch(() => undefined))
  const settle = (p: Promise<Response>): Promise<Settled> =>
    p.then(
      (response) => ({ response }),
      (error: unknown) => ({ error }),
    )
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<Settled>((resolve) => {
    timer = setTimeout(() => resolve({ timedOut: true }), deps.timeoutMs ?? FEED_NETWORK_TIMEOUT_MS)
  })
  let first = await Promise.race([settle(network), timeout])
  clearTimeout(timer)
  if ('response' in first) return first.response
  const cached = await cache.match(key)
  if (cached) return cached
  if ('timedOut' in first) first = await settle(network)
  if ('response' in first) return first.response
  if ('error' in first && first.error instanceof ServerFailure) return first.error.response
  return Response.error()
}
