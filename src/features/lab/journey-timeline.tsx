/** One offer's journey as a timeline: each event's time and what happened, oldest first. */
import type { OfferJourney } from '../../offering/shared/offer-journey'
import { describeEvent, formatClock } from './lab-words'

/** The timeline of `journey`. */
export function JourneyTimeline({ journey }: { journey: OfferJourney }) {
  return (
    <ol className="lab-timeline" aria-label="Journey">
      {journey.dropped > 0 && (
        <li className="lab-timeline__dropped">{journey.dropped} earlier events not kept</li>
      )}
      {journey.events.map((event, index) => (
        <li key={index}>
          <time dateTime={new Date(event.at).toISOString()}>{formatClock(event.at)}</time>{' '}
          {describeEvent(event)}
        </li>
      ))}
    </ol>
  )
}
