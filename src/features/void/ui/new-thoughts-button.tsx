/**
 * The calm "N new thoughts" button above the wall (docs/product.md, decision 16). It sits in a row
 * that always keeps its height, so its coming changes no layout: nothing moves until the reader
 * presses it.
 * Pressing shows the new cards at the top of the wall and moves focus to the first of them. The row
 * is a polite live region, so the button's coming and its count are announced without interrupting.
 */
import { flushSync } from 'react-dom'
import { newThoughtsLabel } from '../model/thoughts-to-reveal'
import { useVoidFeedStore } from '../model/void-feed-store'
import { useNewThoughts } from './use-new-thoughts'

/** The live region with the button, when there is something new. */
export function NewThoughtsButton() {
  const fresh = useNewThoughts()
  const reveal = () => {
    const newest = fresh.at(-1)
    flushSync(() => useVoidFeedStore.getState().revealVoidThoughts(fresh))
    const card = newest && document.querySelector<HTMLElement>(`[data-thought-id="${newest.id}"]`)
    if (!card) return
    card.tabIndex = -1
    card.focus()
  }
  return (
    <div className="void__live" aria-live="polite">
      {fresh.length > 0 && (
        <button type="button" className="button void__live-button" onClick={reveal}>
          {newThoughtsLabel(fresh.length)}
        </button>
      )}
    </div>
  )
}
