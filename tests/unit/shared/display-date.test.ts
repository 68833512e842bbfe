import { describe, expect, it } from 'vitest'
import { formatDisplayDate } from '../../../src/shared/display-date'

describe('formatDisplayDate', () => {
  it('writes en-US short month, day, year, hour and minute', () => {
    expect(formatDisplayDate('2025-01-05T10:30:00Z', 'UTC')).toBe('Jan 5, 2025, 10:30 AM')
    expect(formatDisplayDate('2025-12-31T23:05:59.123456+00:00', 'UTC')).toBe(
      'Dec 31, 2025, 11:05 PM',
    )
  })

  it('uses the given time zone', () => {
    expect(formatDisplayDate('2025-01-05T10:30:00Z', 'America/New_York')).toBe(
      'Jan 5, 2025, 5:30 AM',
    )
  })

  it('reads the backend timestamps with microseconds', () => {
    expect(formatDisplayDate('2025-07-04T00:00:00.654321+00:00', 'UTC')).toBe(
      'Jul 4, 2025, 12:00 AM',
    )
  })

  it('writes a plain space before AM/PM, whatever the ICU version', () => {
    expect(formatDisplayDate('2025-01-05T10:30:00Z', 'UTC')).not.toMatch(/[\u202f\u00a0]/)
  })

  it('gives nothing for an unreadable date', () => {
    expect(formatDisplayDate('not a date')).toBe('')
  })
})
