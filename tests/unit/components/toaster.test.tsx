import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '../../../src/components/toaster'
import { useAppStore } from '../../../src/store'

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  cleanup()
  useAppStore.setState({ toasts: [] })
  vi.useRealTimers()
})

const show = (toast: Parameters<ReturnType<typeof useAppStore.getState>['showToast']>[0]) =>
  act(() => {
    useAppStore.getState().showToast(toast)
  })

describe('Toaster', () => {
  it('announces news politely and a destructive toast as an alert', () => {
    render(<Toaster />)
    expect(screen.getByRole('region', { name: 'Notifications' }).getAttribute('aria-live')).toBe(
      'polite',
    )
    show({ title: 'Your courage matters', description: 'Thank you.' })
    show({ title: 'Unable to publish', variant: 'destructive' })
    expect(screen.getByRole('status').textContent).toContain('Your courage mattersThank you.')
    expect(screen.getByRole('alert').textContent).toContain('Unable to publish')
  })

  it('shows at most three at once', () => {
    render(<Toaster />)
    for (const title of ['one', 'two', 'three', 'four']) show({ title })
    expect(screen.getAllByRole('status').map((toast) => toast.textContent)).toEqual([
      'two×',
      'three×',
      'four×',
    ])
  })

  it('goes after 4000 ms by default, or its own duration', () => {
    render(<Toaster />)
    show({ title: 'default' })
    show({ title: 'short', durationMs: 1000 })
    act(() => vi.advanceTimersByTime(1000))
    expect(screen.queryByText('short')).toBeNull()
    expect(screen.getByText('default')).toBeTruthy()
    act(() => vi.advanceTimersByTime(2999))
    expect(screen.getByText('default')).toBeTruthy()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByText('default')).toBeNull()
  })

  it('can be dismissed', () => {
    render(<Toaster />)
    show({ title: 'dismiss me' })
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByText('dismiss me')).toBeNull()
  })
})
