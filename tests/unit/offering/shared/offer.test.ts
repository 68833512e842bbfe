import { describe, expect, it } from 'vitest'
import { classifyOfferAnswer, parseRetryAfter } from '../../../../src/offering/shared/offer'

describe('classifyOfferAnswer', () => {
  it.each([
    [200, 'delivered'],
    [201, 'delivered'],
    [204, 'delivered'],
    // Nothing was stored: a repeat answers 2xx, so a 409 is a conflict the owner must fix.
    [409, 'retry'],
    [400, 'refused'],
    [422, 'refused'],
    // A rotated key or a moved project: every offer alike, so hold them.
    [401, 'retry'],
    [403, 'retry'],
    [404, 'retry'],
    [413, 'refused'],
    [408, 'retry'],
    [425, 'retry'],
    [429, 'retry'],
    [500, 'retry'],
    [503, 'retry'],
  ] as const)('status %i is %s', (status, verdict) => {
    expect(classifyOfferAnswer({ kind: 'status', status })).toBe(verdict)
  })
  it('retries network errors and timeouts', () => {
    expect(classifyOfferAnswer({ kind: 'network-error' })).toBe('retry')
    expect(classifyOfferAnswer({ kind: 'timeout' })).toBe('retry')
  })
})

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, and ignores what it cannot read', () => {
    const now = Date.parse('2025-01-05T10:30:00Z')
    expect(parseRetryAfter('6', now)).toBe(6000)
    expect(parseRetryAfter(' 0 ', now)).toBe(0)
    expect(parseRetryAfter('Sun, 05 Jan 2025 10:30:30 GMT', now)).toBe(30_000)
    expect(parseRetryAfter('Sun, 05 Jan 2025 10:29:00 GMT', now)).toBe(0)
    expect(parseRetryAfter(null, now)).toBeUndefined()
    expect(parseRetryAfter('soon', now)).toBeUndefined()
  })
})
