/**
 * An offer to The Void and how an answer to it is judged. The queue's policy
 * (src/offering/shared/offer-queue-policy.ts) builds on these: its one attempt judges every answer,
 * the first send's too, which decides between "offered", "held" and "refused".
 */

/**
 * Where an offer came from: the writer, Return to Yourself, or a report made on The Void.
 * Return to Yourself's is still 'sanctuary', the private entries' former name in code: the value is
 * stored with each queued offer in IndexedDB, so offers already held on users' devices carry it.
 */
export type OfferOrigin = 'writer' | 'sanctuary' | 'void'

/** An offer waiting in the queue. */
export interface QueuedOffer {
  /** Client-made UUID, sent as the `Idempotency-Key` header: the server ignores a repeat. */
  clientId: string
  /** The trimmed text. */
  text: string
  /** When it was queued, ms since the epoch. */
  queuedAt: number
  /** Delivery attempts so far. */
  attempts: number
  origin: OfferOrigin
  /** For an offer published from Return to Yourself: the private entry it came from. */
  entry?: { id: number; date: string; text: string }
  /** When the last delivery attempt started, ms since the epoch. */
  lastAttemptAt?: number
  /**
   * When the queue first tried to deliver it (sent it, or stopped at a failure while it waited
   * behind), ms since the epoch: the queue gives the offer up OFFER_MAX_AGE_MS later
   * (src/offering/shared/offer-queue-policy.ts). Every send comes after it.
   */
  firstAttemptAt?: number
  /**
   * Set by the service worker when the backend refused the offer for good while no page was open:
   * the next page to start hands its text back to the private entries. 0 when no answer said so.
   */
  refusedStatus?: number
  /** Why the service worker took it out of the queue (with `refusedStatus`). */
  refusedReason?: RefusalReason
  /**
   * Set when this is a report of a thought on the wall, not an offer (`text` is then empty): it waits
   * in the same queue and is sent to void_reports; nothing is ever handed back.
   */
  report?: { thoughtId: number }
}

/** True when `item` is a report of a thought rather than an offer. */
export function isReport(item: Pick<QueuedOffer, 'report'>): boolean {
  return item.report !== undefined
}

/**
 * Why an offer leaves the queue without reaching the wall (its words go back to the private entries):
 * - `refused`: the Void said no to these words for good (400, 413, 422 …);
 * - `expired`: it could not be delivered within OFFER_MAX_AGE_MS of its first attempt (the Void kept
 *   answering with a failure, or could not be reached).
 */
export type RefusalReason = 'refused' | 'expired'

/** What one delivery attempt came back with. */
export type OfferAnswer =
  | {
      kind: 'status'
      status: number
      /** From a 429 or 503's `Retry-After`, when the server said how long to wait, in ms. */
      retryAfterMs?: number
    }
  | { kind: 'network-error' }
  | { kind: 'timeout' }

/** A `Retry-After` header's wait in ms (seconds or an HTTP date), or undefined when absent or bad. */
export function parseRetryAfter(
  value: string | null,
  now: number = Date.now(),
): number | undefined {
  if (!value) return undefined
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/** 4xx answers that concern the backend, not the offer: the queue holds the offer and tries again. */
const HELD_STATUSES = new Set([401, 403, 404, 408, 409, 425, 429])

/** The verdict on an answer. */
export type OfferVerdict = 'delivered' | 'retry' | 'refused'

/**
 * Only a 2xx delivers: the database skips a repeated offer and still answers 2xx, so any other
 * answer means nothing was stored. Network trouble, timeouts, 408, 425, 429 and 5xx retry; so do
 * 409 (a conflict the owner must fix, e.g. an id sequence that fell behind), 401 and 403 (a rotated
 * key: the next version of the app carries the new one) and 404 (a moved project): they concern
 * every offer alike, so the offers are held, never handed back all at once. Any other 4xx refuses
 * this offer for good.
 */
export function classifyOfferAnswer(answer: OfferAnswer): OfferVerdict {
  if (answer.kind !== 'status') return 'retry'
  const { status } = answer
  if (status >= 200 && status < 300) return 'delivered'
  if (HELD_STATUSES.has(status) || status >= 500) return 'retry'
  if (status >= 400) return 'refused'
  return 'retry'
}

/**
 * The verdict on a report's answer: as an offer's, except that 409 delivers. The database answers a
 * report of a thought that is no longer on the wall (deleted by the owner) with 409 `23503`: there is
 * nothing left to hide, and sending it again can never change that. (A repeat report answers 2xx.)
 */
export function classifyReportAnswer(answer: OfferAnswer): OfferVerdict {
  if (answer.kind === 'status' && answer.status === 409) return 'delivered'
  return classifyOfferAnswer(answer)
}
