import { describe, expect, it } from 'vitest'
import { median, percentile } from '../../../bench/stats'

describe('bench figures', () => {
  it('takes the middle value, or the mean of the middle two, in any order', () => {
    expect(median([9, 1, 5])).toBe(5)
    expect(median([4, 1, 3, 2])).toBe(2.5)
  })

  it('gives the nearest-rank percentile: the smallest value with p% of them at or below it', () => {
    const values = Array.from({ length: 20 }, (_, i) => 20 - i) // 20 down to 1
    expect(percentile(values, 50)).toBe(10)
    expect(percentile(values, 90)).toBe(18)
    expect(percentile(values, 95)).toBe(19)
    expect(percentile(values, 100)).toBe(20)
    expect(percentile(values, 0)).toBe(1)
    expect(percentile([7], 95)).toBe(7)
    expect(percentile([], 50)).toBeNaN()
  })
})
