import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SimulationBanner } from '../../../../src/features/lab/simulation-banner'
import {
  LEASE_RENEW_MS,
  type LabWorkerMessage,
} from '../../../../src/features/lab/shared/lab-simulation'

/** A service worker container whose controller records what the page posts. */
function fakeContainer() {
  const container = new EventTarget() as EventTarget & {
    controller: { postMessage: ReturnType<typeof vi.fn> }
  }
  container.controller = { postMessage: vi.fn() }
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container })
  return {
    posted: () =>
      container.controller.postMessage.mock.calls.map(([message]) => message as { type: string }),
    tell: (message: LabWorkerMessage) =>
      act(() => {
        container.dispatchEvent(new MessageEvent('message', { data: message }))
      }),
  }
}

let visibility: DocumentVisibilityState = 'visible'
beforeEach(() => {
  vi.useFakeTimers()
  visibility = 'visible'
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility })
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const bannerLine = () => screen.getByRole('status').textContent

describe('SimulationBanner', () => {
  it('asks the worker on mount and shows nothing while no simulation is on', () => {
    const worker = fakeContainer()
    render(<SimulationBanner />)
    expect(worker.posted()).toEqual([{ type: 'LAB_ASK' }])
    expect(bannerLine()).toBe('')
  })

  it('names the mode with Stop, renews the lease while visible, and stops renewing when hidden', () => {
    const worker = fakeContainer()
    render(<SimulationBanner />)
    worker.tell({ type: 'LAB_SIMULATION', mode: 'lost-answer', leaseId: 'L1' })
    expect(bannerLine()).toContain('Network lab: simulating lost answers (sent, answer dropped)')
    const renewals = () => worker.posted().filter((m) => m.type === 'LAB_RENEW').length
    expect(renewals()).toBe(1)
    act(() => vi.advanceTimersByTime(LEASE_RENEW_MS * 2))
    expect(renewals()).toBe(3)
    expect(worker.posted().at(-1)).toEqual({ type: 'LAB_RENEW', leaseId: 'L1' })

    visibility = 'hidden'
    act(() => vi.advanceTimersByTime(LEASE_RENEW_MS * 4))
    expect(renewals()).toBe(3)
    // Shown again: it renews at once.
    visibility = 'visible'
    act(() => document.dispatchEvent(new Event('visibilitychange')))
    expect(renewals()).toBe(4)

    fireEvent.click(screen.getByRole('button', { name: 'Stop' }))
    expect(worker.posted().at(-1)).toEqual({ type: 'LAB_STOP' })
  })

  it('goes away, and stops renewing, when the worker says none', () => {
    const worker = fakeContainer()
    render(<SimulationBanner />)
    worker.tell({ type: 'LAB_SIMULATION', mode: 'offline', leaseId: 'L2' })
    expect(bannerLine()).toContain('offline')
    worker.tell({ type: 'LAB_SIMULATION', mode: 'none' })
    expect(bannerLine()).toBe('')
    const before = worker.posted().length
    act(() => vi.advanceTimersByTime(LEASE_RENEW_MS * 3))
    expect(worker.posted()).toHaveLength(before)
    expect(document.documentElement.style.getPropertyValue('--lab-banner-space')).toBe('')
  })
})
