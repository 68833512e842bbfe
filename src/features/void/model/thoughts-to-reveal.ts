/**
 * The live wall's pending thoughts (docs/product.md, decision 16): which of the rows found since
 * the wall was read the "N new thoughts" button counts and reveals. Rows already shown are never
 * in the list (the store keeps them out); a row reported on this device is left out, and so is a
 * row that is still one of the visitor's own waiting offers on screen (its delivery and the
 * queue's update cross), so nothing is counted twice.
 */
import type { VoidThought } from '../../../shared/void-rest'
import { translator } from '../../../i18n/i18n'
import { VOID_MESSAGES } from '../../../i18n/messages/void'

const t = translator(VOID_MESSAGES)

/** The button's words: "1 new thought", "{n} new thoughts". */
export function newThoughtsLabel(count: number): string {
  return t('void.newThoughts', { n: count })
}

/** The rows of `fresh` the button counts and reveals, in `fresh`'s order. */
export function thoughtsToReveal(
  fresh: readonly VoidThought[],
  exclude: { reported: ReadonlySet<number>; waitingTexts: readonly string[] },
): VoidThought[] {
  const waiting = new Map<string, number>()
  for (const text of exclude.waitingTexts) waiting.set(text, (waiting.get(text) ?? 0) + 1)
  // Newest first: a waiting offer just delivered is the newest row with its text.
  const kept: VoidThought[] = []
  for (const thought of [...fresh].reverse()) {
    if (exclude.reported.has(thought.id)) continue
    const left = waiting.get(thought.text.trim()) ?? 0
    if (left > 0) {
      waiting.set(thought.text.trim(), left - 1)
      continue
    }
    kept.push(thought)
  }
  return kept.reverse()
}
