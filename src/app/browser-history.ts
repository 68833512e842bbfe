/**
 * The router's browser history, without the `beforeunload` listener that TanStack's history always
 * adds. That listener only serves navigation blockers (`useBlocker`), and the app has none. But any
 * `beforeunload` listener makes the browser ask the page before every reload or navigation away, and
 * the navigation waits for the page's main thread to answer. On a reload just after start-up, that
 * thread is still busy with the start-up work, so the reload starts later than a page without the
 * listener would. Everything else, `popstate` and the patched `pushState` and
 * `replaceState`, is TanStack's own.
 */
import { createBrowserHistory, type RouterHistory } from '@tanstack/react-router'

/** The parts of `window` that the history uses. */
type HistoryWindow = Pick<
  Window,
  'history' | 'location' | 'document' | 'addEventListener' | 'removeEventListener'
>

/** A browser history for the router that never listens for `beforeunload`. */
export function createAppHistory(): RouterHistory {
  const win = window
  const withoutBeforeUnload: HistoryWindow = {
    history: win.history,
    location: win.location,
    document: win.document,
    addEventListener: (
      type: string,
      listener: EventListenerOrEventListenerObject,
      options?: boolean | AddEventListenerOptions,
    ) => {
      if (type !== 'beforeunload') win.addEventListener(type, listener, options)
    },
    removeEventListener: (
      type: string,
      listener: EventListenerOrEventListenerObject,
      options?: boolean | EventListenerOptions,
    ) => win.removeEventListener(type, listener, options),
  }
  // The history reads only the members above (checked by tests/unit/app/browser-history.test.tsx).
  return createBrowserHistory({ window: withoutBeforeUnload as Window })
}
