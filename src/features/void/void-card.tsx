/** One thought on the wall: its text with line breaks kept, its date, and Square, Story and Share. */
import { memo } from 'react'
import { formatThoughtDate } from '../../shared/void-format'
import type { VoidThought } from '../../shared/void-rest'
import { shareThought, shareThoughtImage } from './share'

/** How a card comes in: part of the first cascade, a plain fade, or not at all (shown again). */
export type CardEntrance = 'stagger' | 'appear' | 'none'

/** A thought's card. */
export const VoidCard = memo(function VoidCard({
  thought,
  entrance,
}: {
  thought: VoidThought
  entrance: CardEntrance
}) {
  return (
    <article className={`card void-card void-card--${entrance}`} data-thought-id={thought.id}>
      <p className="card__text">{thought.text}</p>
      <div className="void-card__footer">
        <time className="card__date" dateTime={thought.created_at}>
          {formatThoughtDate(thought.created_at)}
        </time>
        <div className="void-card__actions">
          <button
            type="button"
            className="void-card__action"
            onClick={() => void shareThoughtImage('square', thought.text)}
          >
            Square
          </button>
          <button
            type="button"
            className="void-card__action"
            onClick={() => void shareThoughtImage('story', thought.text)}
          >
            Story
          </button>
          <button
            type="button"
            className="void-card__action"
            onClick={() => void shareThought(thought.text)}
          >
            Share
          </button>
        </div>
      </div>
    </article>
  )
})
