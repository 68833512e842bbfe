/**
 * The links between the app's screens. The writer's first paint comes before the router's code
 * (src/app/app-root.tsx), so the links it shows cannot be the router's own `<Link>`: a link here
 * asks the navigation its screen is given, which is the router once it runs and, before that, the
 * app's way into it. It is a plain `<a href>`: without a navigation (a component rendered on its own)
 * or with a modifier key, the browser follows it, as any link.
 */
import { createContext, use, type MouseEvent, type ReactNode } from 'react'

/** The addresses of the app's screens. */
export type AppPath = '/' | '/void' | '/return' | '/help'

/** How a screen moves to another: the router's navigation, or the way into it. */
export interface Navigation {
  navigate: (to: AppPath) => void
  /** Readies the screen at `to` (its code), when the visitor shows an intent to open it. */
  preload: (to: AppPath) => void
}

export const NavigationContext = createContext<Navigation | null>(null)

interface NavLinkProps {
  to: AppPath
  className?: string
  'aria-label'?: string
  children: ReactNode
}

/** A link to one of the app's screens, opened in the page by its navigation. */
export function NavLink({ to, children, ...props }: NavLinkProps) {
  const navigation = use(NavigationContext)
  const preload = () => navigation?.preload(to)
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (
      !navigation ||
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return
    event.preventDefault()
    navigation.navigate(to)
  }
  return (
    <a
      href={to}
      {...props}
      onClick={onClick}
      onMouseEnter={preload}
      onFocus={preload}
      onTouchStart={preload}
    >
      {children}
    </a>
  )
}
