/** How the lab words answers, events and waits, and names the flush lock's holder. */
import { describe, expect, it } from 'vitest'
import { buildJourneyExport } from '../../../../src/features/lab/journey-export'
import {
  describeAnswer,
  describeEvent,
  formatDuration,
  journeyEnding,
} from '../../../../src/features/lab/lab-words'
import { nameLockHolder } from '../../../../src/features/lab/use-lab-state'
import { makeOffer } from '../../../fixtures/offers'

describe('lab words', () => {
  it('words durations shortly', () => {
    expect([850, 12_000, 180_000, 7_200_000, 172_800_000].map(formatDuration)).toEqual([
      '850 ms',
      '12 s',
      '3 min',
      '2 h',
      '2 d',
    ])
  })

  it('words each kind of answer', () => {
    expect(describeAnswer({ kind: 'status', status: 201 })).toBe('201')
    expect(describeAnswer({ kind: 'status', status: 429, retryAfterMs: 30_000 })).toBe(
      '429 (Retry-After 30 s)',
    )
    expect(describeAnswer({ kind: 'network-error' })).toBe('network error')
    expect(describeAnswer({ kind: 'timeout' })).toBe('timeout')
  })

  it('words who tried and why', () => {
    expect(
      describeEvent({ type: 'try', at: 0, by: 'worker', why: 'background-sync', attempt: 2 }),
    ).toBe('Try 2 by the service worker (Background Sync)')
    expect(
      describeEvent({
        type: 'answer',
        at: 0,
        by: 'page',
        answer: { kind: 'status', status: 503 },
        ms: 120,
        verdict: 'retry',
        nextTryInMs: 4000,
      }),
    ).toBe('Answer: 503 after 120 ms → retry; next try in 4 s')
  })

  it('names how a journey ended', () => {
    const base = { clientId: 'c', kind: 'offer' as const, queuedAt: 0, dropped: 0, updatedAt: 1 }
    expect(journeyEnding({ ...base, events: [{ type: 'held', at: 0 }] })).toBeUndefined()
    expect(journeyEnding({ ...base, endedAt: 1, events: [{ type: 'withdrawn', at: 1 }] })).toBe(
      'withdrawn',
    )
    expect(
      journeyEnding({
        ...base,
        endedAt: 1,
        events: [{ type: 'handed-back', at: 1, reason: 'refused' }],
      }),
    ).toBe('handed back')
  })
})

describe('the flush lock’s holder', () => {
  const ids = { page: 'tab-1', worker: 'sw-1' }
  it('tells this tab, the service worker and another tab apart by client id', () => {
    expect(nameLockHolder(undefined, false, ids)).toBe('nobody')
    expect(nameLockHolder('tab-1', true, ids)).toBe('this tab')
    expect(nameLockHolder('sw-1', true, ids)).toBe('the service worker')
    expect(nameLockHolder('tab-2', true, ids)).toBe('another tab')
  })

  it('says what it cannot tell when the worker did not answer', () => {
    expect(nameLockHolder('tab-2', true, { page: 'tab-1' })).toBe(
      'another tab or the service worker',
    )
    expect(nameLockHolder(undefined, true, ids)).toBe('unknown')
  })
})

describe('the export', () => {
  it('lists an offer held with no journey too, and never a report’s or unasked text', () => {
    const offer = makeOffer({ text: 'private words' })
    const report = makeOffer({ text: '', report: { thoughtId: 3 } })
    const device = {
      appVersion: '0.1.0',
      serviceWorker: { state: 'activated', controlsPage: true },
      userAgent: 'test',
      online: true,
      backgroundSync: false,
      webLocks: true,
    }
    const input = { journeys: [], queue: [offer, report], device, now: 0 }
    const plain = buildJourneyExport({ ...input, includeText: false })
    expect(plain.offers.map((o) => [o.clientId, o.kind, o.state, o.events])).toEqual([
      [offer.clientId, 'offer', 'held', []],
      [report.clientId, 'report', 'held', []],
    ])
    expect(JSON.stringify(plain)).not.toContain('private words')
    const withText = buildJourneyExport({ ...input, includeText: true })
    expect(withText.offers.map((o) => o.text)).toEqual(['private words', undefined])
  })
})
