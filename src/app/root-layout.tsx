/**
 * The layout around every screen: the page transition, the toasts, and start-up of the offline side;
 * it connects the store to the private entries' storage.
 */
import { Outlet, useLocation } from '@tanstack/react-router'
import { type ComponentType, lazy, Suspense, useEffect, useRef } from 'react'
import { Toaster } from '../components/toaster'
import { useAppStore } from '../store'

// The store's private entries are kept by src/lib/sanctuary-storage.ts, loaded on first use.
useAppStore.getState().connectSanctuaryStorage(() => import('../lib/sanctuary-storage'))

// The offline line, update and install notices: not needed to paint the editor, loaded after it.
// If their code cannot be fetched (offline before the service worker stored it), the screen goes on
// without them rather than failing.
const AppNotices = lazy<ComponentType>(() =>
  import('../components/app-notices').then(
    (m) => ({ default: m.AppNotices }),
    (error: unknown) => {
      console.warn('The app notices could not be loaded', error)
      return { default: () => null }
    },
  ),
)

/** Starts the offer queue and registers the service worker once the page has painted. */
function useServiceWorker() {
  useEffect(() => {
    let stopQueue: (() => void) | undefined
    let unmounted = false
    void import('./offer-service').then(
      ({ startOfferService }) => {
        if (!unmounted) stopQueue = startOfferService()
      },
      (error: unknown) => console.warn('The offer queue could not be started', error),
    )
    const stop = () => {
      unmounted = true
      stopQueue?.()
    }
    if (import.meta.env.DEV) return stop
    void import('../lib/sw-bridge').then(({ registerServiceWorker }) =>
      registerServiceWorker({
        onUpdateReady: (activate) => useAppStore.getState().setActivateUpdate(activate),
      }).catch((error: unknown) => console.warn('Service worker registration failed', error)),
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

/** Fades the page in on every navigation after the first, unless the visitor prefers reduced motion. */
function usePageTransition(pathname: string) {
  const pageRef = useRef<HTMLDivElement>(null)
  const firstPath = useRef(pathname)
  useEffect(() => {
    const element = pageRef.current
    if (!element || pathname === firstPath.current) return
    firstPath.current = ''
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    void import('./page-transition').then(({ fadeInPage }) => fadeInPage(element))
  }, [pathname])
  return pageRef
}

/** The root of every route. */
export function RootLayout() {
  const pathname = useLocation({ select: (location) => location.pathname })
  const pageRef = usePageTransition(pathname)
  useServiceWorker()
  useOnlineStatus()
  return (
    <>
      <Suspense fallback={null}>
        <AppNotices />
      </Suspense>
      <div className="page" ref={pageRef}>
        <Outlet />
      </div>
      <Toaster />
    </>
  )
}
