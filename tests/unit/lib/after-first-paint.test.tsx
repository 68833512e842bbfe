import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

type Module = typeof import('../../../src/lib/after-first-paint')

/** A fresh module: its promises are made once per page. */
async function load(): Promise<Module> {
  vi.resetModules()
  return import('../../../src/lib/after-first-paint')
}

/** Resolves after `count` frames and a task after the last. */
async function frames(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => requestAnimationFrame(resolve))
  await new Promise((resolve) => setTimeout(resolve, 0))
}

describe('afterFirstPaint', () => {
  it('does not count frames painted before the first screen is in the page', async () => {
    const { afterFirstPaint, firstScreenCommitted } = await load()
    let resolved = false
    // As the root layout's lazy start-up does: asked while the first render is under way.
    void afterFirstPaint().then(() => (resolved = true))
    // The transition's slices paint frames with nothing in #root yet.
    await frames(4)
    expect(resolved).toBe(false)
    firstScreenCommitted()
    await vi.waitFor(() => expect(resolved).toBe(true))
  })

  it('waits for a frame after the commit, not only the commit', async () => {
    const { afterFirstPaint, firstScreenCommitted } = await load()
    const order: string[] = []
    void afterFirstPaint().then(() => order.push('start-up'))
    firstScreenCommitted()
    requestAnimationFrame(() => order.push('frame'))
    await vi.waitFor(() => expect(order).toContain('start-up'))
    expect(order).toEqual(['frame', 'start-up'])
  })

  describe('when no screen ever commits', () => {
    beforeEach(() => vi.useFakeTimers())
    afterEach(() => vi.useRealTimers())

    it('goes on after 2 s', async () => {
      const { afterFirstPaint } = await load()
      let resolved = false
      void afterFirstPaint().then(() => (resolved = true))
      await vi.advanceTimersByTimeAsync(1999)
      expect(resolved).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(resolved).toBe(true)
    })
  })
})
