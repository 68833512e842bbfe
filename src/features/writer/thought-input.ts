/**
 * How the writer refuses input beyond the cap. The browser's `maxlength` counts UTF-16 units, not
 * code points (docs/product.md, decision 2), so the writer compares the text before and after each edit instead: the
 * part that was inserted is cut so the whole fits, whether it was typed, pasted, dropped or composed.
 */
import { MAX_THOUGHT_LENGTH, capText, countCharacters } from '../../lib/thought'

/** The text after an edit, made to fit the cap. */
export interface FittedInput {
  text: string
  /** Where the caret belongs when something was cut (UTF-16 offset): after what was kept. */
  caret: number | null
  /** True when some of the insertion was left out. */
  cut: boolean
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff

/** `next` (the text after an edit of `previous`) with the inserted part cut so it fits `max`. */
export function fitInsertion(
  previous: string,
  next: string,
  max: number = MAX_THOUGHT_LENGTH,
): FittedInput {
  if (countCharacters(next) <= max) return { text: next, caret: null, cut: false }
  const limit = Math.min(previous.length, next.length)
  let start = 0
  while (start < limit && previous.charCodeAt(start) === next.charCodeAt(start)) start++
  // Never split a surrogate pair at either edge of the insertion.
  if (start > 0 && isHighSurrogate(next.charCodeAt(start - 1))) start--
  let tail = 0
  while (
    tail < limit - start &&
    previous.charCodeAt(previous.length - 1 - tail) === next.charCodeAt(next.length - 1 - tail)
  )
    tail++
  if (tail > 0 && isLowSurrogate(next.charCodeAt(next.length - tail))) tail--
  const head = next.slice(0, start)
  const rest = next.slice(next.length - tail)
  const inserted = next.slice(start, next.length - tail)
  const room = max - countCharacters(head) - countCharacters(rest)
  if (room < 0) {
    const text = capText(head + rest, max)
    return { text, caret: Math.min(head.length, text.length), cut: true }
  }
  const kept = capText(inserted, room)
  return { text: head + kept + rest, caret: head.length + kept.length, cut: true }
}
