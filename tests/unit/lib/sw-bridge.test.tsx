/**
 * Background Sync exists only in Chromium. Elsewhere (Firefox, WebKit) asking for it must do nothing
 * and throw nothing: the queue's own triggers (start, online, visible, backoff timer) deliver.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { requestBackgroundSync } from '../../../src/lib/sw-bridge'
import { OFFER_SYNC_TAG } from '../../../src/offering/shared/offer-queue-policy'

afterEach(() => vi.unstubAllGlobals())

describe('requestBackgroundSync', () => {
  it('registers the queue tag where the browser has Background Sync', async () => {
    const register = vi.fn(async (_tag: string) => undefined)
    vi.stubGlobal('navigator', {
      serviceWorker: { getRegistration: async () => ({ sync: { register } }) },
    })
    await requestBackgroundSync()
    expect(register).toHaveBeenCalledWith(OFFER_SYNC_TAG)
  })

  it('does nothing where the registration has no sync manager (Firefox, WebKit)', async () => {
    vi.stubGlobal('navigator', { serviceWorker: { getRegistration: async () => ({}) } })
    await expect(requestBackgroundSync()).resolves.toBeUndefined()
  })

  it('does nothing without a service worker registration or support', async () => {
    vi.stubGlobal('navigator', { serviceWorker: { getRegistration: async () => undefined } })
    await expect(requestBackgroundSync()).resolves.toBeUndefined()
    vi.stubGlobal('navigator', {})
    await expect(requestBackgroundSync()).resolves.toBeUndefined()
  })
})
