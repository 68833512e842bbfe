import { RouterProvider, createMemoryHistory } from '@tanstack/react-router'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

// The first paint, held until the test lets it happen.
const paint = vi.hoisted(() => {
  let resolve!: () => void
  const painted = new Promise<void>((r) => (resolve = r))
  return { painted, resolve }
})
vi.mock(import('../../../../src/lib/after-first-paint'), () => ({
  afterFirstPaint: () => paint.painted,
  firstScreenCommitted: () => {},
}))

// The choice chunk: loading it marks it loaded.
const choice = vi.hoisted(() => ({ loaded: false }))
vi.mock(import('../../../../src/features/writer/writer-choice'), async (original) => {
  choice.loaded = true
  return original()
})

const { createAppRouter } = await import('../../../../src/app/router')
const { resetAppStore } = await import('../../../../src/store')

afterEach(() => {
  vi.unstubAllGlobals()
  cleanup()
  resetAppStore()
})

/** Lets timers, idle callbacks and promises run for a while. */
const idleFor = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)))

describe('the writer', () => {
  it('fetches its choice dialog only once the screen has painted', async () => {
    // As in browsers, idle callbacks come whenever the page is idle, before the first frame too.
    vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 1))
    vi.stubGlobal('cancelIdleCallback', (id: number) => clearTimeout(id))
    const router = createAppRouter({
      history: createMemoryHistory({ initialEntries: ['/'] }),
    })
    render(<RouterProvider router={router} />)
    await screen.findByRole('heading', { name: 'What are you carrying today?' })
    // Idle time before the first frame: the chunk's fetch and compile would hold the frame back.
    await idleFor(100)
    expect(choice.loaded).toBe(false)

    paint.resolve()
    await idleFor(50)
    expect(choice.loaded).toBe(true)
  })
})
