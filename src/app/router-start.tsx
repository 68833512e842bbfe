/**
 * The router's part of the app's start, loaded with `import()`: on `/` after the writer's first
 * paint (src/app/app-root.tsx), elsewhere before the first screen (src/main.tsx). Its code, the
 * router's and the history's, is most of the app's own script, and the writer's first paint needs
 * none of it.
 */
import { RouterProvider } from '@tanstack/react-router'
import { createAppHistory } from './browser-history'
import { createAppRouter } from './router'

export { createAppHistory, createAppRouter }

export type AppRouter = ReturnType<typeof createAppRouter>

/** The screens, as the router shows them. */
export function RoutedScreens({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} />
}
