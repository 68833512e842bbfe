import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createOfferService } from '../../../src/offering/offer-service'
import { PendingOffers } from '../../../src/offering/pending-offers'
import { listOffers, pageOfferStorage } from '../../../src/offering/offer-queue-store'
import { createPlainStorage } from '../../../src/private-entries/plain-storage'
import { resetAppStore, useAppStore } from '../../../src/store'
import { makeOffer } from '../../fixtures/offers'

useAppStore.getState().connectPrivateEntries(async () => createPlainStorage())
// The app's offer service, connected to the store as the app does; nothing is ever sent.
useAppStore.getState().connectOffers(
  createOfferService({
    store: useAppStore,
    fetch: vi.fn(() => Promise.reject(new TypeError('no network in this test'))),
    backend: { url: 'http://localhost:54321', anonKey: 'anon' },
  }),
)

afterEach(async () => {
  cleanup()
  resetAppStore()
  for (const offer of await listOffers()) await pageOfferStorage.remove([offer])
})

describe('PendingOffers', () => {
  it('renders nothing when no offer waits', () => {
    const { container } = render(<PendingOffers />)
    expect(container.innerHTML).toBe('')
  })

  it('lists waiting offers, marked as waiting', () => {
    act(() =>
      useAppStore
        .getState()
        .setPendingOffers([makeOffer({ text: 'first' }), makeOffer({ text: 'second' })]),
    )
    render(<PendingOffers />)
    const list = screen.getByRole('region', { name: 'Waiting to be offered' })
    const items = within(list).getAllByRole('listitem')
    expect(items.map((li) => li.querySelector('.card__text')?.textContent)).toEqual([
      'first',
      'second',
    ])
    expect(within(items[0]!).getByText('Waiting to be offered')).toBeTruthy()
  })

  it('"Keep it private" withdraws the offer back to the private entries', async () => {
    const offer = makeOffer({ text: 'not yet' })
    await pageOfferStorage.enqueue(offer)
    act(() => useAppStore.getState().setPendingOffers([offer]))
    render(<PendingOffers />)
    fireEvent.click(screen.getByRole('button', { name: 'Keep it private' }))
    await waitFor(() =>
      expect(useAppStore.getState().privateEntries.map((e) => e.text)).toEqual(['not yet']),
    )
    expect(await listOffers()).toEqual([])
    await waitFor(() => expect(screen.queryByText('not yet')).toBeNull())
  })
})
