/** Every navigation is answered with the precached shell, so any route opens offline. API paths are never. */
import type { PrecacheController } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'

/** Paths that belong to the backend, never to the shell. */
export const API_PATHS = [
  /^\/rest\//,
  /^\/auth\//,
  /^\/storage\//,
  /^\/realtime\//,
  /^\/functions\//,
]

/** Answers navigations with the precached `index.html`. */
export function installNavigationFallback(precache: PrecacheController): void {
  registerRoute(
    new NavigationRoute(precache.createHandlerBoundToURL('/index.html'), { denylist: API_PATHS }),
  )
}
