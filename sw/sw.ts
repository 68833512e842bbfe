/// <reference lib="webworker" />
/** Unburden's service worker: wiring only; each concern lives in its own module. */
import { installPrecache } from './precache'
import { installNavigationFallback } from './navigation'
import { installLifecycle } from './lifecycle'
import { installVoidFeedRoute } from './void-feed-route'
import { installOfferSync } from './offer-sync-events'
import { workerOfferStorage } from './offer-store'
import { loadBackend, offerRetryGate, saveBackend } from './backend-config'
import { installLabStatus } from './lab-status'
import { offerJourneyLog } from '../src/shared/offer-journey'
import { installLabSimulation } from './lab-simulation'

declare const self: ServiceWorkerGlobalScope

// The build injects the precache list at this one place only.
const manifest = self.__WB_MANIFEST
installPrecache(manifest)
installNavigationFallback()
installVoidFeedRoute(self)
installLifecycle(self)
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
