/** The app shell: every built asset, precached at install; stale precaches are removed. */
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'

/** Precaches `manifest` (injected at build time) and serves it cache first. */
export function installPrecache(manifest: Array<PrecacheEntry | string>): void {
  precacheAndRoute(manifest)
  cleanupOutdatedCaches()
}
