/** The layout around every screen: the page transition, the toasts, and start-up of the offline side. */
import { Outlet, useLocation } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { Toaster } from '../components/toaster'
import { useAppStore } from '../store'

/** Registers the service worker once the page has painted. */
function useServiceWorker() {
  useEffect(() => {
    if (import.meta.env.DEV) return
    void import('../lib/sw-bridge').then(({ registerServiceWorker }) =>
      registerServiceWorker({
        onUpdateReady: (activate) => useAppStore.getState().setActivateUpdate(activate),
      }).catch((error: unknown) => console.warn('Service worker registration failed', error)),
    )
  }, [])
}

/** Tracks connectivity in the store. */
function useOnlineStatus() {
  const setOnline = useAppStore((s) => s.setOnline)
  useEffect(() => {
    const update = () => setOnline(navigator.onLine)
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
      <div className="page" ref={pageRef}>
        <Outlet />
      </div>
      <Toaster />
    </>
  )
}
