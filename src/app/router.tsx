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
import { RootLayout } from './root-layout'
import { RouteError } from './route-error'

/** What every route can read. */
export interface AppRouterContext {
  /**
   * Where the app opened, when its first screen came before the router (the writer's first paint,
   * src/app/app-root.tsx); null: the router's first screen is the app's first.
   */
  openedAt: string | null
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

/** Builds the app's router. Tests can give it a memory history. */
export function createAppRouter({
  openedAt = null,
  ...options
}: Partial<Parameters<typeof createRouter>[0]> & Partial<AppRouterContext> = {}) {
  return createRouter({ routeTree, defaultPreload: 'intent', ...options, context: { openedAt } })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
