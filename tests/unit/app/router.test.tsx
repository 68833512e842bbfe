import { RouterProvider, createMemoryHistory } from '@tanstack/react-router'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createAppRouter } from '../../../src/app/router'
import { resetAppStore } from '../../../src/store'

// The Void asks for its feed when it opens: answer with an empty wall instead of the network.
vi.mock(import('../../../src/features/void/api/void-api'), async (original) => ({
  ...(await original()),
  fetchVoidPage: async () => ({ rows: [], total: 0, cachedAt: null }),
}))

// The screens the routes load lazily, loaded once before the tests: the first import of a screen's
// modules is their transform here, which on a loaded machine took longer than the second a test
// waits for its heading; in the app those modules are built chunks.
beforeAll(async () => {
  await Promise.all([
    import('../../../src/app/not-found'),
    import('../../../src/features/void/ui/void-screen'),
    import('../../../src/private-entries/ui/return-screen'),
  ])
}, 60_000)

afterEach(() => {
  cleanup()
  resetAppStore()
})

function renderAt(path: string) {
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  render(<RouterProvider router={router} />)
  return router
}

describe('routes', () => {
  it('/ renders Unburden with links to both other screens', async () => {
    renderAt('/')
    expect(await screen.findByRole('heading', { level: 1, name: 'Unburden' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'What are you carrying today?' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'The Void' }).getAttribute('href')).toBe('/void')
    expect(screen.getByRole('link', { name: 'Return to Yourself' }).getAttribute('href')).toBe(
      '/return',
    )
  })

  it('/void renders THE VOID', async () => {
    renderAt('/void')
    expect(await screen.findByRole('heading', { level: 1, name: 'THE VOID' })).toBeTruthy()
  })

  it('/return renders Return to Yourself', async () => {
    renderAt('/return')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Return to Yourself' }),
    ).toBeTruthy()
  })

  it('any other path renders the 404 page and logs the path', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    renderAt('/no/such/place')
    expect(await screen.findByText('Oops! Page not found')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/')
    expect(log.mock.calls.some((call) => call.join(' ').includes('/no/such/place'))).toBe(true)
    log.mockRestore()
  })
})
