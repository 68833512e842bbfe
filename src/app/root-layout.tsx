/**
 * The layout around every screen: the page transition, and, once the first screen has painted, the
 * app's start-up (src/app/app-start.tsx: the offer queue, the service worker, the notices and the
 * toasts); it connects the store to the private entries' storage.
 */
import { Outlet, useLocation } from '@tanstack/react-router'
import { type ComponentType, lazy, Suspense, useEffect, useRef } from 'react'
import { useAppStore } from '../store'
import { afterFirstPaint } from '../lib/after-first-paint'

// The store's private entries are kept by src/lib/sanctuary-storage.ts behind the lock (PRODUCT.md 20),
// both loaded on first use.
useAppStore
  .getState()
  .connectSanctuaryStorage(() => import('../features/sanctuary/lock/sanctuary-lock'))

type AppStartModule = typeof import('./app-start')
let appStart: Promise<AppStartModule> | undefined
/** The start-up module, fetched after the first paint (none of it is needed to show a screen). */
const loadAppStart = () => (appStart ??= afterFirstPaint().then(() => import('./app-start')))

/**
 * A part of the start-up module as a lazy component. If its code cannot be fetched (offline before
 * the service worker stored it), the screen goes on without it rather than failing.
 */
const fromAppStart = (part: 'AppStart' | 'InstallPrompt' | 'Toaster') =>
  lazy<ComponentType>(() =>
    loadAppStart().then(
      (m) => ({ default: m[part] }),
      (error: unknown) => {
        console.warn('The app start-up could not be loaded', error)
        return { default: () => null }
      },
    ),
  )
const AppStart = fromAppStart('AppStart')
const InstallPrompt = fromAppStart('InstallPrompt')
const Toaster = fromAppStart('Toaster')

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
  return (
    <>
      <Suspense fallback={null}>
        <AppStart />
      </Suspense>
      <div className="page" ref={pageRef}>
        <Outlet />
      </div>
      {/* Out of the screen's flow (fixed at its bottom corner): the browser offers installation
          after the first paint, and a line appearing above the screen would push it down. */}
      <Suspense fallback={null}>
        <InstallPrompt />
      </Suspense>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </>
  )
}
