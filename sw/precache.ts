/**
 * The app shell: every built asset, precached at install; stale precaches are removed. Workbox's
 * precache controller is made here rather than taken as its default, so that work can follow the
 * precache's install in the same event (the start routes, sw/static-routes.ts).
 */
import {
  PrecacheController,
  PrecacheRoute,
  cleanupOutdatedCaches,
  type PrecacheEntry,
} from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'

/** Precaches `manifest` at install (then runs `afterInstall`), serves it cache first. */
export function installPrecache(
  scope: ServiceWorkerGlobalScope,
  manifest: Array<PrecacheEntry | string>,
  afterInstall?: (event: ExtendableEvent, precache: PrecacheController) => Promise<unknown>,
): PrecacheController {
  const precache = new PrecacheController()
  precache.addToCacheList(manifest)
  scope.addEventListener('install', (event) => {
    const installed = precache.install(event)
    if (afterInstall) event.waitUntil(installed.then(() => afterInstall(event, precache)))
  })
  scope.addEventListener('activate', (event) => void precache.activate(event))
  registerRoute(new PrecacheRoute(precache))
  cleanupOutdatedCaches()
  return precache
}
