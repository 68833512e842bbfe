import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppRoot } from '../../../src/app/app-root'
import { resetAppStore } from '../../../src/store'

// The Void asks for its feed when it opens: answer with an empty wall instead of the network.
vi.mock(import('../../../src/features/void/api/void-api'), async (original) => ({
  ...(await original()),
  fetchVoidPage: async () => ({ rows: [], total: 0, cachedAt: null }),
}))

type RouterStart = typeof import('../../../src/app/router-start')

// The router's code and The Void's screen, transformed once before the tests (see router.test.tsx).
let routerStart: RouterStart
beforeAll(async () => {
  ;[routerStart] = await Promise.all([
    import('../../../src/app/router-start'),
    import('../../../src/features/void/ui/void-screen'),
  ])
}, 60_000)

beforeEach(() => {
  window.history.replaceState(null, '', '/')
  // No fade between the screens: the test's document cancels an animation whose page leaves.
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }))
})

afterEach(() => {
  cleanup()
  resetAppStore()
  vi.unstubAllGlobals()
})

/** A loader of the router's code that the test releases. */
function heldRouter() {
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => (release = resolve))
  const loadRouter = vi.fn(() => released.then(() => routerStart))
  return { loadRouter, release }
}

describe("the app's root on /", () => {
  it('shows the writer and its links while the router has not loaded', async () => {
    const { loadRouter } = heldRouter()
    render(<AppRoot startUp={null} routed={null} loadRouter={loadRouter} />)
    expect(
      await screen.findByRole('heading', { name: 'What are you carrying today?' }),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: 'The Void' }).getAttribute('href')).toBe('/void')
    expect(
      screen.getByRole('link', { name: 'Need someone to talk to?' }).getAttribute('href'),
    ).toBe('/help')
    const editor = screen.getByRole('textbox', { name: 'Your thought' })
    fireEvent.change(editor, { target: { value: 'typed before the router came' } })
    expect((editor as HTMLTextAreaElement).value).toBe('typed before the router came')
  })

  it('a link followed loads the router and opens its screen at its address; back is the writer', async () => {
    const { loadRouter, release } = heldRouter()
    render(<AppRoot startUp={null} routed={null} loadRouter={loadRouter} />)
    fireEvent.click(await screen.findByRole('link', { name: 'The Void' }))
    // Until the router's code comes, the writer stays.
    expect(screen.getByRole('heading', { name: 'What are you carrying today?' })).toBeTruthy()
    release()
    expect(await screen.findByRole('heading', { level: 1, name: 'THE VOID' })).toBeTruthy()
    expect(window.location.pathname).toBe('/void')
    // From now on the router is the links' navigation, and the browser's back is its too.
    await act(async () => window.history.back())
    expect(
      await screen.findByRole('heading', { name: 'What are you carrying today?' }),
    ).toBeTruthy()
    fireEvent.click(screen.getByRole('link', { name: 'Return to Yourself' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Return to Yourself' }),
    ).toBeTruthy()
    expect(window.location.pathname).toBe('/return')
  })

  it("a link followed when the router's code cannot be fetched says so calmly at its address; back is the writer", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const loadRouter = vi.fn(() => Promise.reject(new Error('offline before the worker stored it')))
    render(<AppRoot startUp={null} routed={null} loadRouter={loadRouter} />)
    fireEvent.click(await screen.findByRole('link', { name: 'The Void' }))
    expect(
      await screen.findByRole('heading', { name: 'This screen could not be opened' }),
    ).toBeTruthy()
    // Its Try again reloads the page: the address asked for, which then loads the router first.
    expect(window.location.pathname).toBe('/void')
    await act(async () => window.history.back())
    expect(
      await screen.findByRole('heading', { name: 'What are you carrying today?' }),
    ).toBeTruthy()
    // Forward: the router is asked for again, at that address.
    const asked = loadRouter.mock.calls.length
    await act(async () => window.history.forward())
    expect(
      await screen.findByRole('heading', { name: 'This screen could not be opened' }),
    ).toBeTruthy()
    expect(loadRouter.mock.calls.length).toBeGreaterThan(asked)
    expect(window.location.pathname).toBe('/void')
  })

  it('of two links followed while the router comes, the last one opens', async () => {
    const { loadRouter, release } = heldRouter()
    render(<AppRoot startUp={null} routed={null} loadRouter={loadRouter} />)
    fireEvent.click(await screen.findByRole('link', { name: 'The Void' }))
    fireEvent.click(screen.getByRole('link', { name: 'Return to Yourself' }))
    release()
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Return to Yourself' }),
    ).toBeTruthy()
    expect(window.location.pathname).toBe('/return')
    // One entry in the history for the one screen opened: back is the writer.
    await act(async () => window.history.back())
    expect(
      await screen.findByRole('heading', { name: 'What are you carrying today?' }),
    ).toBeTruthy()
  })

  it("off /, when the router's code could not come first, the address says so calmly", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    window.history.replaceState(null, '', '/help')
    const { loadRouter } = heldRouter()
    render(
      <AppRoot
        startUp={null}
        routed={null}
        loadRouter={loadRouter}
        routerFailed={{ error: new Error('offline before the worker stored it') }}
      />,
    )
    expect(
      await screen.findByRole('heading', { name: 'This screen could not be opened' }),
    ).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it('a click with a modifier key is left to the browser', async () => {
    const { loadRouter } = heldRouter()
    render(<AppRoot startUp={null} routed={null} loadRouter={loadRouter} />)
    const link = await screen.findByRole('link', { name: 'The Void' })
    // Not prevented: the browser opens the address in a new tab or window.
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true)
    expect(fireEvent.click(link, { button: 1 })).toBe(true)
    expect(fireEvent.click(link)).toBe(false)
  })
})
