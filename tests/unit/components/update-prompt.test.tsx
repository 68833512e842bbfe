import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { QUIET_BEFORE_UPDATE_MS, UpdatePrompt } from '../../../src/components/update-prompt'
import { resetAppStore, useAppStore } from '../../../src/store'

afterEach(() => {
  cleanup()
  resetAppStore()
  vi.useRealTimers()
})

/** The writer's draft as it reports it to the store. */
const setDraft = (text: string) =>
  act(() => useAppStore.getState().setDraftInProgress(text.trim() !== ''))

function renderWithWriter(text: string) {
  const activate = vi.fn()
  setDraft(text)
  render(<UpdatePrompt />)
  act(() => useAppStore.getState().setActivateUpdate(activate))
  return activate
}

describe('UpdatePrompt', () => {
  it('shows nothing until a new version waits', () => {
    render(<UpdatePrompt />)
    expect(screen.queryByText('A new version is ready')).toBeNull()
  })

  it('Reload switches at once when no words are in the text area', () => {
    const activate = renderWithWriter('')
    expect(screen.getByText('A new version is ready')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(activate).toHaveBeenCalledOnce()
  })

  it('never reloads while a draft is open; it waits until the words are dealt with', () => {
    vi.useFakeTimers()
    const activate = renderWithWriter('half a thought')
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(activate).not.toHaveBeenCalled()
    expect(screen.getByText(/will load once your words are dealt with/)).toBeTruthy()
    act(() => vi.advanceTimersByTime(60_000))
    expect(activate).not.toHaveBeenCalled()
    setDraft('')
    act(() => vi.advanceTimersByTime(QUIET_BEFORE_UPDATE_MS - 1000))
    expect(activate).not.toHaveBeenCalled()
    setDraft('typing again')
    act(() => vi.advanceTimersByTime(QUIET_BEFORE_UPDATE_MS * 2))
    expect(activate).not.toHaveBeenCalled()
    setDraft('')
    act(() => vi.advanceTimersByTime(QUIET_BEFORE_UPDATE_MS + 1000))
    expect(activate).toHaveBeenCalledOnce()
  })
})
