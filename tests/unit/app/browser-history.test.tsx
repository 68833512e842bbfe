import { createBrowserHistory } from '@tanstack/react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAppHistory } from '../../../src/app/browser-history'

/** The event types `make` listens for on `window`, and the history it made. */
function listenedFor<T>(make: () => T): { types: string[]; made: T } {
  const add = vi.spyOn(window, 'addEventListener')
  try {
    const made = make()
    return { types: add.mock.calls.map(([type]) => type), made }
  } finally {
    add.mockRestore()
  }
}

afterEach(() => window.history.replaceState(null, '', '/'))

describe('the app history', () => {
  it("listens for popstate but not for beforeunload, which TanStack's own history does", () => {
    // If an upgrade stops adding the listener, this line fails: the adapter is then no longer needed.
    const theirs = listenedFor(() => createBrowserHistory())
    theirs.made.destroy()
    expect(theirs.types).toContain('beforeunload')

    const ours = listenedFor(() => createAppHistory())
    ours.made.destroy()
    expect(ours.types).toContain('popstate')
    expect(ours.types).not.toContain('beforeunload')
  })

  it('moves the address on push and replace, and follows the browser back', async () => {
    const history = createAppHistory()
    try {
      history.push('/void')
      history.flush()
      expect(window.location.pathname).toBe('/void')
      expect(history.location.pathname).toBe('/void')
      history.replace('/return')
      history.flush()
      expect(window.location.pathname).toBe('/return')

      // The browser's back: the address changes first, then popstate tells the history.
      const heard = new Promise<string>((resolve) =>
        history.subscribe(({ location }) => resolve(location.pathname)),
      )
      window.history.replaceState(window.history.state, '', '/')
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }))
      expect(await heard).toBe('/')
    } finally {
      history.destroy()
    }
  })
})
