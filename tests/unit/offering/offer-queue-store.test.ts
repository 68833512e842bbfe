import { beforeEach, describe, expect, it } from 'vitest'
import { listOffers, pageOfferStorage } from '../../../src/offering/offer-queue-store'
import {
  flushOfferQueue,
  type OfferQueueStorage,
} from '../../../src/offering/shared/offer-queue-policy'
import { workerOfferStorage } from '../../../sw/offer-store'
import { fakeVoid, makeOffer } from '../../fixtures/offers'

beforeEach(async () => {
  for (const offer of await listOffers()) await pageOfferStorage.remove([offer])
})

describe('the offer queue in IndexedDB', () => {
  it('lists oldest first, whatever order offers were stored in', async () => {
    const offers = [
      makeOffer({ queuedAt: 5 }),
      makeOffer({ queuedAt: 1000 }),
      makeOffer({ queuedAt: 99 }),
    ]
    for (const offer of offers) await pageOfferStorage.enqueue(offer)
    expect((await listOffers()).map((o) => o.queuedAt)).toEqual([5, 99, 1000])
  })

  it('keeps every field of an offer', async () => {
    const offer = makeOffer({
      origin: 'sanctuary',
      entry: { id: 1, date: '2025-01-05T10:30:00.000Z', text: ' a ' },
    })
    await pageOfferStorage.enqueue(offer)
    expect(await listOffers()).toEqual([offer])
  })

  it('refuses to enqueue the same offer twice rather than overwrite it', async () => {
    const offer = makeOffer()
    await pageOfferStorage.enqueue(offer)
    const second = await pageOfferStorage.enqueue({ ...offer, text: 'other' }).then(
      () => 'stored',
      () => 'refused',
    )
    expect(second).toBe('refused')
    expect((await listOffers())[0]?.text).toBe(offer.text)
  })

  it('updates a stored offer but never brings back one that has left the queue', async () => {
    const offer = makeOffer()
    await pageOfferStorage.enqueue(offer)
    await pageOfferStorage.put([{ ...offer, attempts: 3 }])
    expect((await listOffers())[0]?.attempts).toBe(3)
    await pageOfferStorage.remove([offer])
    await pageOfferStorage.put([{ ...offer, attempts: 4 }])
    expect(await listOffers()).toEqual([])
  })

  it('takes an offer once: the second take finds it gone', async () => {
    const offer = makeOffer()
    await pageOfferStorage.enqueue(offer)
    expect(await pageOfferStorage.take(offer)).toBe(true)
    expect(await pageOfferStorage.take(offer)).toBe(false)
  })

  it('is the same queue the service worker reads and writes', async () => {
    const offer = makeOffer()
    await pageOfferStorage.enqueue(offer)
    expect(await workerOfferStorage.list()).toEqual([offer])
    await workerOfferStorage.put([{ ...offer, refusedStatus: 400 }])
    expect((await listOffers())[0]?.refusedStatus).toBe(400)
    await workerOfferStorage.remove([offer])
    expect(await listOffers()).toEqual([])
  })
})

describe('flushing over IndexedDB', () => {
  it('two flushers racing on the real store (no lock): one row per offer, nothing left', async () => {
    const offers = Array.from({ length: 10 }, () => makeOffer())
    for (const offer of offers) await pageOfferStorage.enqueue(offer)
    const wall = fakeVoid()
    const flush = (storage: OfferQueueStorage) =>
      flushOfferQueue({
        storage,
        send: async (offer) => wall.acceptAll([offer]),
        onRefused: async () => undefined,
      })
    await Promise.all([flush(pageOfferStorage), flush(workerOfferStorage)])
    expect(wall.rows.map((r) => r.clientId)).toEqual(offers.map((o) => o.clientId))
    expect(await listOffers()).toEqual([])
  })

  it('a crash after sending leaves the offer queued with its attempt counted; the resend lands once', async () => {
    const offer = makeOffer()
    await pageOfferStorage.enqueue(offer)
    const wall = fakeVoid()
    const crashing = { ...pageOfferStorage, remove: () => Promise.reject(new Error('tab closed')) }
    await expect(
      flushOfferQueue({
        storage: crashing,
        send: async (offer) => wall.acceptAll([offer]),
        onRefused: async () => undefined,
      }),
    ).rejects.toThrow('tab closed')
    expect((await listOffers())[0]?.attempts).toBe(1)
    await flushOfferQueue({
      storage: pageOfferStorage,
      send: async (offer) => wall.acceptAll([offer]),
      onRefused: async () => undefined,
    })
    expect(wall.received).toHaveLength(2)
    expect(wall.rows).toHaveLength(1)
    expect(await listOffers()).toEqual([])
  })
})
