import { RouterProvider, createMemoryHistory } from '@tanstack/react-router'
import { act, cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAppRouter } from '../../../../../src/app/router'
import type { VoidPage } from '../../../../../src/features/void/api/void-api'
import { useVoidFeedStore } from '../../../../../src/features/void/model/void-feed-store'
import { useAppStore } from '../../../../../src/store'

const api = vi.hoisted(() => ({ fetchVoidPage: vi.fn<() => Promise<VoidPage>>() }))
vi.mock(import('../../../../../src/features/void/api/void-api'), async (original) => ({
  ...(await original()),
  fetchVoidPage: api.fetchVoidPage,
}))

function openVoid() {
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: ['/void'] }),
  })
  render(<RouterProvider router={router} />)
}

beforeEach(() => {
  localStorage.clear()
  api.fetchVoidPage.mockReset()
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  cleanup()
  // Only data is reset: resetAppStore() would swap in actions bound to another store.
  useVoidFeedStore.setState({ voidFeed: useVoidFeedStore.getInitialState().voidFeed })
  useAppStore.setState({ pendingOffers: useAppStore.getInitialState().pendingOffers })
})

describe('The Void screen', () => {
  it('shows the visitor’s waiting offers above the wall, marked as waiting', async () => {
    useAppStore.setState({
      pendingOffers: [
        { clientId: 'a', text: 'Still on its way', queuedAt: 1, attempts: 0, origin: 'writer' },
      ],
    })
    api.fetchVoidPage.mockResolvedValue({
      rows: [{ id: 1, text: 'Already there', created_at: '2025-01-05T10:30:00Z' }],
      total: 1,
      cachedAt: null,
    })
    openVoid()
    const waiting = await screen.findByRole('region', { name: 'Waiting to be offered' })
    expect(within(waiting).getByText('Still on its way')).toBeTruthy()
    expect(within(waiting).getByText('Waiting to be offered')).toBeTruthy()
    const article = await screen.findByRole('article')
    expect(within(article).getByText('Already there')).toBeTruthy()
    // The waiting offer comes first in the page.
    expect(waiting.compareDocumentPosition(article) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('shows Loading thoughts... until the first page arrives, then the count line', async () => {
    let answer: (page: VoidPage) => void = () => {}
    api.fetchVoidPage.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    openVoid()
    expect(await screen.findByText('Loading thoughts...')).toBeTruthy()
    answer({
      rows: [{ id: 2, text: 'Hello', created_at: '2025-01-05T10:30:00Z' }],
      total: 2,
      cachedAt: null,
    })
    expect(await screen.findByText('2 thoughts • Anonymous')).toBeTruthy()
    expect(screen.queryByText('Loading thoughts...')).toBeNull()
  })

  it('offers Retry when nothing can be shown, and Retry loads again', async () => {
    api.fetchVoidPage.mockRejectedValueOnce(new Error('offline'))
    openVoid()
    const retry = await screen.findByRole('button', { name: 'Retry' })
    api.fetchVoidPage.mockResolvedValueOnce({ rows: [], total: 0, cachedAt: null })
    retry.click()
    expect(await screen.findByText('The void is empty.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Return to Unburden' }).getAttribute('href')).toBe('/')
  })

  it('shows a delivered offer on the wall once it leaves the waiting list', async () => {
    useAppStore.setState({
      pendingOffers: [
        { clientId: 'a', text: 'On its way', queuedAt: 1, attempts: 0, origin: 'writer' },
      ],
    })
    api.fetchVoidPage.mockResolvedValueOnce({ rows: [], total: 0, cachedAt: null })
    openVoid()
    expect(await screen.findByText('The void is empty.')).toBeTruthy()
    api.fetchVoidPage.mockResolvedValueOnce({
      rows: [{ id: 9, text: 'On its way', created_at: '2025-01-05T10:30:00Z' }],
      total: 1,
      cachedAt: null,
    })
    act(() => useAppStore.setState({ pendingOffers: [] }))
    expect(await screen.findByText('1 thought • Anonymous')).toBeTruthy()
    // The card comes a frame after the screen that shows its count.
    expect(within(await screen.findByRole('article')).getByText('On its way')).toBeTruthy()
  })
})
