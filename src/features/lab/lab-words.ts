/** How the network lab words what it shows: answers, journey events, ages and waits. Pure. */
import type { OfferAnswer } from '../../offering/shared/offer'
import type { JourneyEvent, OfferJourney, TryReason } from '../../offering/shared/offer-journey'

/** A duration in ms, shortly: "850 ms", "12 s", "3 min", "2 h", "4 d". */
export function formatDuration(ms: number): string {
  const abs = Math.max(0, Math.round(ms))
  if (abs < 1000) return `${abs} ms`
  if (abs < 60_000) return `${Math.round(abs / 1000)} s`
  if (abs < 3_600_000) return `${Math.round(abs / 60_000)} min`
  if (abs < 86_400_000) return `${Math.round(abs / 3_600_000)} h`
  return `${Math.round(abs / 86_400_000)} d`
}

/** "12 s ago" (or "just now"). */
export function formatAgo(at: number, now: number): string {
  return now - at < 1000 ? 'just now' : `${formatDuration(now - at)} ago`
}

/** A clock time, HH:MM:SS in the device's time zone. */
export function formatClock(at: number): string {
  return new Date(at).toLocaleTimeString([], { hour12: false })
}

/** What an answer was: "201", "503 (Retry-After 30 s)", "network error", "timeout". */
export function describeAnswer(answer: OfferAnswer): string {
  if (answer.kind === 'network-error') return 'network error'
  if (answer.kind === 'timeout') return 'timeout'
  return answer.retryAfterMs === undefined
    ? String(answer.status)
    : `${answer.status} (Retry-After ${formatDuration(answer.retryAfterMs)})`
}

const REASONS: Record<TryReason, string> = {
  offer: 'the first send',
  start: 'app start',
  online: 'back online',
  visible: 'page visible',
  backoff: 'backoff timer',
  held: 'newly held offer',
  message: 'a message from the service worker',
  'try-now': 'Try now',
  manual: 'asked',
  'background-sync': 'Background Sync',
}

/** One journey event in words (its time is shown apart). */
export function describeEvent(event: JourneyEvent): string {
  switch (event.type) {
    case 'held':
      return event.retryInMs === undefined
        ? 'Held in the queue'
        : `Held in the queue (the Void asked for ${formatDuration(event.retryInMs)})`
    case 'try':
      return `Try ${event.attempt} by the ${event.by === 'page' ? 'page' : 'service worker'} (${REASONS[event.why]})`
    case 'answer': {
      const next =
        event.nextTryInMs === undefined ? '' : `; next try in ${formatDuration(event.nextTryInMs)}`
      return `Answer: ${describeAnswer(event.answer)} after ${formatDuration(event.ms)} → ${event.verdict}${next}`
    }
    case 'delivered':
      return `Delivered (by the ${event.by === 'page' ? 'page' : 'service worker'})`
    case 'given-up':
      return 'Given up: 7 days after its first try'
    case 'handed-back':
      return `Handed back to Return to Yourself (${event.reason})`
    case 'withdrawn':
      return 'Withdrawn: back in Return to Yourself'
  }
}

/** The last answer of a journey, if any. */
export function lastAnswer(
  journey: OfferJourney | undefined,
): Extract<JourneyEvent, { type: 'answer' }> | undefined {
  return journey?.events.findLast(
    (event): event is Extract<JourneyEvent, { type: 'answer' }> => event.type === 'answer',
  )
}

/** How a journey ended, in a word, or undefined while the offer waits. */
export function journeyEnding(journey: OfferJourney): string | undefined {
  const last = journey.events.at(-1)
  if (journey.endedAt === undefined || !last) return undefined
  if (last.type === 'delivered') return 'delivered'
  if (last.type === 'withdrawn') return 'withdrawn'
  return 'handed back'
}
