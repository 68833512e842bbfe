/**
 * The start without this worker's script (issue 16, the offline start): the service worker's
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
 * it failed. So these copies are kept without `Vary`: new files as the precache stores them (the
 * plugin below), and files an earlier version stored (Workbox fetches no file it has) at install.
 */
import { copyResponse } from 'workbox-core/copyResponse.js'
import type { WorkboxPlugin } from 'workbox-core/types'

/** The condition of a static route (the subset used here). */
export interface RouteCondition {
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
export function isBuiltAsset(url: string, origin: string): boolean {
  const parsed = new URL(url)
  return parsed.origin === origin && parsed.pathname.startsWith(ASSETS)
}

/** The routes: a navigation to `origin`'s `/` with no query, and GETs under /assets/. */
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
    {
      condition: { urlPattern: { ...at, pathname: `${ASSETS}*` }, requestMethod: 'GET' },
      source: { cacheName: caches.precache },
    },
  ]
}

/** `response` as it is, with no `Vary` header. */
function withoutVary(response: Response): Promise<Response> {
  return copyResponse(response, (init) => {
    const headers = new Headers(init.headers)
    headers.delete('vary')
    return { ...init, headers }
  })
}

/**
 * A precache plugin that stores built files without `Vary`. A plugin with `cacheWillUpdate` takes
 * the place of Workbox's default one, so that one's rule is kept here: no answer of 400 or more is
 * stored (and the install fails rather than keep one).
 */
export function builtAssetsWithoutVary(origin: string): WorkboxPlugin {
  return {
    cacheWillUpdate: async ({ request, response }) => {
      if (response.status >= 400) return null
      return isBuiltAsset(request.url, origin) && response.headers.has('vary')
        ? withoutVary(response)
        : response
    },
  }
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
    await cache.put(request, await withoutVary(response))
    rewritten++
  }
  return rewritten
}

/** What adding the routes needs: the precache's name and its copy of index.html. */
export interface StartRoutesDeps {
  cacheStorage: CacheStorage
  origin: string
  precacheName: string
  startCache: string
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
    const shell = await deps.shell()
    if (!shell?.ok) throw new Error('index.html is not in the precache')
    await dropVaryFromBuiltAssets(deps.cacheStorage, deps.precacheName, deps.origin)
    const start = await deps.cacheStorage.open(deps.startCache)
    await start.put(new URL('/', deps.origin).href, await withoutVary(shell))
    await event.addRoutes(
      startRoutes(deps.origin, { start: deps.startCache, precache: deps.precacheName }),
    )
    return true
  } catch (error) {
    console.warn('The start routes are off; the fetch listeners answer instead', error)
    return false
  }
}
