/**
 * One item of the queue in the lab: a short preview of its words (blurred until the tester reveals
 * them), its age, tries, last answer and next try, Withdraw, and its journey. A report is shown as a
 * report: it has no words.
 */
import { useId, useState } from 'react'
import type { QueuedOffer } from '../../offering/shared/offer'
import type { OfferJourney } from '../../offering/shared/offer-journey'
import { JourneyTimeline } from './journey-timeline'
import { describeAnswer, formatAgo, formatClock, formatDuration, lastAnswer } from './lab-words'

/** How long the preview is, in characters. */
const PREVIEW_LENGTH = 40

interface HeldOfferProps {
  offer: QueuedOffer
  journey: OfferJourney | undefined
  /** When the next try comes, in words. */
  nextTry: string
  now: number
  onWithdraw: (offer: QueuedOffer) => void
  busy: boolean
}

/** A held offer or report. */
export function HeldOffer({ offer, journey, nextTry, now, onWithdraw, busy }: HeldOfferProps) {
  const [revealed, setRevealed] = useState(false)
  const previewId = useId()
  const answer = lastAnswer(journey)
  const preview =
    offer.text.length > PREVIEW_LENGTH ? `${offer.text.slice(0, PREVIEW_LENGTH)}…` : offer.text
  const title = offer.report ? `Report of thought #${offer.report.thoughtId}` : 'Offer'
  return (
    <li className="lab-offer">
      <div className="lab-offer__head">
        <strong>{title}</strong>
        {offer.refusedStatus !== undefined && (
          <span className="lab-offer__flag">
            set aside by the service worker ({offer.refusedReason ?? 'refused'},{' '}
            {offer.refusedStatus || 'no answer'})
          </span>
        )}
      </div>
      {!offer.report && (
        <div className="lab-offer__words">
          {revealed ? (
            <span id={previewId} className="lab-offer__preview">
              {preview}
            </span>
          ) : (
            <span id={previewId} className="lab-offer__preview lab-offer__preview--hidden">
              <span aria-hidden="true">{preview}</span>
              <span className="visually-hidden">Words hidden</span>
            </span>
          )}
          <button
            type="button"
            className="lab-button lab-button--small"
            aria-pressed={revealed}
            aria-controls={previewId}
            onClick={() => setRevealed(!revealed)}
          >
            Show words
          </button>
        </div>
      )}
      <dl className="lab-facts">
        <dt>Age</dt>
        <dd>{formatAgo(offer.queuedAt, now)}</dd>
        <dt>Tries</dt>
        <dd>{offer.attempts}</dd>
        <dt>Last answer</dt>
        <dd>
          {answer
            ? `${describeAnswer(answer.answer)} at ${formatClock(answer.at)} (${formatDuration(answer.ms)})`
            : 'none yet'}
        </dd>
        <dt>Next try</dt>
        <dd>{nextTry}</dd>
      </dl>
      {!offer.report && (
        <button
          type="button"
          className="lab-button"
          onClick={() => busy || onWithdraw(offer)}
          aria-disabled={busy}
        >
          Withdraw
        </button>
      )}
      {journey && (
        <details className="lab-journey">
          <summary>Journey ({journey.events.length} events)</summary>
          <JourneyTimeline journey={journey} />
        </details>
      )}
    </li>
  )
}
