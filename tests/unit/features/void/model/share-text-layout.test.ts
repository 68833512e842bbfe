import { describe, expect, it } from 'vitest'
import {
  ELLIPSIS,
  graphemes,
  isRightToLeft,
  layoutShareText,
  type MeasureText,
  type ShareTextLayoutInput,
} from '../../../../../src/features/void/model/share-text-layout'

const EMOJI = /\p{Extended_Pictographic}/u
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/** A fake font: every grapheme is half the font size wide, an emoji a full font size. */
const measure: MeasureText = (text, fontSize) => {
  let width = 0
  for (const { segment } of segmenter.segment(text))
    width += EMOJI.test(segment) ? fontSize : fontSize / 2
  return width
}

// The Story image's text box: 1080 wide minus 80 px each side.
const box: Omit<ShareTextLayoutInput, 'text'> = {
  maxWidth: 920,
  maxHeight: 1080,
  measure,
  maxFontSize: 64,
  minFontSize: 28,
  lineHeight: 1.4,
}

function expectInsideBox(layout: ReturnType<typeof layoutShareText>, input = box) {
  for (const line of layout.lines)
    expect(measure(line.text, layout.fontSize)).toBeLessThanOrEqual(input.maxWidth)
  expect(layout.lines.length * layout.lineHeightPx).toBeLessThanOrEqual(input.maxHeight)
  expect(layout.fontSize).toBeGreaterThanOrEqual(input.minFontSize)
  expect(layout.fontSize).toBeLessThanOrEqual(input.maxFontSize)
}

function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean)
}

describe('layoutShareText', () => {
  it('sets a short thought on one line at the largest size', () => {
    const layout = layoutShareText({ ...box, text: 'I am tired.' })
    expect(layout).toEqual({
      fontSize: 64,
      lineHeightPx: 64 * 1.4,
      lines: [{ text: 'I am tired.', rtl: false }],
      truncated: false,
    })
  })

  it('shrinks the font for a long thought and keeps every word, in order', () => {
    const text = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ')
    const layout = layoutShareText({ ...box, text })
    expect(layout.truncated).toBe(false)
    expect(layout.fontSize).toBeLessThan(64)
    expect(layout.lines.length).toBeGreaterThan(1)
    expectInsideBox(layout)
    expect(words(layout.lines.map((l) => l.text).join(' '))).toEqual(words(text))
  })

  it('picks the largest size that fits: one pixel more would not', () => {
    const text = 'The weight I carry has no name yet, but writing it down helps. '.repeat(8)
    const layout = layoutShareText({ ...box, text })
    const bigger = layoutShareText({
      ...box,
      text,
      minFontSize: layout.fontSize + 1,
      maxFontSize: layout.fontSize + 1,
    })
    expect(layout.truncated).toBe(false)
    expect(bigger.truncated).toBe(true)
  })

  it('fits a 5000-character thought at the readable minimum, ending with an ellipsis', () => {
    const text = 'lorem ipsum dolor sit amet '.repeat(200).slice(0, 5000)
    const layout = layoutShareText({ ...box, text })
    expect(layout.truncated).toBe(true)
    expect(layout.fontSize).toBe(28)
    expectInsideBox(layout)
    expect(layout.lines.length).toBe(Math.floor(1080 / (28 * 1.4)))
    expect(layout.lines.at(-1)?.text.endsWith(ELLIPSIS)).toBe(true)
    // What is shown is the start of the thought.
    const shown = layout.lines
      .map((l) => l.text)
      .join(' ')
      .slice(0, -1)
    expect(words(text).join(' ').startsWith(words(shown).slice(0, -1).join(' '))).toBe(true)
  })

  it('fits 5000 characters without spaces, cut between characters', () => {
    const layout = layoutShareText({ ...box, text: 'x'.repeat(5000) })
    expect(layout.truncated).toBe(true)
    expectInsideBox(layout)
    expect(layout.lines.at(-1)?.text.endsWith(ELLIPSIS)).toBe(true)
  })

  it('breaks one very long word across lines without losing a character', () => {
    const word = 'a'.repeat(150)
    const layout = layoutShareText({ ...box, text: `before ${word} after` })
    expect(layout.truncated).toBe(false)
    expectInsideBox(layout)
    expect(layout.lines.map((l) => l.text.replaceAll(' ', '')).join('')).toBe(`before${word}after`)
    expect(layout.lines.length).toBeGreaterThanOrEqual(3)
  })

  it('never splits an emoji, even a joined family sequence', () => {
    const family = '👨‍👩‍👧'
    const text = `${family.repeat(30)} and 😀 too`
    const layout = layoutShareText({ ...box, text, maxFontSize: 120, minFontSize: 60 })
    expect(layout.truncated).toBe(false)
    expectInsideBox(layout, { ...box, maxFontSize: 120, minFontSize: 60 })
    const familyLines = layout.lines.filter((l) => l.text.includes(family))
    expect(familyLines.length).toBeGreaterThan(1)
    for (const line of familyLines) {
      const head = line.text.split(' ')[0] ?? ''
      expect(graphemes(head).every((g) => g === family)).toBe(true)
    }
    expect(layout.lines.map((l) => l.text).join('')).toContain('😀')
  })

  it('keeps line breaks and blank lines', () => {
    const layout = layoutShareText({ ...box, text: 'first\n\nsecond\r\nthird' })
    expect(layout.lines.map((l) => l.text)).toEqual(['first', '', 'second', 'third'])
  })

  it('marks right-to-left paragraphs, line by line', () => {
    const layout = layoutShareText({ ...box, text: 'שלום עולם\nhello\nمرحبا بالعالم' })
    expect(layout.lines).toEqual([
      { text: 'שלום עולם', rtl: true },
      { text: 'hello', rtl: false },
      { text: 'مرحبا بالعالم', rtl: true },
    ])
  })

  it('wraps a long right-to-left paragraph inside the box', () => {
    const text = 'אני משחרר את המחשבות שלי אל החלל '.repeat(40)
    const layout = layoutShareText({ ...box, text })
    expectInsideBox(layout)
    expect(layout.lines.every((l) => l.rtl)).toBe(true)
  })
})

describe('isRightToLeft', () => {
  it('reads the first letter, skipping digits and punctuation', () => {
    expect(isRightToLeft('123, שלום')).toBe(true)
    expect(isRightToLeft('«مرحبا»')).toBe(true)
    expect(isRightToLeft('hello שלום')).toBe(false)
    expect(isRightToLeft('123 !')).toBe(false)
  })
})
