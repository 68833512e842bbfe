/**
 * The start without this worker's script, offline too: the service worker's
 * static routing, where the browser has it (Chromium). At install the worker tells the browser
 * that a navigation to `/` (the home-screen icon's start_url) is answered from a copy of the
 * precached index.html, and a GET under /assets/ from the precache, so opening the app needs
 * neither this worker's start (its script, then a fetch event) nor a hop to its thread. Every other
 * request still reaches the fetch listeners: `/void`, `/?lab`, icons, the backend.
 *
 * The copy of index.html is the one this version precached, kept in a cache named after its
 * revision: a version still active answers from its own copy while a newer one installs, and the
 * newer one's activation deletes the older copy (caches.ts). Files under /assets/ carry their hash
 * in their names, so the precache keeps them under their plain URLs, which the browser's own lookup
 * finds. A lookup that finds nothing goes to the network, as Workbox's precache route does.
 *
 * The browser's lookup honours `Vary`, which Workbox's own never meets (it looks up a bare URL): a
 * server's `Vary: Origin, Accept-Encoding` (Vite's preview, most static hosts) made each module
 * script, sent with an Origin header, miss the copy stored from Workbox's plain request, and offline
 * it failed. So, where the routes are added, every built file in the precache is rewritten without
 * `Vary` first: the ones this install stored and the ones an earlier version stored (Workbox fetches
 * no file it has already).
 */

/** The condition of a static route (the subset used here). */
export interface RouteCondition {
  requestDestination?: RequestDestination
  urlPattern: {
    protocol: string
    hostname: string
    port: string
    pathname: string
    search?: string
  }
  requestMethod?: string
  requestMode?: RequestMode
}

/** A static route: requests meeting the condition are looked up in the cache named. */
export interface StaticRoute {
  condition: RouteCondition
  source: { cacheName: string }
}

/** An install event, with the static routing API where the browser has it. */
export interface InstallEventWithRoutes extends ExtendableEvent {
  addRoutes?: (routes: StaticRoute | StaticRoute[]) => Promise<void>
}

/** The built files' folder: hashed names only. */
const ASSETS = '/assets/'

/** The cache that holds this version's copy of index.html, for the start route. */
export function startCacheName(shellRevision: string): string {
  return `unburden-start-${shellRevision}`
}

/** True for a URL of `origin` under /assets/. */
function isBuiltAsset(url: string, origin: string): boolean {
  const parsed = new URL(url)
  return parsed.origin === origin && parsed.pathname.startsWith(ASSETS)
}

/**
 * The routes: a navigation to `origin`'s `/` with no query, and GETs of scripts and styles under
 * /assets/ (a navigation there still gets the shell and its not-found page from the worker).
 */
export function startRoutes(
  origin: string,
  caches: { start: string; precache: string },
): StaticRoute[] {
  const { protocol, hostname, port } = new URL(origin)
  const at = { protocol: protocol.slice(0, -1), hostname, port }
  return [
    {
      // No query: `/?lab` and the like need the fetch listeners (a cache lookup would miss them).
      condition: { urlPattern: { ...at, pathname: '/', search: '' }, requestMode: 'navigate' },
      source: { cacheName: caches.start },
    },
    ...(['script', 'style'] as const).map((requestDestination) => ({
      condition: {
        urlPattern: { ...at, pathname: `${ASSETS}*` },
        requestMethod: 'GET',
        requestDestination,
      },
      source: { cacheName: caches.precache },
    })),
  ]
}

/**
 * `response` as it is, with no `Vary` header. Written here rather than with Workbox's copyResponse,
 * which refuses an answer with no URL: Workbox itself stores a redirected answer that way (a host
 * that sends /index.html on to /), and these caches are the worker's own.
 */
function withoutVary(response: Response): Response {
  const headers = new Headers(response.headers)
  headers.delete('vary')
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}

/** Rewrites without `Vary` the built files `cacheName` holds with one; answers how many. */
export async function dropVaryFromBuiltAssets(
  cacheStorage: CacheStorage,
  cacheName: string,
  origin: string,
): Promise<number> {
  const cache = await cacheStorage.open(cacheName)
  let rewritten = 0
  for (const request of await cache.keys()) {
    if (!isBuiltAsset(request.url, origin)) continue
    const response = await cache.match(request)
    if (!response?.headers.has('vary')) continue
    // Under the stored request itself, so that the copy with `Vary` is the one replaced.
    await cache.put(request, withoutVary(response))
    rewritten++
  }
  return rewritten
}

/** Keeps `shell` (index.html) in `cacheName` under `origin`'s `/`, where the start route looks. */
async function keepStartCopy(
  cacheStorage: CacheStorage,
  cacheName: string,
  origin: string,
  shell: Response,
): Promise<void> {
  const start = await cacheStorage.open(cacheName)
  await start.put(new URL('/', origin).href, withoutVary(shell))
}

/** What adding the routes needs: the precache's name and its copy of index.html. */
export interface StartRoutesDeps {
  cacheStorage: CacheStorage
  origin: string
  precacheName: string
  /** Null when index.html has no revision: a copy per version could not be told apart. */
  startCache: string | null
  shell: () => Promise<Response | undefined>
}

/**
 * Run once the precache is complete, in the install event: makes the precache and the start copy fit
 * for the routes, then adds them. Where the browser has no static routing, nothing is done. No
 * failure here fails the install (the fetch listeners answer all the same); the routes are only
 * added once every copy they lead to is in place.
 */
export async function addStartRoutes(
  event: InstallEventWithRoutes,
  deps: StartRoutesDeps,
): Promise<boolean> {
  if (typeof event.addRoutes !== 'function') return false
  try {
    if (deps.startCache === null) throw new Error('index.html has no revision in the precache list')
    const shell = await deps.shell()
    if (!shell?.ok) throw new Error('index.html is not in the precache')
    await dropVaryFromBuiltAssets(deps.cacheStorage, deps.precacheName, deps.origin)
    await keepStartCopy(deps.cacheStorage, deps.startCache, deps.origin, shell)
    await event.addRoutes(
      startRoutes(deps.origin, { start: deps.startCache, precache: deps.precacheName }),
    )
    return true
  } catch (error) {
    console.warn('The start routes are off; the fetch listeners answer instead', error)
    return false
  }
}

/** True where the browser has static routing (read in the worker, outside an install event). */
export function hasStaticRouting(scope: object = globalThis): boolean {
  const installEvent = (scope as { InstallEvent?: unknown }).InstallEvent
  return (
    typeof installEvent === 'function' &&
    'addRoutes' in (installEvent as { prototype: object }).prototype
  )
}

/**
 * At activation: puts back the copy of index.html if it is gone. An older version activated while
 * this one installed (its Reload pressed meanwhile) deletes this version's copy as stale, and the
 * route added at install cannot be taken back; the precache still holds index.html, or Workbox's own
 * route had nothing to answer with either. Answers whether a copy was written.
 */
export async function restoreStartCopy(deps: StartRoutesDeps): Promise<boolean> {
  if (deps.startCache === null || (await deps.cacheStorage.has(deps.startCache))) return false
  const shell = await deps.shell()
  if (!shell?.ok) return false
  await keepStartCopy(deps.cacheStorage, deps.startCache, deps.origin, shell)
  return true
}
