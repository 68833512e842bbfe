import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { OfflineStatus } from '../../../src/components/offline-status'
import { resetAppStore, useAppStore } from '../../../src/store'
import { makeOffer } from '../../fixtures/offers'

afterEach(() => {
  cleanup()
  resetAppStore()
})

describe('OfflineStatus', () => {
  it('says nothing while online', () => {
    act(() => useAppStore.setState({ online: true }))
    render(<OfflineStatus />)
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('offline, says the words are safe, and counts the offers waiting', () => {
    act(() => useAppStore.setState({ online: false, pendingOffers: [] }))
    render(<OfflineStatus />)
    expect(screen.getByRole('status').textContent).toBe("You're offline — your words are safe here")
    act(() => useAppStore.getState().setPendingOffers([makeOffer()]))
    expect(screen.getByRole('status').textContent).toBe(
      "You're offline — your words are safe here · 1 offer waiting",
    )
    act(() => useAppStore.getState().setPendingOffers([makeOffer(), makeOffer()]))
    expect(screen.getByRole('status').textContent).toContain('· 2 offers waiting')
  })
})
