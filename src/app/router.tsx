/**
 * The routes: / (Unburden), /void (The Void), /return (Return to Yourself), /help (Talk to
 * someone), and a 404 for the rest.
 */
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
} from '@tanstack/react-router'
import { WriterScreen } from '../features/writer/writer-screen'
import { RootLayout, type AppStartUp } from './root-layout'
import { RouteError } from './route-error'

/** What every route can read: the app's start-up, run beside the screens (null: none). */
export interface AppRouterContext {
  startUp: AppStartUp
}

const rootRoute = createRootRouteWithContext<AppRouterContext>()({
  component: RootLayout,
  // Only an unknown address needs it: not on the writer's first paint.
  notFoundComponent: lazyRouteComponent(() => import('./not-found'), 'NotFound'),
  errorComponent: RouteError,
})

const writerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: WriterScreen,
})

const voidRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/void',
  component: lazyRouteComponent(() => import('../features/void/ui/void-screen'), 'VoidScreen'),
})

const returnRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/return',
  component: lazyRouteComponent(
    () => import('../private-entries/ui/return-screen'),
    'ReturnScreen',
  ),
})

const helpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/help',
  component: lazyRouteComponent(() => import('../features/help/help-screen'), 'HelpScreen'),
})

const routeTree = rootRoute.addChildren([writerRoute, voidRoute, returnRoute, helpRoute])

/**
 * Builds the app's router with its start-up (src/main.tsx: `loadAppStart`; a test rendering a
 * screen: null, or a start-up it awaits). Tests can give it a memory history.
 */
export function createAppRouter({
  startUp,
  ...options
}: Partial<Parameters<typeof createRouter>[0]> & AppRouterContext) {
  return createRouter({ routeTree, defaultPreload: 'intent', ...options, context: { startUp } })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
