import { describe, expect, it } from 'vitest'
import { classifyOfferAnswer } from '../../../src/shared/offer'

describe('classifyOfferAnswer', () => {
  it.each([
    [200, 'delivered'],
    [201, 'delivered'],
    [204, 'delivered'],
    [409, 'delivered'],
    [400, 'refused'],
    [401, 'refused'],
    [403, 'refused'],
    [404, 'refused'],
    [413, 'refused'],
    [408, 'retry'],
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
