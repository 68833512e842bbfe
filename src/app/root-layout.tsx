/**
 * The router's root: the screen's page, and the router as the navigation of the links on it
 * (src/components/nav-link.tsx). What is around every screen is src/app/app-frame.tsx, outside the
 * router.
 */
import { Outlet, useLocation, useRouteContext, useRouter } from '@tanstack/react-router'
import { useMemo } from 'react'
import { NavigationContext, type Navigation } from '../components/nav-link'
import { Page } from './app-frame'

/** The root of every route. */
export function RootLayout() {
  const router = useRouter()
  const pathname = useLocation({ select: (location) => location.pathname })
  const openedAt = useRouteContext({ from: '__root__', select: (context) => context.openedAt })
  const navigation = useMemo<Navigation>(
    () => ({
      navigate: (to) => void router.navigate({ to }),
      preload: (to) =>
        void router.preloadRoute({ to }).catch((error: unknown) => console.warn(error)),
    }),
    [router],
  )
  return (
    <NavigationContext value={navigation}>
      <Page pathname={pathname} openedAt={openedAt ?? undefined}>
        <Outlet />
      </Page>
    </NavigationContext>
  )
}
