import { describe, expect, it } from 'vitest'
import { voidCountLine } from '../../../../../src/features/void/model/void-format'

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
