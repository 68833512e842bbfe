/**
 * Lays a thought out for a share image: picks the largest font size at which the whole text fits the
 * box, or, when even the readable minimum is too large, the minimum with the text ending in an
 * ellipsis. Pure: it never touches a canvas; the caller passes `measure`, so it runs in Node with a
 * fake measurer and in the browser with `CanvasRenderingContext2D.measureText`.
 *
 * Line breaks in the thought are kept. Lines break between words; a word wider than the box breaks
 * between grapheme clusters, so an emoji sequence or a combining mark is never split. Each line says
 * whether its paragraph reads right to left, so the drawing can set the canvas direction.
 */

/** Width in pixels of `text` drawn at `fontSize` pixels. */
export type MeasureText = (text: string, fontSize: number) => number

/** What to lay out, and into what box. */
export interface ShareTextLayoutInput {
  text: string
  /** Width of the text box in pixels (the image width minus both side margins). */
  maxWidth: number
  /** Height of the text box in pixels. */
  maxHeight: number
  measure: MeasureText
  /** Largest font size tried, in pixels. */
  maxFontSize: number
  /** Smallest readable font size, in pixels: below it the text is cut with an ellipsis instead. */
  minFontSize: number
  /** Line height as a multiple of the font size. */
  lineHeight: number
}

/** One line to draw. */
export interface ShareTextLine {
  text: string
  /** True when the line's paragraph starts with a right-to-left letter (Hebrew, Arabic…). */
  rtl: boolean
}

/** Where each line goes. */
export interface ShareTextLayout {
  fontSize: number
  /** Distance between baselines, in pixels. */
  lineHeightPx: number
  lines: ShareTextLine[]
  /** True when the text did not fit and ends with an ellipsis. */
  truncated: boolean
}

/** The character a cut text ends with. */
export const ELLIPSIS = '…'

const RTL_LETTER =
  /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Adlam}]/u
const LETTER = /\p{L}/u

/** True when the first letter of `paragraph` belongs to a right-to-left script. */
export function isRightToLeft(paragraph: string): boolean {
  const first = LETTER.exec(paragraph)
  return first !== null && RTL_LETTER.test(first[0])
}

// Made on first use, not as the module loads: this module comes with The Void's screen, and making a
// segmenter loads the browser's break rules, a long piece of the screen's start on a slow phone
// (docs/perf-log.md), for share images that most visits never make.
let segmenter: Intl.Segmenter | null | undefined

/** `text` split into user-perceived characters (code points where Intl.Segmenter is missing). */
export function graphemes(text: string): string[] {
  segmenter ??=
    typeof Intl.Segmenter === 'function'
      ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
      : null
  if (!segmenter) return Array.from(text)
  return Array.from(segmenter.segment(text), (s) => s.segment)
}

/** Measures through a per-size cache: words repeat, and each fit attempt re-measures them. */
function cachedMeasure(measure: MeasureText, fontSize: number): (text: string) => number {
  const widths = new Map<string, number>()
  return (text) => {
    let width = widths.get(text)
    if (width === undefined) {
      width = measure(text, fontSize)
      widths.set(text, width)
    }
    return width
  }
}

/**
 * Wraps `paragraphs` to `maxWidth`, stopping once more than `maxLines` lines exist (the caller only
 * needs to know it does not fit, or the first `maxLines`).
 */
function wrap(
  paragraphs: string[],
  maxWidth: number,
  width: (text: string) => number,
  maxLines: number,
): ShareTextLine[] {
  const lines: ShareTextLine[] = []
  const space = width(' ')
  for (const paragraph of paragraphs) {
    const rtl = isRightToLeft(paragraph)
    const words = paragraph.split(/\s+/u).filter((word) => word.length > 0)
    if (words.length === 0) {
      lines.push({ text: '', rtl })
      if (lines.length > maxLines) return lines
      continue
    }
    let line = ''
    let lineWidth = 0
    for (const word of words) {
      const wordWidth = width(word)
      if (line && lineWidth + space + wordWidth <= maxWidth) {
        line += ` ${word}`
        lineWidth += space + wordWidth
        continue
      }
      if (line) {
        lines.push({ text: line, rtl })
        if (lines.length > maxLines) return lines
      }
      if (wordWidth <= maxWidth) {
        line = word
        lineWidth = wordWidth
        continue
      }
      // A word wider than the box: break it between graphemes.
      line = ''
      lineWidth = 0
      for (const grapheme of graphemes(word)) {
        const graphemeWidth = width(grapheme)
        if (line && lineWidth + graphemeWidth > maxWidth) {
          lines.push({ text: line, rtl })
          if (lines.length > maxLines) return lines
          line = ''
          lineWidth = 0
        }
        line += grapheme
        lineWidth += graphemeWidth
      }
    }
    lines.push({ text: line, rtl })
    if (lines.length > maxLines) return lines
  }
  return lines
}

/** `line` shortened until it and the ellipsis fit `maxWidth`. */
function withEllipsis(line: string, maxWidth: number, width: (text: string) => number): string {
  const parts = graphemes(line.trimEnd())
  while (parts.length > 0 && width(parts.join('') + ELLIPSIS) > maxWidth) parts.pop()
  return parts.join('').trimEnd() + ELLIPSIS
}

/** Lays out `text` for a share image (see the module comment). */
export function layoutShareText(input: ShareTextLayoutInput): ShareTextLayout {
  const { maxWidth, maxHeight, measure, lineHeight } = input
  const minFontSize = Math.max(1, Math.floor(input.minFontSize))
  const maxFontSize = Math.max(minFontSize, Math.floor(input.maxFontSize))
  const paragraphs = input.text.trim().split(/\r\n|\r|\n/)

  const attempt = (fontSize: number) => {
    const lineHeightPx = fontSize * lineHeight
    const maxLines = Math.max(1, Math.floor(maxHeight / lineHeightPx))
    const width = cachedMeasure(measure, fontSize)
    const lines = wrap(paragraphs, maxWidth, width, maxLines)
    return { fontSize, lineHeightPx, maxLines, width, lines, fits: lines.length <= maxLines }
  }

  // Fitting gets easier as the font shrinks: binary search for the largest size that fits.
  let best = attempt(minFontSize)
  if (best.fits) {
    let low = minFontSize + 1
    let high = maxFontSize
    while (low <= high) {
      const middle = Math.floor((low + high) / 2)
      const tried = attempt(middle)
      if (tried.fits) {
        best = tried
        low = middle + 1
      } else {
        high = middle - 1
      }
    }
    return {
      fontSize: best.fontSize,
      lineHeightPx: best.lineHeightPx,
      lines: best.lines,
      truncated: false,
    }
  }

  const lines = best.lines.slice(0, best.maxLines)
  const last = lines[lines.length - 1]
  if (last)
    lines[lines.length - 1] = { ...last, text: withEllipsis(last.text, maxWidth, best.width) }
  return { fontSize: best.fontSize, lineHeightPx: best.lineHeightPx, lines, truncated: true }
}
