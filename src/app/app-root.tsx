/**
 * The app's root. On `/` it first shows the writer without the router: the router's code is most of
 * the app's own script, and the writer's first paint, the app's most frequent, needs none of it (its
 * links are src/components/nav-link.tsx). The router comes when a link is followed, after its code
 * has been readied on the visitor's intent (or once the page is idle), and shows the screen asked
 * for; the writer leaves then, as it does on any navigation. Elsewhere the router comes first
 * (src/main.tsx). What is around the screens (src/app/app-frame.tsx) stays mounted throughout.
 */
import { Component, type ReactNode, useEffect, useState } from 'react'
import { NavigationContext, type AppPath, type Navigation } from '../components/nav-link'
import { WriterScreen } from '../features/writer/writer-screen'
import { afterFirstPaint } from '../lib/after-first-paint'
import { AppFrame, Page, type AppStartUp } from './app-frame'
import { RouteError } from './route-error'
import type { AppRouter } from './router-start'

type RouterStart = typeof import('./router-start')

/** The router, made and shown. */
export interface Routed {
  router: AppRouter
  RoutedScreens: RouterStart['RoutedScreens']
}

/** Before the router, what its error boundary does for a screen: the error screen, not a blank page. */
class FirstScreenBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown }
  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') }
  }
  override render() {
    return this.state.error === undefined ? (
      this.props.children
    ) : (
      <RouteError error={this.state.error} />
    )
  }
}

/** A screen asked for whose code could not be fetched: its address, and why. */
interface NotOpened {
  at: string
  error: unknown
}

/** The way into the router: a link's navigation, and the browser's own moves before the router. */
interface WayIntoRouter extends Navigation {
  /** Shows the router at the document's address (a move of the browser's back or forward). */
  enter: () => void
}

/**
 * The way into the router from the writer's first paint: its code, the router made at the address
 * the visitor opened the app at, then, on a navigation, the new address in the history and its screen
 * loaded before it is shown. If the code cannot be fetched (a first visit gone offline before the
 * worker stored it), the address asked for says so calmly, as a screen whose code cannot be fetched
 * does, and its Try again loads that address.
 */
function wayIntoRouter(
  loadRouter: () => Promise<RouterStart>,
  show: (routed: Routed) => void,
  fail: (notOpened: NotOpened) => void,
): WayIntoRouter {
  let made: Promise<Routed> | undefined
  let leaving = false
  // The address of the last link followed while the router's code comes: the last click wins.
  let wanted: AppPath | undefined
  const routed = () =>
    (made ??= loadRouter().then(
      ({ createAppHistory, createAppRouter, RoutedScreens }) => ({
        router: createAppRouter({ history: createAppHistory(), openedAt: '/' }),
        RoutedScreens,
      }),
      (error: unknown) => {
        // The code never came: the next link asks for it again.
        made = undefined
        throw error
      },
    ))
  /** Shows the router at the link's address (pushed on the history) or at the document's. */
  const enter = (to?: AppPath) => {
    wanted = to
    if (leaving) return
    leaving = true
    let pushed = false
    routed()
      .then(async (next) => {
        if (wanted) {
          next.router.history.push(wanted)
          pushed = true
        }
        await next.router.load()
        show(next)
      })
      .catch((error: unknown) => {
        leaving = false
        if (wanted && !pushed) window.history.pushState(null, '', wanted)
        fail({ at: location.pathname, error })
      })
  }
  return {
    navigate: (to) => enter(to),
    enter: () => enter(),
    preload: (to) =>
      void routed()
        .then(({ router }) => router.preloadRoute({ to }))
        .catch(() => undefined),
  }
}

interface AppRootProps {
  startUp: AppStartUp
  /** The router when it comes first; null: the writer's first paint, without it. */
  routed: Routed | null
  loadRouter: () => Promise<RouterStart>
  /** Off `/`, why the router's code could not come first (a first visit gone offline). */
  routerFailed?: { error: unknown }
}

/** The app: its frame, and the router's screens or the writer before them. */
export function AppRoot({ startUp, routed, loadRouter, routerFailed }: AppRootProps) {
  const [current, setCurrent] = useState(routed)
  const [notOpened, setNotOpened] = useState<NotOpened | null>(() =>
    routerFailed ? { at: location.pathname, error: routerFailed.error } : null,
  )
  const [navigation] = useState(() => wayIntoRouter(loadRouter, setCurrent, setNotOpened))
  // Before the router, the browser's back or forward: the writer at `/`, the router elsewhere.
  useEffect(() => {
    if (current) return
    const moved = () => {
      if (location.pathname !== '/') return navigation.enter()
      setNotOpened(null)
    }
    window.addEventListener('popstate', moved)
    return () => window.removeEventListener('popstate', moved)
  }, [current, navigation])
  // The router's code, readied once the writer has painted and the page is idle: the first link
  // followed then waits for nothing but the screen it opens.
  useEffect(() => {
    if (routed || routerFailed) return
    void afterFirstPaint()
      .then(loadRouter)
      .catch(() => undefined)
  }, [routed, routerFailed, loadRouter])
  return (
    <AppFrame startUp={startUp}>
      {current ? (
        <current.RoutedScreens router={current.router} />
      ) : notOpened ? (
        <Page pathname={notOpened.at} openedAt="/">
          <RouteError error={notOpened.error} />
        </Page>
      ) : (
        <NavigationContext value={navigation}>
          <Page pathname="/">
            <FirstScreenBoundary>
              <WriterScreen />
            </FirstScreenBoundary>
          </Page>
        </NavigationContext>
      )}
    </AppFrame>
  )
}
