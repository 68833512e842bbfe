/**
 * The journey hooks in the page's queue, as the app wires them (src/offering/offer-service.ts): each
 * offer's held, tries (who and why), answers, delivery, hand-back and withdrawal are recorded in the
 * journey log, and a journey log that fails never makes an offer fail or waits in delivery's way.
 * Over fake-indexeddb, the backend stubbed by one fetch.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createOfferService } from '../../../src/offering/offer-service'
import { listOffers, pageOfferStorage } from '../../../src/offering/offer-queue-store'
import { createPlainStorage } from '../../../src/private-entries/plain-storage'
import type { OfferAnswer } from '../../../src/offering/shared/offer'
import type { JourneyEvent, JourneyLog } from '../../../src/offering/shared/offer-journey'
import { createAppStore } from '../../../src/store'
import { failingJourneyLog, freshJourneyLog } from '../../fixtures/journeys'
import { makeOffer } from '../../fixtures/offers'

let current: OfferAnswer = { kind: 'network-error' }
let posts = 0
async function backendFetch(): Promise<Response> {
  posts++
  const reply = current
  if (reply.kind !== 'status') throw new TypeError('Failed to fetch')
  return new Response(null, { status: reply.status })
}
const status = (code: number): OfferAnswer => ({ kind: 'status', status: code })

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online })
}

let settle: (() => Promise<void>) | undefined

async function load(journey: JourneyLog = freshJourneyLog()) {
  const useAppStore = createAppStore()
  useAppStore.getState().connectPrivateEntries(async () => createPlainStorage())
  const service = createOfferService({
    store: useAppStore,
    fetch: backendFetch,
    backend: { url: 'http://localhost:54321', anonKey: 'anon' },
    journey,
    host: { random: () => 0 },
  })
  for (const offer of await listOffers()) await pageOfferStorage.remove([offer])
  settle = () => service.queue.settle()
  /** The journey of `clientId`, as stored, once every write is done. */
  const eventsOf = async (clientId: string): Promise<JourneyEvent[]> => {
    await journey.settled()
    return (await journey.list()).find((j) => j.clientId === clientId)?.events ?? []
  }
  return { service, queue: service.queue, useAppStore, journey, eventsOf }
}

beforeEach(() => {
  localStorage.clear()
  current = { kind: 'network-error' }
  posts = 0
  setOnline(true)
})
afterEach(async () => {
  await settle?.()
})

describe('the journey of an offer in the page’s queue', () => {
  it('records held, then each try with who and why and each answer, then delivered', async () => {
    const q = await load()
    setOnline(false)
    const stop = q.queue.start()
    const offer = makeOffer()
    await q.queue.hold(offer)
    setOnline(true)
    current = status(503)
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(q.queue.nextTryAt()).not.toBeNull())
    current = status(201)
    await q.queue.requestFlush('try-now')
    await vi.waitFor(async () => expect(await listOffers()).toEqual([]))
    stop()
    const events = await q.eventsOf(offer.clientId)
    expect(events.map((e) => e.type)).toEqual([
      'held',
      'try',
      'answer',
      'try',
      'answer',
      'delivered',
    ])
    expect(events[1]).toMatchObject({ by: 'page', why: 'online', attempt: 1 })
    expect(events[2]).toMatchObject({
      by: 'page',
      answer: { kind: 'status', status: 503 },
      verdict: 'retry',
      nextTryInMs: expect.any(Number),
    })
    expect(events[3]).toMatchObject({ by: 'page', why: 'try-now', attempt: 2 })
    expect(events[4]).toMatchObject({
      answer: { kind: 'status', status: 201 },
      verdict: 'delivered',
    })
    expect(events[5]).toMatchObject({ type: 'delivered', by: 'page' })
    for (const event of events) expect(event.at).toBeTypeOf('number')
    expect((events[2] as { ms: number }).ms).toBeGreaterThanOrEqual(0)
  })

  it('a try started by the backoff timer says so', async () => {
    const q = await load()
    const offer = makeOffer()
    current = status(503)
    await q.queue.hold(offer)
    await vi.waitFor(() => expect(q.queue.nextTryAt()).not.toBeNull())
    current = status(201)
    await vi.waitFor(async () => expect(await listOffers()).toEqual([]), { timeout: 3000 })
    const tries = (await q.eventsOf(offer.clientId)).filter((e) => e.type === 'try')
    expect(tries.map((t) => t.type === 'try' && t.why)).toEqual(['held', 'backoff'])
  })

  it('the writer’s own first send starts the journey of an offer it then holds', async () => {
    const q = await load()
    current = { kind: 'network-error' }
    expect(await q.service.offerToVoid('said once', 'writer')).toBe('held')
    const [held] = await listOffers()
    const events = await q.eventsOf(held!.clientId)
    expect(events.slice(0, 3)).toMatchObject([
      { type: 'try', by: 'page', why: 'offer', attempt: 1 },
      { type: 'answer', answer: { kind: 'network-error' }, verdict: 'retry' },
      { type: 'held' },
    ])
  })

  it('an offer sent at once leaves no journey', async () => {
    const q = await load()
    current = status(201)
    expect(await q.service.offerToVoid('straight through', 'writer')).toBe('offered')
    await q.journey.settled()
    expect(await q.journey.list()).toEqual([])
  })

  it('records a withdrawal, and a refusal’s hand-back with its reason', async () => {
    const q = await load()
    setOnline(false)
    const withdrawn = makeOffer()
    await q.queue.hold(withdrawn)
    expect(await q.queue.withdraw(withdrawn)).toBe('withdrawn')
    expect((await q.eventsOf(withdrawn.clientId)).map((e) => e.type)).toEqual(['held', 'withdrawn'])

    const refused = makeOffer()
    await q.queue.hold(refused)
    setOnline(true)
    current = status(400)
    await q.queue.requestFlush('manual')
    const events = await q.eventsOf(refused.clientId)
    expect(events.map((e) => e.type)).toEqual(['held', 'try', 'answer', 'handed-back'])
    expect(events[3]).toMatchObject({ reason: 'refused' })
  })

  it('records the hand-back of an offer the service worker set aside', async () => {
    const q = await load()
    const offer = makeOffer({ refusedStatus: 422, refusedReason: 'refused' })
    await pageOfferStorage.enqueue(offer)
    await q.queue.requestFlush('start')
    expect(await q.eventsOf(offer.clientId)).toMatchObject([
      { type: 'handed-back', reason: 'refused' },
    ])
  })
})

describe('pruning at start', () => {
  it('a journey a day after its offer was delivered goes; a waiting offer’s stays', async () => {
    const q = await load()
    setOnline(false)
    const day = 24 * 60 * 60_000
    const delivered = makeOffer()
    const waiting = makeOffer()
    await pageOfferStorage.enqueue(waiting)
    void q.journey.record(delivered, { type: 'delivered', at: Date.now() - day, by: 'page' })
    void q.journey.record(waiting, { type: 'held', at: Date.now() - 30 * day })
    await q.journey.settled()
    const stop = q.queue.start()
    await vi.waitFor(async () =>
      expect((await q.journey.list()).map((j) => j.clientId)).toEqual([waiting.clientId]),
    )
    stop()
  })
})

describe('a journey log that fails', () => {
  it('never makes an offer fail: held, then delivered, with only warnings', async () => {
    const warn = vi.fn()
    const q = await load(failingJourneyLog(warn))
    current = { kind: 'network-error' }
    expect(await q.service.offerToVoid('kept safe anyway', 'writer')).toBe('held')
    current = status(201)
    await q.queue.requestFlush('manual')
    await vi.waitFor(async () => expect(await listOffers()).toEqual([]))
    expect(warn).toHaveBeenCalled()
  })

  it('never waits in delivery’s way, even when its writes never finish', async () => {
    const stuck: JourneyLog = {
      record: () => new Promise(() => undefined),
      list: async () => [],
      prune: async () => 0,
      settled: () => new Promise(() => undefined),
    }
    const q = await load(stuck)
    setOnline(false)
    await q.queue.hold(makeOffer())
    setOnline(true)
    current = status(201)
    await q.queue.requestFlush('manual')
    expect(await listOffers()).toEqual([])
    expect(posts).toBe(1)
  })

  it('never throws into the queue, even when recording throws at once', async () => {
    const throwing: JourneyLog = {
      record: () => {
        throw new Error('broken log')
      },
      list: async () => [],
      prune: async () => 0,
      settled: async () => undefined,
    }
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const q = await load(throwing)
    current = status(503)
    expect(await q.service.offerToVoid('still held', 'writer')).toBe('held')
    current = status(201)
    await q.queue.requestFlush('manual')
    expect(await listOffers()).toEqual([])
    expect(warn).toHaveBeenCalledWith('An offer journey event was not recorded', expect.any(Error))
    warn.mockRestore()
  })
})
