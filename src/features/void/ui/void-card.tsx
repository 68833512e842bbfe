/**
 * One thought on the wall: its text with line breaks kept, its date, and Square, Story, Share and
 * Report. A thought reported on this device shows no card.
 */
import { memo, useRef } from 'react'
import { formatDisplayDate } from '../../../lib/display-date'
import type { VoidThought } from '../../../shared/void-rest'
import { ReportAction, useReported } from './report-action'
import { shareThought, shareThoughtImage } from './share'
import type { ShareImageKind } from './share-image'
import { translator } from '../../../i18n/i18n'
import { VOID_MESSAGES } from '../../../i18n/messages/void'

const t = translator(VOID_MESSAGES)

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
  const dateId = `void-thought-${thought.id}-date`
  // One image at a time per card: a second press while it is being made does nothing.
  const making = useRef(false)
  const reported = useReported(thought.id)
  const makeImage = (kind: ShareImageKind) => {
    if (making.current) return
    making.current = true
    void shareThoughtImage(kind, thought.text).finally(() => (making.current = false))
  }
  if (reported) return null
  return (
    <article
      className={`card void-card void-card--${entrance}`}
      data-thought-id={thought.id}
      aria-labelledby={dateId}
    >
      {/* A thought reads in its own direction, whatever the page's language. */}
      <p className="card__text" dir="auto">
        {thought.text}
      </p>
      <div className="void-card__footer">
        <time id={dateId} className="card__date" dateTime={thought.created_at}>
          {formatDisplayDate(thought.created_at)}
        </time>
        <div className="void-card__actions">
          <button type="button" className="void-card__action" onClick={() => makeImage('square')}>
            {t('card.square')}
          </button>
          <button type="button" className="void-card__action" onClick={() => makeImage('story')}>
            {t('card.story')}
          </button>
          <button
            type="button"
            className="void-card__action"
            onClick={() => void shareThought(thought.text)}
          >
            {t('card.share')}
          </button>
          <ReportAction thoughtId={thought.id} />
        </div>
      </div>
    </article>
  )
})
