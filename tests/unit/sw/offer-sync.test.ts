import { describe, expect, it, vi } from 'vitest'
import type { QueuedOffer } from '../../../src/offering/shared/offer'
import { syncOffers, type OfferSyncDeps } from '../../../sw/offer-sync'
import { fakeOfferFetch, fakeVoid, makeOffer, memoryStorage } from '../../fixtures/offers'
import { memoryJourney } from '../../fixtures/journeys'

const backend = { url: 'http://localhost:54321', anonKey: 'anon' }

/** A fetch that behaves like the backend's insert: ignores a repeated Idempotency-Key. */
function fakeBackendFetch(wall = fakeVoid(), status?: number, headers?: Record<string, string>) {
  const backendFetch = fakeOfferFetch(wall, status, headers)
  const fetch = vi.fn(backendFetch.fetch)
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

  it("honours a 429's Retry-After: a sync sooner than it sends nothing, one after it sends", async () => {
    let retryAt: number | undefined
    let now = 1_000_000
    const retryGate = {
      load: async () => retryAt,
      save: async (at: number) => void (retryAt = at),
    }
    const storage = memoryStorage([makeOffer()])
    const limited = fakeBackendFetch(fakeVoid(), 429, { 'retry-after': '5' })
    const deps = { clients: noPages, storage, loadBackend: async () => backend, retryGate }
    await expect(syncOffers({ ...deps, fetch: limited.fetch, now: () => now })).rejects.toThrow(
      /still wait/,
    )
    expect(retryAt).toBeGreaterThanOrEqual(now + 5000)
    const { wall, fetch } = fakeBackendFetch()
    now += 4999
    await expect(syncOffers({ ...deps, fetch, now: () => now })).rejects.toThrow(/not yet/)
    expect(fetch).not.toHaveBeenCalled()
    now += 1
    await syncOffers({ ...deps, fetch, now: () => now })
    expect(wall.rows).toHaveLength(1)
  })

  it('records its tries in each offer’s journey as the worker’s, for Background Sync', async () => {
    const [first, second] = [makeOffer(), makeOffer()]
    const journey = memoryJourney()
    const { fetch } = fakeBackendFetch()
    await syncOffers({
      clients: noPages,
      storage: memoryStorage([first!, second!]),
      loadBackend: async () => backend,
      fetch,
      onEvent: journey.record,
    })
    for (const offer of [first!, second!])
      expect(journey.events(offer.clientId)).toMatchObject([
        { type: 'try', by: 'worker', why: 'background-sync', attempt: 1 },
        {
          type: 'answer',
          by: 'worker',
          answer: { kind: 'status', status: 201 },
          verdict: 'delivered',
        },
        { type: 'delivered', by: 'worker' },
      ])
  })

  it('records a failed answer with when the worker may try again, and a give-up', async () => {
    // Oldest first: the expired offer is given up, then the next one is tried and fails.
    const expired = makeOffer({ attempts: 3, firstAttemptAt: Date.now() - 8 * 24 * 60 * 60_000 })
    const failing = makeOffer()
    const journey = memoryJourney()
    const { fetch } = fakeBackendFetch(fakeVoid(), 503, { 'retry-after': '30' })
    await expect(
      syncOffers({
        clients: noPages,
        storage: memoryStorage([expired, failing]),
        loadBackend: async () => backend,
        fetch,
        onEvent: journey.record,
      }),
    ).rejects.toThrow(/still wait/)
    expect(journey.events(expired.clientId)).toMatchObject([{ type: 'given-up', by: 'worker' }])
    expect(journey.events(failing.clientId)).toMatchObject([
      { type: 'try', by: 'worker', why: 'background-sync' },
      {
        type: 'answer',
        answer: { kind: 'status', status: 503, retryAfterMs: 30_000 },
        verdict: 'retry',
        nextTryInMs: 30_000,
      },
    ])
  })

  it('with a page open, records nothing: the page flushes and records its own tries', async () => {
    const journey = memoryJourney()
    const { fetch } = fakeBackendFetch()
    await syncOffers({
      clients: {
        matchAll: async () => [{ postMessage: vi.fn() }],
      } as unknown as OfferSyncDeps['clients'],
      storage: memoryStorage([makeOffer()]),
      loadBackend: async () => backend,
      fetch,
      onEvent: journey.record,
    })
    expect(journey.all).toEqual([])
  })
})

describe('syncOffers and the app’s badge', () => {
  /** The worker's navigator with the Badging API, keeping the number it was last set to. */
  function badgingNavigator() {
    const host = {
      shown: -1,
      setAppBadge: vi.fn(async (contents?: number) => void (host.shown = contents ?? 0)),
      clearAppBadge: vi.fn(async () => void (host.shown = 0)),
    }
    return host
  }

  it('clears the badge once its own flush has delivered every offer, with no page open', async () => {
    const badge = badgingNavigator()
    const storage = memoryStorage([makeOffer(), makeOffer()])
    const { fetch } = fakeBackendFetch()
    await syncOffers({ clients: noPages, storage, loadBackend: async () => backend, fetch, badge })
    expect(storage.items.size).toBe(0)
    expect(badge.clearAppBadge).toHaveBeenCalledOnce()
    expect(badge.shown).toBe(0)
  })

  it('shows the offers still held after a failed flush, not reports nor refused offers', async () => {
    const badge = badgingNavigator()
    const storage = memoryStorage([
      makeOffer(),
      makeOffer({ text: '', origin: 'void', report: { thoughtId: 3 } }),
      makeOffer({ refusedStatus: 400, refusedReason: 'refused' }),
      makeOffer(),
    ])
    const { fetch } = fakeBackendFetch(fakeVoid(), 503)
    await expect(
      syncOffers({ clients: noPages, storage, loadBackend: async () => backend, fetch, badge }),
    ).rejects.toThrow(/still wait/)
    expect(badge.setAppBadge).toHaveBeenCalledWith(2)
    expect(badge.shown).toBe(2)
  })

  it('with a page open, leaves the badge to the page', async () => {
    const badge = badgingNavigator()
    await syncOffers({
      clients: {
        matchAll: async () => [{ postMessage: vi.fn() }],
      } as unknown as OfferSyncDeps['clients'],
      storage: memoryStorage([makeOffer()]),
      loadBackend: async () => backend,
      fetch: fakeBackendFetch().fetch,
      badge,
    })
    expect(badge.setAppBadge).not.toHaveBeenCalled()
    expect(badge.clearAppBadge).not.toHaveBeenCalled()
  })

  it('delivers as before where the API is missing or the browser refuses the badge', async () => {
    const refusal = () => Promise.reject(new DOMException('not installed', 'NotAllowedError'))
    for (const badge of [{}, { setAppBadge: vi.fn(refusal), clearAppBadge: vi.fn(refusal) }]) {
      const storage = memoryStorage([makeOffer()])
      const { wall, fetch } = fakeBackendFetch()
      const result = await syncOffers({
        clients: noPages,
        storage,
        loadBackend: async () => backend,
        fetch,
        badge,
      })
      expect(result?.delivered).toHaveLength(1)
      expect(wall.rows).toHaveLength(1)
    }
  })

  it('still answers the sync when reading the queue for the badge fails', async () => {
    const badge = badgingNavigator()
    const storage = memoryStorage([makeOffer()])
    const list = storage.list.bind(storage)
    // The flush reads the queue until it is empty; the read after that fails.
    let emptySeen = false
    storage.list = async () => {
      if (emptySeen) throw new Error('closed')
      const items = await list()
      emptySeen = items.length === 0
      return items
    }
    const { fetch } = fakeBackendFetch()
    const result = await syncOffers({
      clients: noPages,
      storage,
      loadBackend: async () => backend,
      fetch,
      badge,
    })
    expect(result?.delivered).toHaveLength(1)
    expect(badge.shown).toBe(-1)
  })
})
