/**
 * When start-up work may run: after the first screen has been painted and the page is idle. The
 * offer queue, the service worker's registration, the app notices and the writer's choice chunk
 * wait for it, so that nothing but the screen itself runs before the editor is interactive and an
 * offline start stays close to a bare page's.
 */

/** The longest wait: a hidden page paints no frames, and idle time may never come on a busy one. */
const LATEST_MS = 2000

let painted: Promise<void> | undefined

/** Resolves once, after the next frame has been painted and the page has been idle, or 2 s passed. */
export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise((resolve) => {
    // Once resolved, the latest wait has nothing left to do: it is not left pending.
    const latest = setTimeout(() => resolve(), LATEST_MS)
    const done = () => {
      clearTimeout(latest)
      resolve()
    }
    // A task queued from a frame callback runs after that frame has been painted.
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (typeof requestIdleCallback === 'function') requestIdleCallback(done, { timeout: 500 })
        else done()
      }, 0),
    )
  })
  return painted
}
