/** The journey log over (fake) IndexedDB: order, cap, endings, pruning, and failing storage. */
import { describe, expect, it, vi } from 'vitest'
import {
  JOURNEY_COUNT_CAP,
  JOURNEY_DB,
  JOURNEY_EVENT_CAP,
  JOURNEY_KEPT_AFTER_END_MS,
  appendJourneyEvent,
  createJourneyLog,
  journeysToPrune,
  openJourneyDatabase,
  type JourneyEvent,
  type OfferJourney,
} from '../../../../src/offering/shared/offer-journey'
import { OFFER_QUEUE_DB } from '../../../../src/offering/shared/offer-queue-policy'
import { failingJourneyLog, freshJourneyLog } from '../../../fixtures/journeys'
import { makeOffer } from '../../../fixtures/offers'

const tryAt = (at: number, attempt = 1): JourneyEvent => ({
  type: 'try',
  at,
  by: 'page',
  why: 'online',
  attempt,
})

describe('the journey log', () => {
  it('keeps each offer’s events in the order recorded, never its text', async () => {
    const log = freshJourneyLog()
    const offer = makeOffer({ text: 'a secret never to be logged' })
    const other = makeOffer()
    void log.record(offer, { type: 'held', at: 1 })
    void log.record(other, { type: 'held', at: 2 })
    void log.record(offer, tryAt(3))
    void log.record(offer, {
      type: 'answer',
      at: 4,
      by: 'page',
      answer: { kind: 'status', status: 503, retryAfterMs: 30_000 },
      ms: 1,
      verdict: 'retry',
      nextTryInMs: 30_000,
    })
    void log.record(offer, { type: 'delivered', at: 5, by: 'page' })
    await log.settled()
    const journeys = await log.list()
    expect(journeys.map((j) => j.clientId)).toEqual([offer.clientId, other.clientId])
    const journey = journeys[0]!
    expect(journey.events.map((e) => e.type)).toEqual(['held', 'try', 'answer', 'delivered'])
    expect(journey).toMatchObject({ kind: 'offer', queuedAt: offer.queuedAt, endedAt: 5 })
    expect(JSON.stringify(journeys)).not.toContain('secret')
  })

  it('keeps a report as a report', async () => {
    const log = freshJourneyLog()
    const report = makeOffer({ text: '', report: { thoughtId: 7 } })
    await log.record(report, { type: 'held', at: 1 })
    expect((await log.list())[0]?.kind).toBe('report')
  })

  it(`keeps the last ${JOURNEY_EVENT_CAP} events of a journey and counts the ones dropped`, async () => {
    const log = freshJourneyLog()
    const offer = makeOffer()
    for (let i = 1; i <= JOURNEY_EVENT_CAP + 7; i++) void log.record(offer, tryAt(i, i))
    await log.settled()
    const [journey] = await log.list()
    expect(journey!.events).toHaveLength(JOURNEY_EVENT_CAP)
    expect(journey!.dropped).toBe(7)
    expect(journey!.events[0]).toMatchObject({ attempt: 8 })
    expect(journey!.events.at(-1)).toMatchObject({ attempt: JOURNEY_EVENT_CAP + 7 })
  })

  it('lives in its own database: the queue’s database is never opened or upgraded', async () => {
    const log = freshJourneyLog()
    await log.record(makeOffer(), { type: 'held', at: 1 })
    const names = (await log.factory.databases()).map((d) => d.name)
    expect(names).toEqual([JOURNEY_DB])
    expect(names).not.toContain(OFFER_QUEUE_DB)
  })

  it('a write that fails only warns: record resolves, and later writes still happen', async () => {
    const warn = vi.fn()
    const log = failingJourneyLog(warn)
    await expect(log.record(makeOffer(), { type: 'held', at: 1 })).resolves.toBeUndefined()
    await expect(log.prune()).resolves.toBe(0)
    expect(warn).toHaveBeenCalledTimes(2)
    expect(warn.mock.calls[0]![0]).toBe('An offer journey event was not recorded')
  })

  it('a database that fails once is opened again for the next write', async () => {
    const good = freshJourneyLog()
    let opens = 0
    const warn = vi.fn()
    const log = createJourneyLog({
      open: () =>
        opens++ === 0 ? Promise.reject(new Error('blocked')) : openJourneyDatabase(good.factory),
      warn,
    })
    const offer = makeOffer()
    await log.record(offer, { type: 'held', at: 1 })
    await log.record(offer, tryAt(2))
    expect(warn).toHaveBeenCalledTimes(1)
    expect((await log.list())[0]!.events.map((e) => e.type)).toEqual(['try'])
  })

  it('tells the other tabs and the worker which journey changed, after the write', async () => {
    const announced: string[] = []
    const good = freshJourneyLog()
    const log = createJourneyLog({
      open: () => openJourneyDatabase(good.factory),
      announce: (clientId) => announced.push(clientId),
    })
    const offer = makeOffer()
    await log.record(offer, { type: 'held', at: 1 })
    expect(announced).toEqual([offer.clientId])
  })
})

describe('pruning', () => {
  const day = JOURNEY_KEPT_AFTER_END_MS
  const journey = (overrides: Partial<OfferJourney>): OfferJourney => ({
    clientId: makeOffer().clientId,
    kind: 'offer',
    queuedAt: 0,
    events: [],
    dropped: 0,
    updatedAt: 0,
    ...overrides,
  })

  it('deletes a journey a day after its offer was delivered, not before', () => {
    const now = 10 * day
    const old = journey({ endedAt: now - day, updatedAt: now - day })
    const recent = journey({ endedAt: now - day + 1, updatedAt: now - day + 1 })
    expect(journeysToPrune([old, recent], now)).toEqual([old.clientId])
  })

  it('keeps a waiting offer’s journey however old; drops one whose offer left unrecorded a day ago', () => {
    const now = 30 * day
    const waiting = journey({ updatedAt: 0 })
    const leftUnrecorded = journey({ updatedAt: now - day })
    const queued = new Set([waiting.clientId])
    expect(journeysToPrune([waiting, leftUnrecorded], now, queued)).toEqual([
      leftUnrecorded.clientId,
    ])
    // Without knowing the queue, an unended journey is never pruned.
    expect(journeysToPrune([waiting, leftUnrecorded], now)).toEqual([])
  })

  it(`keeps at most ${JOURNEY_COUNT_CAP} journeys, the least recently changed going first`, () => {
    const journeys = Array.from({ length: JOURNEY_COUNT_CAP + 3 }, (_, i) =>
      journey({ updatedAt: i, endedAt: i }),
    )
    const doomed = journeysToPrune(journeys, 100)
    expect(doomed.sort()).toEqual(journeys.slice(0, 3).map((j) => j.clientId))
  })

  it('prune() deletes from the database what it says', async () => {
    let now = 1_000
    const log = freshJourneyLog({ now: () => now })
    const delivered = makeOffer()
    const waiting = makeOffer()
    await log.record(delivered, { type: 'delivered', at: 1_000, by: 'page' })
    await log.record(waiting, { type: 'held', at: 1_000 })
    now = 1_000 + day
    expect(await log.prune(new Set([waiting.clientId]))).toBe(1)
    expect((await log.list()).map((j) => j.clientId)).toEqual([waiting.clientId])
  })
})

describe('appendJourneyEvent', () => {
  it('ends a journey on delivered, handed back or withdrawn; not on a give-up', () => {
    const offer = makeOffer()
    const given = appendJourneyEvent(undefined, offer, { type: 'given-up', at: 1, by: 'worker' })
    expect(given.endedAt).toBeUndefined()
    for (const event of [
      { type: 'delivered', at: 2, by: 'page' },
      { type: 'handed-back', at: 2, reason: 'expired' },
      { type: 'withdrawn', at: 2 },
    ] as const)
      expect(appendJourneyEvent(given, offer, event).endedAt).toBe(2)
  })
})
