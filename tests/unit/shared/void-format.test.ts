import { describe, expect, it } from 'vitest'
import { formatThoughtDate, voidCountLine } from '../../../src/shared/void-format'

describe('formatThoughtDate', () => {
  it('writes en-US short month, day, year, hour and minute', () => {
    expect(formatThoughtDate('2025-01-05T10:30:00Z', 'UTC')).toBe('Jan 5, 2025, 10:30 AM')
    expect(formatThoughtDate('2025-12-31T23:05:59.123456+00:00', 'UTC')).toBe(
      'Dec 31, 2025, 11:05 PM',
    )
  })

  it('uses the given time zone', () => {
    expect(formatThoughtDate('2025-01-05T10:30:00Z', 'America/New_York')).toBe(
      'Jan 5, 2025, 5:30 AM',
    )
  })

  it('reads the backend timestamps with microseconds', () => {
    expect(formatThoughtDate('2025-07-04T00:00:00.654321+00:00', 'UTC')).toBe(
      'Jul 4, 2025, 12:00 AM',
    )
  })

  it('writes a plain space before AM/PM, whatever the ICU version', () => {
    expect(formatThoughtDate('2025-01-05T10:30:00Z', 'UTC')).not.toMatch(/[\u202f\u00a0]/)
  })

  it('gives nothing for an unreadable date', () => {
    expect(formatThoughtDate('not a date')).toBe('')
  })
})

describe('voidCountLine', () => {
  it('is singular for one thought', () => {
    expect(voidCountLine(1)).toBe('1 thought • Anonymous')
  })
  it('is plural otherwise', () => {
    expect(voidCountLine(0)).toBe('0 thoughts • Anonymous')
    expect(voidCountLine(2)).toBe('2 thoughts • Anonymous')
    expect(voidCountLine(100000)).toBe('100000 thoughts • Anonymous')
  })
})
