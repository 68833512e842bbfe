/**
 * The routes: / (Unburden), /void (The Void), /return (Return to Yourself), /help (Talk to
 * someone), and a 404 for the rest.
 */
import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
} from '@tanstack/react-router'
import { WriterScreen } from '../features/writer/writer-screen'
import { RootLayout } from './root-layout'
import { RouteError } from './route-error'

const rootRoute = createRootRoute({
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

const sanctuaryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/return',
  component: lazyRouteComponent(
    () => import('../features/sanctuary/sanctuary-screen'),
    'SanctuaryScreen',
  ),
})

const helpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/help',
  component: lazyRouteComponent(() => import('../features/help/help-screen'), 'HelpScreen'),
})

const routeTree = rootRoute.addChildren([writerRoute, voidRoute, sanctuaryRoute, helpRoute])

/** Builds the app's router (tests can give it a memory history). */
export function createAppRouter(options: Partial<Parameters<typeof createRouter>[0]> = {}) {
  return createRouter({ routeTree, defaultPreload: 'intent', ...options })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
