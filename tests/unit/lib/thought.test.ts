import { describe, expect, it } from 'vitest'
import {
  MAX_THOUGHT_LENGTH,
  capText,
  countCharacters,
  counterLabel,
  isBlank,
  isReadyText,
  trimThought,
} from '../../../src/lib/thought'

describe('countCharacters', () => {
  it('counts code points, so an emoji is one character', () => {
    expect(countCharacters('')).toBe(0)
    expect(countCharacters('abc')).toBe(3)
    expect(countCharacters('😀')).toBe(1)
    expect(countCharacters('a😀b')).toBe(3)
  })
})

describe('capText', () => {
  it('keeps text within the cap untouched', () => {
    expect(capText('hello', 5)).toBe('hello')
  })
  it('cuts at the cap in code points without splitting a surrogate pair', () => {
    expect(capText('ab😀cd', 3)).toBe('ab😀')
    expect(capText('😀'.repeat(MAX_THOUGHT_LENGTH + 2))).toBe('😀'.repeat(MAX_THOUGHT_LENGTH))
  })
})

describe('blankness and trimming', () => {
  it('treats spaces, tabs, newlines and no-break spaces as blank', () => {
    expect(isBlank(' \t\n\r\u00a0\u3000')).toBe(true)
    expect(isBlank(' a ')).toBe(false)
  })
  it('trims only the edges', () => {
    expect(trimThought('\u00a0 two  words \n')).toBe('two  words')
  })
  it('is ready only for non-blank text within the cap', () => {
    expect(isReadyText('   ')).toBe(false)
    expect(isReadyText('x')).toBe(true)
    expect(isReadyText('x'.repeat(MAX_THOUGHT_LENGTH))).toBe(true)
    expect(isReadyText('x'.repeat(MAX_THOUGHT_LENGTH + 1))).toBe(false)
  })
})

describe('counterLabel', () => {
  it('reads n/5000 characters', () => {
    expect(counterLabel('')).toBe('0/5000 characters')
    expect(counterLabel('hi 😀')).toBe('4/5000 characters')
  })
})
