import { describe, expect, it, vi } from 'vitest'
import type { QueuedOffer } from '../../../src/shared/offer'
import { syncOffers, type OfferSyncDeps } from '../../../sw/offer-sync'
import { fakeVoid, makeOffer, memoryStorage } from '../../fixtures/offers'

const backend = { url: 'http://localhost:54321', anonKey: 'anon' }

/** A fetch that behaves like the backend's insert: ignores a repeated client id. */
function fakeBackendFetch(wall = fakeVoid(), status?: number) {
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    expect(String(url)).toBe('http://localhost:54321/rest/v1/void_thoughts')
    const row = JSON.parse(String(init?.body)) as { text: string }
    const clientId = (init?.headers as Record<string, string>)['Idempotency-Key']!
    if (status) return new Response('{}', { status })
    wall.acceptAll([{ clientId, text: row.text }])
    return new Response(null, { status: 201 })
  })
  return { wall, fetch: fetch as unknown as typeof globalThis.fetch & typeof fetch }
}

const noPages = { matchAll: async () => [] } as unknown as OfferSyncDeps['clients']

describe('syncOffers', () => {
  it('with a page open, asks it to flush and sends nothing itself', async () => {
    const postMessage = vi.fn()
    const { fetch } = fakeBackendFetch()
    await syncOffers({
      clients: { matchAll: async () => [{ postMessage }] } as unknown as OfferSyncDeps['clients'],
      storage: memoryStorage([makeOffer()]),
      loadBackend: async () => backend,
      fetch,
    })
    expect(postMessage).toHaveBeenCalledWith({ type: 'FLUSH_OFFERS' })
    expect(fetch).not.toHaveBeenCalled()
  })

  it('with no page open, delivers the queue in order with plain fetch', async () => {
    const offers = [makeOffer(), makeOffer()]
    const storage = memoryStorage(offers)
    const { wall, fetch } = fakeBackendFetch()
    const result = await syncOffers({
      clients: noPages,
      storage,
      loadBackend: async () => backend,
      fetch,
    })
    expect(result?.delivered).toHaveLength(2)
    expect(wall.rows.map((r) => r.clientId)).toEqual(offers.map((o) => o.clientId))
    expect(storage.items.size).toBe(0)
  })

  it('holds the flush lock while it sends', async () => {
    const request = vi.fn(async (_name: string, work: () => Promise<unknown>) => work())
    const { fetch } = fakeBackendFetch()
    await syncOffers({
      clients: noPages,
      storage: memoryStorage([makeOffer()]),
      loadBackend: async () => backend,
      fetch,
      locks: { request } as unknown as LockManager,
    })
    expect(request).toHaveBeenCalledWith('unburden-offer-flush', expect.any(Function))
  })

  it('marks a refused offer for the next page to hand back, instead of dropping it', async () => {
    const offer = makeOffer()
    const storage = memoryStorage([offer])
    const { fetch } = fakeBackendFetch(fakeVoid(), 400)
    await syncOffers({ clients: noPages, storage, loadBackend: async () => backend, fetch })
    expect(storage.items.get(offer.clientId)).toMatchObject({
      refusedStatus: 400,
      refusedReason: 'refused',
    })
  })

  it('marks an offer first tried 7 days ago as expired, without sending it again', async () => {
    const offer = makeOffer({ attempts: 900, firstAttemptAt: Date.now() - 8 * 24 * 60 * 60_000 })
    const storage = memoryStorage([offer])
    const { fetch } = fakeBackendFetch()
    await syncOffers({ clients: noPages, storage, loadBackend: async () => backend, fetch })
    expect(fetch).not.toHaveBeenCalled()
    expect(storage.items.get(offer.clientId)).toMatchObject({
      refusedStatus: 0,
      refusedReason: 'expired',
    })
  })

  it('rejects while offers still wait, so the browser retries the sync', async () => {
    const storage = memoryStorage([makeOffer()])
    const { fetch } = fakeBackendFetch(fakeVoid(), 503)
    await expect(
      syncOffers({ clients: noPages, storage, loadBackend: async () => backend, fetch }),
    ).rejects.toThrow(/still wait/)
    expect([...storage.items.values()].map((o: QueuedOffer) => o.attempts)).toEqual([1])
  })

  it('does nothing before any page has said where the backend is', async () => {
    const { fetch } = fakeBackendFetch()
    await syncOffers({
      clients: noPages,
      storage: memoryStorage([makeOffer()]),
      loadBackend: async () => undefined,
      fetch,
    })
    expect(fetch).not.toHaveBeenCalled()
  })
})
