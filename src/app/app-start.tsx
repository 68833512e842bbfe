/**
 * The app's start-up, loaded with `import()` once the first screen has painted (src/app/app-frame.tsx),
 * because none of it is needed to show the editor: the offer queue, the service worker's
 * registration, the store's connectivity, the offline line, update and install notices, and the toasts
 * (the install affordance is rendered below the screen: it comes late, and above it would push the
 * screen down).
 * The queue and the worker's bridge are loaded from here in turn (they carry postgrest-js and
 * workbox-window).
 */
import { useEffect } from 'react'
import { AppNotices } from '../components/app-notices'
import { InstallPrompt } from '../components/install-prompt'
import { Toaster } from '../components/toaster'
import { useAppStore } from '../store'
import { linkWebManifest } from './web-manifest'

export { InstallPrompt, Toaster }

/**
 * Starts the offer queue and registers the service worker; the queue stops on unmount. Each step is a
 * task of its own: an `import()` adds its chunk's preload links to the page as it is called, and all of
 * them with the queue's start in one task made one long task on a slow phone, while The Void's first
 * cards were still coming (docs/perf-log.md).
 */
function useServiceWorker() {
  useEffect(() => {
    let stopQueue: (() => void) | undefined
    let unmounted = false
    const timers: ReturnType<typeof setTimeout>[] = []
    const later = (step: () => void) => timers.push(setTimeout(() => !unmounted && step(), 0))
    later(
      () =>
        void import('../offering/offer-service').then(
          ({ startOfferService }) => {
            if (!unmounted) stopQueue = startOfferService()
          },
          (error: unknown) => console.warn('The offer queue could not be started', error),
        ),
    )
    const stop = () => {
      unmounted = true
      timers.forEach(clearTimeout)
      stopQueue?.()
    }
    if (import.meta.env.DEV) return stop
    // The build's index.html has no manifest link: it comes now, after the first screen.
    later(linkWebManifest)
    later(
      () =>
        void import('../lib/sw-bridge').then(({ registerServiceWorker }) =>
          registerServiceWorker({
            onUpdateReady: (activate) => useAppStore.getState().setActivateUpdate(activate),
          }).catch((error: unknown) => console.warn('Service worker registration failed', error)),
        ),
    )
    return stop
  }, [])
}

/** Tracks connectivity in the store. */
function useOnlineStatus() {
  const setOnline = useAppStore((s) => s.setOnline)
  useEffect(() => {
    const update = () => setOnline(navigator.onLine)
    // The state may have changed between the store's creation and now, with no event heard.
    update()
    window.addEventListener('online', update)
    window.addEventListener('offline', update)
    return () => {
      window.removeEventListener('online', update)
      window.removeEventListener('offline', update)
    }
  }, [setOnline])
}

/** Runs the start-up and shows the offline line, then the update notice (the install affordance is
 * its own part: the app's frame renders it out of the screen's flow). */
export function AppStart() {
  useServiceWorker()
  useOnlineStatus()
  return <AppNotices />
}
