/**
 * Reload on "A new version is ready" asks the waiting worker to take over, and from then on the page
 * sends the worker that still controls it nothing: in Chromium, a message reaching the old worker
 * just after the new one calls skipWaiting() can leave the new one waiting as long as the page is
 * open, and Reload would do nothing (the lab, coming up at that moment, asked LAB_ASK).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/** The Workbox the bridge makes, as far as the update's path goes. */
const workbox = vi.hoisted(() => ({
  listeners: new Map<string, () => void>(),
  skipWaitingSent: [] as boolean[],
  switching: (): boolean => false,
}))
vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener(type: string, listener: () => void) {
      workbox.listeners.set(type, listener)
    }
    messageSkipWaiting() {
      workbox.skipWaitingSent.push(workbox.switching())
    }
    async register() {
      return undefined
    }
    async update() {}
  },
}))

/** A page a worker controls, which records every message the page posts to it. */
function controlledPage() {
  const posted: unknown[] = []
  const active = { postMessage: (message: unknown) => posted.push(message) }
  vi.stubGlobal('navigator', {
    serviceWorker: {
      controller: active,
      ready: new Promise(() => undefined),
      addEventListener: () => undefined,
      getRegistration: async () => ({ active }),
    },
  })
  vi.stubGlobal('document', { addEventListener: () => undefined })
  return posted
}

beforeEach(() => {
  vi.resetModules()
  workbox.listeners.clear()
  workbox.skipWaitingSent.length = 0
})
afterEach(() => vi.unstubAllGlobals())

describe('switching to a new version', () => {
  it('marks the switch before the waiting worker is asked to take over', async () => {
    controlledPage()
    const { versionSwitchPending } = await import('../../../src/lib/version-switch')
    workbox.switching = versionSwitchPending
    const { registerServiceWorker } = await import('../../../src/lib/sw-bridge')
    let activate: (() => void) | undefined
    await registerServiceWorker({ onUpdateReady: (go) => (activate = go) })
    workbox.listeners.get('waiting')!()
    expect(versionSwitchPending()).toBe(false)
    activate!()
    expect(workbox.skipWaitingSent).toEqual([true])
  })

  it('the lab posts to the worker until then, and nothing after', async () => {
    const posted = controlledPage()
    const { postToWorker, readWorker } = await import('../../../src/features/lab/lab-worker-bridge')
    const { markVersionSwitch } = await import('../../../src/lib/version-switch')
    expect(postToWorker({ type: 'LAB_ASK' })).toBe(true)
    expect(posted).toEqual([{ type: 'LAB_ASK' }])

    markVersionSwitch()
    expect(postToWorker({ type: 'LAB_ASK' })).toBe(false)
    const state = await readWorker()
    expect(state.version).toBeUndefined()
    expect(posted).toEqual([{ type: 'LAB_ASK' }])
  })
})
