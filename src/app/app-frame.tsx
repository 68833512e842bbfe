/**
 * What is around every screen, with or without the router: once the first screen has painted, the
 * app's start-up (src/app/app-start.tsx: the offer queue, the service worker, the notices and the
 * toasts), and the store's connection to the private entries' storage. The writer's first paint has
 * no router (src/app/app-root.tsx), so none of this may need it; it stays mounted when the router
 * comes. The start-up is given by the app's root (src/main.tsx gives `loadAppStart`): a test that
 * renders a screen states whether the start-up runs beside it.
 */
import { type ComponentType, type ReactNode, lazy, Suspense, useEffect, useRef } from 'react'
import { useAppStore } from '../store'
import { afterFirstPaint, firstScreenCommitted } from '../lib/after-first-paint'
import { useLanguage } from '../components/use-language'

// The store's private entries: their storage with the lock (docs/product.md, decision 20), made once
// over the browser's own storage, channel and document when first used (its code is loaded then).
useAppStore
  .getState()
  .connectPrivateEntries(() =>
    import('../private-entries/lock/locked-storage').then((m) => m.createPrivateEntries()),
  )

type AppStartModule = typeof import('./app-start')
/** Loads the start-up module; null: no start-up. */
export type AppStartUp = (() => Promise<AppStartModule>) | null

let appStart: Promise<AppStartModule> | undefined
/** The start-up module, fetched after the first paint (none of it is needed to show a screen). */
export const loadAppStart: NonNullable<AppStartUp> = () =>
  (appStart ??= afterFirstPaint().then(() => import('./app-start')))

type StartPart = 'AppStart' | 'InstallPrompt' | 'Toaster'
const nothing: ComponentType = () => null
const noStartUp: Record<StartPart, ComponentType> = {
  AppStart: nothing,
  InstallPrompt: nothing,
  Toaster: nothing,
}

/**
 * A part of the start-up module as a lazy component. If its code cannot be fetched (offline before
 * the service worker stored it), the screen goes on without it rather than failing.
 */
const fromAppStart = (load: NonNullable<AppStartUp>, part: StartPart) =>
  lazy<ComponentType>(() =>
    load().then(
      (m) => ({ default: m[part] }),
      (error: unknown) => {
        console.warn('App start-up not loaded', error)
        return { default: nothing }
      },
    ),
  )

// One set of lazy parts per loader, so that every render of the layout finds the same components.
const startParts = new WeakMap<NonNullable<AppStartUp>, Record<StartPart, ComponentType>>()
function startUpParts(load: AppStartUp): Record<StartPart, ComponentType> {
  if (!load) return noStartUp
  let parts = startParts.get(load)
  if (!parts) {
    parts = {
      AppStart: fromAppStart(load, 'AppStart'),
      InstallPrompt: fromAppStart(load, 'InstallPrompt'),
      Toaster: fromAppStart(load, 'Toaster'),
    }
    startParts.set(load, parts)
  }
  return parts
}

/** Fades the page in on every navigation after the first, unless the visitor prefers reduced motion. */
function usePageTransition(pathname: string, openedAt: string) {
  const pageRef = useRef<HTMLDivElement>(null)
  const firstPath = useRef(openedAt)
  useEffect(() => {
    const element = pageRef.current
    if (!element || pathname === firstPath.current) return
    firstPath.current = ''
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    void import('./page-transition').then(({ fadeInPage }) => fadeInPage(element))
  }, [pathname])
  return pageRef
}

/**
 * The screen's page: it fades in on every navigation after the first screen (`openedAt`: where the
 * app opened), and renders anew in a new language (the switcher is on screens without a draft).
 */
export function Page({
  pathname,
  openedAt = pathname,
  children,
}: {
  pathname: string
  openedAt?: string
  children: ReactNode
}) {
  const pageRef = usePageTransition(pathname, openedAt)
  const language = useLanguage()
  // The start-up's wait for a painted frame begins once the first screen is in the page.
  useEffect(firstScreenCommitted, [])
  return (
    <div className="page" ref={pageRef} key={language}>
      {children}
    </div>
  )
}

/** The app around its screens (`children`: the router, or the writer's first paint before it). */
export function AppFrame({ startUp, children }: { startUp: AppStartUp; children: ReactNode }) {
  const { AppStart, InstallPrompt, Toaster } = startUpParts(startUp)
  return (
    <>
      <Suspense fallback={null}>
        <AppStart />
      </Suspense>
      {children}
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
