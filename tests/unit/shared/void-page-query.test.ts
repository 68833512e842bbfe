import { describe, expect, it } from 'vitest'
import {
  isVoidCountRequest,
  totalFromContentRange,
  voidPageQuery,
} from '../../../src/shared/void-page-query'
import { compareVoidRows, voidNewerQuery } from '../../../src/features/void/api/void-newer-query'

describe('voidPageQuery', () => {
  it('asks for the first page newest first, 50 rows, no cursor and no offset', () => {
    const params = new URLSearchParams(voidPageQuery(null))
    expect([...params]).toEqual([
      ['select', 'id,text,created_at'],
      ['order', 'created_at.desc,id.desc'],
      ['limit', '50'],
    ])
  })

  it('asks for the rows after the last one shown, with its time quoted exactly', () => {
    const params = new URLSearchParams(
      voidPageQuery({ created_at: '2025-01-05T10:30:00.123456+00:00', id: 951 }, 20),
    )
    expect(params.get('limit')).toBe('20')
    // The bound the index is entered at (an `or` alone is a filter over every newer row).
    expect(params.get('created_at')).toBe('lte.2025-01-05T10:30:00.123456+00:00')
    expect(params.get('or')).toBe(
      '(created_at.lt."2025-01-05T10:30:00.123456+00:00",and(created_at.eq."2025-01-05T10:30:00.123456+00:00",id.lt.951))',
    )
    expect(params.has('offset')).toBe(false)
  })

  it('encodes the plus sign of the offset, so the server does not read a space', () => {
    expect(voidPageQuery({ created_at: '2025-01-05T10:30:00+00:00', id: 1 })).toContain(
      '%2B00%3A00',
    )
  })
})

describe('totalFromContentRange', () => {
  it('reads the total', () => {
    expect(totalFromContentRange('0-49/100000')).toBe(100000)
    expect(totalFromContentRange('*/0')).toBe(0)
  })
  it('is null when the total was not counted or the header is missing', () => {
    expect(totalFromContentRange('0-49/*')).toBeNull()
    expect(totalFromContentRange(null)).toBeNull()
  })
})

describe('voidNewerQuery', () => {
  it('asks for the rows newer than the newest shown, oldest first, 50 at most', () => {
    const params = new URLSearchParams(
      voidNewerQuery({ created_at: '2025-01-05T10:30:00.123456+00:00', id: 951 }),
    )
    expect([...params]).toEqual([
      ['select', 'id,text,created_at'],
      ['order', 'created_at.asc,id.asc'],
      ['limit', '50'],
      ['created_at', 'gte.2025-01-05T10:30:00.123456+00:00'],
      [
        'or',
        '(created_at.gt."2025-01-05T10:30:00.123456+00:00",and(created_at.eq."2025-01-05T10:30:00.123456+00:00",id.gt.951))',
      ],
    ])
  })

  it('on an empty wall asks for the oldest rows', () => {
    expect(new URLSearchParams(voidNewerQuery(null)).has('or')).toBe(false)
  })
})

describe('compareVoidRows', () => {
  it('orders by time to the microsecond, then by id', () => {
    const row = (created_at: string, id: number) => ({ created_at, id })
    expect(
      compareVoidRows(
        row('2025-01-05T10:30:00.1+00:00', 1),
        row('2025-01-05T10:30:00.09+00:00', 9),
      ),
    ).toBeGreaterThan(0)
    expect(
      compareVoidRows(
        row('2025-01-05T10:30:00.000001+00:00', 1),
        row('2025-01-05T10:30:00.000002+00:00', 0),
      ),
    ).toBeLessThan(0)
    expect(
      compareVoidRows(row('2025-01-05T10:30:00+00:00', 2), row('2025-01-05T10:30:00+00:00', 3)),
    ).toBeLessThan(0)
    expect(
      compareVoidRows(row('2025-01-05T11:30:00+01:00', 5), row('2025-01-05T10:30:00Z', 5)),
    ).toBe(0)
  })
})

describe('isVoidCountRequest', () => {
  it('is the GET of the count function without a query, nothing else', () => {
    const url = (path: string) => new URL(`https://x.supabase.co/rest/v1/${path}`)
    expect(isVoidCountRequest(url('rpc/void_thought_count'), 'GET')).toBe(true)
    expect(isVoidCountRequest(url('rpc/void_thought_count'), 'POST')).toBe(false)
    expect(isVoidCountRequest(url('rpc/void_thought_count?x=1'), 'GET')).toBe(false)
    expect(isVoidCountRequest(url('rpc/other'), 'GET')).toBe(false)
    expect(isVoidCountRequest(url('void_thoughts'), 'GET')).toBe(false)
  })
})
