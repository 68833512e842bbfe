/// <reference lib="webworker" />
/** Unburden's service worker: wiring only; each concern lives in its own module. */
import { installPrecache } from './precache'
import { installNavigationFallback } from './navigation'
import { installLifecycle } from './lifecycle'

declare const self: ServiceWorkerGlobalScope

installPrecache(self.__WB_MANIFEST)
installNavigationFallback()
installLifecycle(self)
