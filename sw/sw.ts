/// <reference lib="webworker" />
/** Unburden's service worker: wiring only; each concern lives in its own module. */
import { installPrecache } from './precache'
import { addStartRoutes, startCacheName } from './static-routes'
import { RUNTIME_CACHES } from './caches'
import { installNavigationFallback } from './navigation'
import { installLifecycle } from './lifecycle'
import { installVoidFeedRoute } from './void-feed-route'
import { installOfferSync } from './offer-sync-events'
import { workerOfferStorage } from './offer-store'
import { loadBackend, offerRetryGate, saveBackend } from './backend-config'
import { installLabStatus, workerVersion } from './lab-status'
import { offerJourneyLog } from '../src/shared/offer-journey'
import { installLabSimulation } from './lab-simulation'

declare const self: ServiceWorkerGlobalScope

// The build injects the precache list at this one place only.
const manifest = self.__WB_MANIFEST
const startCache = startCacheName(workerVersion(manifest))
// Once the precache is complete, Chromium is told to answer `/` and /assets/ from it without this
// script: the home-screen icon's start needs no worker start (issue 16, sw/static-routes.ts).
const precache = installPrecache(self, manifest, (event, controller) =>
  addStartRoutes(event, {
    cacheStorage: self.caches,
    origin: self.location.origin,
    precacheName: controller.strategy.cacheName,
    startCache,
    shell: () => controller.matchPrecache('/index.html'),
  }),
)
installNavigationFallback(precache)
installVoidFeedRoute(self)
installLifecycle(self, [...RUNTIME_CACHES, startCache])
installOfferSync(self, {
  storage: workerOfferStorage,
  loadBackend,
  saveBackend,
  retryGate: offerRetryGate,
  journey: offerJourneyLog(),
})
installLabStatus(self, manifest)
// Last: its fetch listener leaves every request a route above answers to that route.
installLabSimulation(self)
