/**
 * When The Void asks for new thoughts while it is open (docs/product.md, decision 16): one small
 * request every 30 s at most, none while the page is hidden or offline, doubling the wait after
 * each failure up to 5 min, back to 30 s after a success. Coming back (visible or online) asks at
 * once, unless the last ask started less than 30 s ago. Timers and the clock are passed in, so
 * Node tests drive them.
 */

/** The calm cadence: at most one ask per this many ms. */
export const LIVE_WALL_INTERVAL_MS = 30_000

/** The longest wait after failures, in ms. */
export const LIVE_WALL_MAX_DELAY_MS = 5 * 60_000

/** The wait before the next ask after `failures` failures in a row (0 after a success). */
export function nextPollDelay(failures: number): number {
  return Math.min(LIVE_WALL_MAX_DELAY_MS, LIVE_WALL_INTERVAL_MS * 2 ** Math.max(0, failures))
}

/** The wait before asking on coming back: none, unless an ask started under 30 s ago. */
export function resumeDelay(lastStartedAt: number, now: number): number {
  return Math.max(0, lastStartedAt + LIVE_WALL_INTERVAL_MS - now)
}

/** True when an ask may be made at all: the page is visible and the browser online. */
export function canPoll(state: { visible: boolean; online: boolean }): boolean {
  return state.visible && state.online
}

/** The timers a poller uses (the browser's, or a test's fake ones). */
export interface PollClock {
  now: () => number
  setTimeout: (run: () => void, ms: number) => unknown
  clearTimeout: (timer: unknown) => void
}

/** A running poller: tell it what the page does; `stop` ends it for good. */
export interface LiveWallPoller {
  setVisible: (visible: boolean) => void
  setOnline: (online: boolean) => void
  stop: () => void
}

/**
 * Calls `poll` on the live wall's schedule; a rejected `poll` counts as a failure. The first ask
 * comes 30 s after the start (the page was just read), never two at once.
 */
export function startLiveWallPoller(
  poll: () => Promise<void>,
  clock: PollClock,
  initial: { visible: boolean; online: boolean },
): LiveWallPoller {
  const state = { ...initial }
  let failures = 0
  let lastStartedAt = clock.now()
  let timer: unknown = null
  let inFlight = false
  let stopped = false

  const cancel = () => {
    if (timer !== null) clock.clearTimeout(timer)
    timer = null
  }
  const schedule = (delay: number) => {
    cancel()
    if (stopped || inFlight || !canPoll(state)) return
    timer = clock.setTimeout(run, delay)
  }
  const run = () => {
    timer = null
    if (stopped || inFlight || !canPoll(state)) return
    inFlight = true
    lastStartedAt = clock.now()
    poll()
      .then(
        () => (failures = 0),
        () => failures++,
      )
      .finally(() => {
        inFlight = false
        schedule(nextPollDelay(failures))
      })
  }
  const resume = () => schedule(resumeDelay(lastStartedAt, clock.now()))

  schedule(nextPollDelay(0))
  return {
    setVisible(visible) {
      if (visible === state.visible) return
      state.visible = visible
      if (visible) resume()
      else cancel()
    },
    setOnline(online) {
      if (online === state.online) return
      state.online = online
      if (online) {
        // The network is back: the failures were most likely the network's.
        failures = 0
        resume()
      } else cancel()
    },
    stop() {
      stopped = true
      cancel()
    },
  }
}
