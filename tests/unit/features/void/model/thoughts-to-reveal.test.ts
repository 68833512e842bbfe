import { describe, expect, it } from 'vitest'
import {
  newThoughtsLabel,
  thoughtsToReveal,
} from '../../../../../src/features/void/model/thoughts-to-reveal'

const row = (id: number, text = `t${id}`) => ({
  id,
  text,
  created_at: `2025-01-05T10:${id}:00+00:00`,
})

describe('newThoughtsLabel', () => {
  it('says "1 new thought" and "{n} new thoughts"', () => {
    expect(newThoughtsLabel(1)).toBe('1 new thought')
    expect(newThoughtsLabel(3)).toBe('3 new thoughts')
  })
})

describe('thoughtsToReveal', () => {
  it('leaves out rows reported here and the visitor’s offers still shown as waiting', () => {
    const fresh = [row(1), row(2, 'mine'), row(3), row(4, 'mine')]
    expect(
      thoughtsToReveal(fresh, { reported: new Set([3]), waitingTexts: ['mine'] }).map((t) => t.id),
    ).toEqual([1, 2])
    expect(thoughtsToReveal(fresh, { reported: new Set(), waitingTexts: [] })).toEqual(fresh)
  })
})
