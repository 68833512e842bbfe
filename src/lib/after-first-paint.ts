/**
 * When start-up work may run: after the first screen has been painted and the page is idle. The
 * offer queue, the service worker's registration, the app notices and the writer's choice chunk
 * wait for it, so that nothing but the screen itself runs before the editor is interactive and an
 * offline start stays close to a bare page's.
 *
 * The wait counts from the first screen's commit (`firstScreenCommitted`), not from the first call:
 * the first render is a transition, rendered in slices with frames painted between them, so a frame
 * counted from a call made while rendering can pass before the screen is in the page. The start-up's
 * code then came in before the first screen, on /void among the wall's own requests (Lighthouse's
 * simulated LCP counts every request that ends before it).
 */

/** The longest wait: a hidden page paints no frames, and idle time may never come on a busy one. */
const LATEST_MS = 2000

let committed: () => void = () => {}
const firstCommit = new Promise<void>((resolve) => {
  committed = resolve
})
let painted: Promise<void> | undefined

/** The first screen is in the page (its page's first effect): the frame wait may begin. */
export function firstScreenCommitted(): void {
  committed()
}

/**
 * Resolves once, after the first screen has been committed, the next frame painted and the page
 * idle; or 2 s after the first call, whatever happened.
 */
export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise((resolve) => {
    // Once resolved, the latest wait has nothing left to do: it is not left pending.
    const latest = setTimeout(() => resolve(), LATEST_MS)
    const done = () => {
      clearTimeout(latest)
      resolve()
    }
    // A task queued from a frame callback runs after that frame has been painted.
    void firstCommit.then(() =>
      requestAnimationFrame(() =>
        setTimeout(() => {
          if (typeof requestIdleCallback === 'function') requestIdleCallback(done, { timeout: 500 })
          else done()
        }, 0),
      ),
    )
  })
  return painted
}
