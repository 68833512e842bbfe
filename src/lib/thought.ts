/**
 * What a thought is: the rules shared by the writer, the page's queue, Return to Yourself and the
 * tests (the service worker sends what the page queued and judges no text).
 * Characters are Unicode code points, the unit of Postgres `char_length`, so the counter, the cap and
 * the database check always agree (docs/product.md, decision 2). That is what the counter shows in every language: a
 * combining mark (an accent typed apart, a vowel sign in Devanagari, a harakah in Arabic) counts as
 * one character of its own, as it does in the database's limit; a count of what readers see as
 * letters (grapheme clusters) would disagree with the limit the database enforces.
 */
import { translator } from '../i18n/i18n'
import { APP_MESSAGES } from '../i18n/messages/app'

const t = translator(APP_MESSAGES)

/** The longest thought, in code points. */
export const MAX_THOUGHT_LENGTH = 5000

/** How long an outcome message stays on screen, in ms. */
export const MESSAGE_DURATION_MS = 3000

// Whitespace the database check also trims: space, tab, newline, carriage return, form feed,
// vertical tab, no-break space and the other Unicode spaces.
const EDGE_SPACE =
  /^[\s\u00a0\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\s\u00a0\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]+$/gu

/** Number of Unicode code points in `text`. */
export function countCharacters(text: string): number {
  let n = 0
  for (const _ of text) n++
  return n
}

/** `text` cut to at most `max` code points, never splitting a surrogate pair. */
export function capText(text: string, max: number = MAX_THOUGHT_LENGTH): string {
  if (text.length <= max) return text
  let n = 0
  let end = 0
  for (const ch of text) {
    if (n === max) break
    n++
    end += ch.length
  }
  return text.slice(0, end)
}

/** `text` without leading and trailing whitespace (including no-break spaces). */
export function trimThought(text: string): string {
  return text.replace(EDGE_SPACE, '')
}

/** True when `text` holds nothing but whitespace. */
export function isBlank(text: string): boolean {
  return trimThought(text).length === 0
}

/** True when `text` may be offered or readied: non-blank and within the cap once trimmed. */
export function isReadyText(text: string): boolean {
  const trimmed = trimThought(text)
  return trimmed.length > 0 && countCharacters(trimmed) <= MAX_THOUGHT_LENGTH
}

/** The counter's words in the app's language, e.g. "12/5000 characters". */
export function counterLabel(text: string): string {
  return t('writer.counter', { n: countCharacters(text), max: MAX_THOUGHT_LENGTH })
}
