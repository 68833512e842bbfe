/// <reference lib="webworker" />
/** Unburden's service worker: wiring only; each concern lives in its own module. */
import { installPrecache } from './precache'
import { addStartRoutes, hasStaticRouting, restoreStartCopy, startCacheName } from './static-routes'
import { RUNTIME_CACHES } from './caches'
import { installNavigationFallback } from './navigation'
import { installShareTarget } from './share-target'
import { installLifecycle } from './lifecycle'
import { installVoidFeedRoute } from './void-feed-route'
import { installOfferSync } from './offer-sync-events'
import { workerOfferStorage } from './offer-store'
import { loadBackend, offerRetryGate, saveBackend } from './backend-config'
import { installLabStatus, workerVersion } from '../src/features/lab/worker/answer-lab-status'
import { journeyRecorder, offerJourneyLog } from '../src/offering/shared/offer-journey'
import { installLabSimulation } from '../src/features/lab/worker/simulate-backend'

declare const self: ServiceWorkerGlobalScope

// The build injects the precache list at this one place only.
const manifest = self.__WB_MANIFEST
const shellRevision = workerVersion(manifest)
const startCache = shellRevision === 'unknown' ? null : startCacheName(shellRevision)
// Once the precache is complete, Chromium is told to answer `/` and /assets/ from it without this
// script: the home-screen icon's start needs no worker start (sw/static-routes.ts).
const precache = installPrecache(self, manifest, (event) =>
  addStartRoutes(event, startRoutesDeps()),
)
const startRoutesDeps = () => ({
  cacheStorage: self.caches,
  origin: self.location.origin,
  precacheName: precache.strategy.cacheName,
  startCache,
  shell: () => precache.matchPrecache('/index.html'),
})
// Before the navigation fallback: a share's fallback GET is a navigation too.
installShareTarget(self)
installNavigationFallback(precache)
installVoidFeedRoute(self)
installLifecycle(self, startCache ? [...RUNTIME_CACHES, startCache] : RUNTIME_CACHES)
// The copy of index.html put back if an older version's activation took it (static-routes.ts).
if (hasStaticRouting())
  self.addEventListener('activate', (event) =>
    event.waitUntil(restoreStartCopy(startRoutesDeps()).catch(() => false)),
  )
installOfferSync(self, {
  storage: workerOfferStorage,
  loadBackend,
  saveBackend,
  retryGate: offerRetryGate,
  // The network lab keeps each offer's journey, the worker's tries included.
  onEvent: journeyRecorder(offerJourneyLog()),
})
installLabStatus(self, manifest)
// Last: its fetch listener leaves every request a route above answers to that route.
installLabSimulation(self)
