import { describe, expect, it } from 'vitest'
import { formatDisplayDate } from '../../../src/lib/display-date'

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

  it("writes the visitor's own time zone exactly as Intl's en-US formatter does", () => {
    const zone = process.env.TZ
    // One formatter per zone (made after the zone is set): making one per date took seconds.
    const formatterHere = () =>
      new Intl.DateTimeFormat('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      })
    try {
      for (const tz of ['UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham']) {
        process.env.TZ = tz
        const intl = formatterHere()
        // Every hour of the day, every month, across a change of year and daylight saving time.
        for (let hour = 0; hour < 24 * 400; hour += 7) {
          const date = new Date(Date.UTC(2024, 11, 20, 0, 3 * hour) + hour * 3_600_000)
          expect(formatDisplayDate(date.toISOString())).toBe(
            intl.format(date).replace(/[\u202f\u00a0]/g, ' '),
          )
        }
      }
    } finally {
      if (zone === undefined) delete process.env.TZ
      else process.env.TZ = zone
    }
  })

  it('gives nothing for an unreadable date', () => {
    expect(formatDisplayDate('not a date')).toBe('')
  })
})
