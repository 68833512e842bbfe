import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { QUIET_BEFORE_UPDATE_MS, UpdatePrompt } from '../../../src/components/update-prompt'
import { resetAppStore, useAppStore } from '../../../src/store'

afterEach(() => {
  cleanup()
  resetAppStore()
  vi.useRealTimers()
})

function renderWithWriter(text: string) {
  const activate = vi.fn()
  render(
    <>
      <textarea id="thought" defaultValue={text} aria-label="Your thought" />
      <UpdatePrompt />
    </>,
  )
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

  it('never reloads while the text area holds words; it waits until they are dealt with', () => {
    vi.useFakeTimers()
    const activate = renderWithWriter('half a thought')
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(activate).not.toHaveBeenCalled()
    expect(screen.getByText(/will load once your words are dealt with/)).toBeTruthy()
    act(() => vi.advanceTimersByTime(60_000))
    expect(activate).not.toHaveBeenCalled()
    const thought = document.querySelector<HTMLTextAreaElement>('#thought')!
    thought.value = ''
    act(() => vi.advanceTimersByTime(QUIET_BEFORE_UPDATE_MS - 1000))
    expect(activate).not.toHaveBeenCalled()
    thought.value = 'typing again'
    act(() => vi.advanceTimersByTime(QUIET_BEFORE_UPDATE_MS * 2))
    expect(activate).not.toHaveBeenCalled()
    thought.value = ''
    act(() => vi.advanceTimersByTime(QUIET_BEFORE_UPDATE_MS + 1000))
    expect(activate).toHaveBeenCalledOnce()
  })
})
