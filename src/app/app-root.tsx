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

/**
 * The way into the router from the writer's first paint: its code, the router made at the address
 * the visitor opened the app at, then, on a navigation, the new address in the history and its screen
 * loaded before it is shown. If the code cannot be fetched (a first visit gone offline before the
 * worker stored it), the browser follows the link instead.
 */
function wayIntoRouter(loadRouter: () => Promise<RouterStart>, show: (routed: Routed) => void) {
  let made: Promise<Routed> | undefined
  let leaving = false
  const routed = () =>
    (made ??= loadRouter().then(({ createAppHistory, createAppRouter, RoutedScreens }) => ({
      router: createAppRouter({ history: createAppHistory(), openedAt: location.pathname }),
      RoutedScreens,
    })))
  const navigation: Navigation = {
    navigate: (to: AppPath) => {
      if (leaving) return
      leaving = true
      routed()
        .then(async (next) => {
          next.router.history.push(to)
          await next.router.load()
          show(next)
        })
        .catch((error: unknown) => {
          console.warn('The router could not be loaded', error)
          location.assign(to)
        })
    },
    preload: (to: AppPath) =>
      void routed()
        .then(({ router }) => router.preloadRoute({ to }))
        .catch(() => {
          made = undefined
        }),
  }
  return navigation
}

interface AppRootProps {
  startUp: AppStartUp
  /** The router when it comes first; null: the writer's first paint, without it. */
  routed: Routed | null
  loadRouter: () => Promise<RouterStart>
}

/** The app: its frame, and the router's screens or the writer before them. */
export function AppRoot({ startUp, routed, loadRouter }: AppRootProps) {
  const [current, setCurrent] = useState(routed)
  const [navigation] = useState(() => wayIntoRouter(loadRouter, setCurrent))
  // The router's code, readied once the writer has painted and the page is idle: the first link
  // followed then waits for nothing but the screen it opens.
  useEffect(() => {
    if (routed) return
    void afterFirstPaint()
      .then(loadRouter)
      .catch(() => undefined)
  }, [routed, loadRouter])
  return (
    <AppFrame startUp={startUp}>
      {current ? (
        <current.RoutedScreens router={current.router} />
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
