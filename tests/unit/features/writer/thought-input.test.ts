import { describe, expect, it } from 'vitest'
import { MAX_THOUGHT_LENGTH, countCharacters } from '../../../../src/lib/thought'
import { fitInsertion } from '../../../../src/features/writer/thought-input'

describe('fitInsertion', () => {
  it('leaves an edit within the cap alone', () => {
    expect(fitInsertion('abc', 'abcd', 5)).toEqual({ text: 'abcd', caret: null, cut: false })
    expect(fitInsertion('abcde', 'abcde', 5).cut).toBe(false)
  })

  it('refuses a character typed at the cap, wherever the caret is', () => {
    expect(fitInsertion('abcde', 'abcdef', 5)).toEqual({ text: 'abcde', caret: 5, cut: true })
    expect(fitInsertion('abcde', 'abXcde', 5)).toEqual({ text: 'abcde', caret: 2, cut: true })
  })

  it('cuts a paste so the whole text fits, keeping the text around it', () => {
    expect(fitInsertion('ab', 'aXYZWb', 4)).toEqual({ text: 'aXYb', caret: 3, cut: true })
  })

  it('cuts a paste over a selection by what the selection freed', () => {
    // "bcd" selected and replaced by "123456": room for 3 + (5 - 5) = 3 characters.
    expect(fitInsertion('abcde', 'a123456e', 5)).toEqual({ text: 'a123e', caret: 4, cut: true })
  })

  it('counts and cuts in code points, never splitting an emoji', () => {
    const result = fitInsertion('😀😀', '😀😀😀😀', 3)
    expect(result.text).toBe('😀😀😀')
    expect(countCharacters(result.text)).toBe(3)
    // Replacing one emoji by another shares half a surrogate pair with it: still whole emoji.
    expect(fitInsertion('a😀', 'a😁😁', 2)).toEqual({ text: 'a😁', caret: 3, cut: true })
  })

  it('cuts at the real cap of 5000 by default', () => {
    const full = 'x'.repeat(MAX_THOUGHT_LENGTH - 2)
    const result = fitInsertion(full, full + 'hello')
    expect(countCharacters(result.text)).toBe(MAX_THOUGHT_LENGTH)
    expect(result.text.endsWith('xhe')).toBe(true)
  })

  it('brings text already over the cap back within it', () => {
    expect(fitInsertion('abcdefg', 'abcdefgh', 5).text).toBe('abcde')
  })
})
