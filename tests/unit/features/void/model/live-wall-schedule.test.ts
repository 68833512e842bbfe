import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  LIVE_WALL_INTERVAL_MS,
  LIVE_WALL_MAX_DELAY_MS,
  nextPollDelay,
  resumeDelay,
  startLiveWallPoller,
  type PollClock,
} from '../../../../../src/features/void/model/live-wall-schedule'

const clock: PollClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

/** Seconds from the start at which `poll` was called, while `ms` of fake time pass. */
async function askTimes(poll: () => Promise<void>, ms: number, setUp = (_: unknown) => {}) {
  const start = Date.now()
  const times: number[] = []
  const poller = startLiveWallPoller(
    () => {
      times.push((Date.now() - start) / 1000)
      return poll()
    },
    clock,
    { visible: true, online: true },
  )
  setUp(poller)
  await vi.advanceTimersByTimeAsync(ms)
  poller.stop()
  return times
}

describe('nextPollDelay', () => {
  it('is 30 s after a success and doubles with each failure, up to 5 min', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map(nextPollDelay)).toEqual([
      30_000, 60_000, 120_000, 240_000, 300_000, 300_000, 300_000,
    ])
    expect(LIVE_WALL_MAX_DELAY_MS).toBe(300_000)
  })
})

describe('resumeDelay', () => {
  it('is none once 30 s have passed since the last ask, else the rest of the 30 s', () => {
    expect(resumeDelay(0, 45_000)).toBe(0)
    expect(resumeDelay(0, 10_000)).toBe(20_000)
  })
})

describe('startLiveWallPoller', () => {
  it('asks every 30 s while visible and online, never at the start', async () => {
    const times = await askTimes(async () => {}, 5 * 60_000)
    expect(times).toEqual([30, 60, 90, 120, 150, 180, 210, 240, 270, 300])
  })

  it('never asks twice at once: a slow answer pushes the next ask back', async () => {
    const times = await askTimes(() => new Promise((done) => setTimeout(done, 10_000)), 120_000)
    expect(times).toEqual([30, 70, 110])
  })

  it('backs off on errors, then resets after a success', async () => {
    let failing = 5
    const times = await askTimes(
      () => (failing-- > 0 ? Promise.reject(new Error('503')) : Promise.resolve()),
      (30 + 60 + 120 + 240 + 300 + 300 + 30 + 30) * 1000,
    )
    // Fails at 30, 90, 210, 450, 750; succeeds at 1050; then every 30 s.
    expect(times).toEqual([30, 90, 210, 450, 750, 1050, 1080, 1110])
  })

  it('stops while hidden and asks at once when visible again', async () => {
    const start = Date.now()
    const times: number[] = []
    const poller = startLiveWallPoller(
      async () => void times.push((Date.now() - start) / 1000),
      clock,
      { visible: true, online: true },
    )
    await vi.advanceTimersByTimeAsync(40_000)
    poller.setVisible(false)
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(times).toEqual([30])
    poller.setVisible(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(times).toEqual([30, 640])
    await vi.advanceTimersByTimeAsync(30_000)
    expect(times).toEqual([30, 640, 670])
    poller.stop()
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(times).toHaveLength(3)
  })

  it('coming back keeps the 30 s cadence: hiding and showing quickly asks no more', async () => {
    const times = await askTimes(
      async () => {},
      90_000,
      (poller) => {
        const p = poller as ReturnType<typeof startLiveWallPoller>
        // Toggled every 5 s for 90 s.
        for (let t = 5_000; t < 90_000; t += 10_000) {
          setTimeout(() => p.setVisible(false), t)
          setTimeout(() => p.setVisible(true), t + 5_000)
        }
      },
    )
    for (let i = 1; i < times.length; i++) {
      expect(Math.round((times[i]! - times[i - 1]!) * 1000)).toBeGreaterThanOrEqual(
        LIVE_WALL_INTERVAL_MS,
      )
    }
    expect(times.length).toBeLessThanOrEqual(3)
  })

  it('stops while offline, and on coming online forgets the failures and asks at once', async () => {
    const start = Date.now()
    const times: number[] = []
    let failing = true
    const poller = startLiveWallPoller(
      () => {
        times.push((Date.now() - start) / 1000)
        return failing ? Promise.reject(new Error('offline')) : Promise.resolve()
      },
      clock,
      { visible: true, online: true },
    )
    await vi.advanceTimersByTimeAsync(100_000) // fails at 30 and 90: next wait would be 120 s
    poller.setOnline(false)
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(times).toEqual([30, 90])
    failing = false
    poller.setOnline(true)
    await vi.advanceTimersByTimeAsync(30_000)
    expect(times).toEqual([30, 90, 700, 730])
    poller.stop()
  })

  it('does nothing while it starts hidden', async () => {
    const poll = vi.fn(async () => {})
    const poller = startLiveWallPoller(poll, clock, { visible: false, online: true })
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(poll).not.toHaveBeenCalled()
    poller.stop()
  })
})
