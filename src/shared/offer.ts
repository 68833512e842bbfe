/**
 * An offer to The Void and how an answer to it is judged. The queue's policy
 * (src/shared/offer-queue-policy.ts) builds on these; the writer uses `classifyOfferAnswer` to decide
 * between "offered", "held" and "refused".
 */

/** Where an offer came from. */
export type OfferOrigin = 'writer' | 'sanctuary'

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
   * Set by the service worker when the backend refused the offer for good while no page was open:
   * the next page to start hands its text back to the private entries.
   */
  refusedStatus?: number
}

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

/** The verdict on an answer. */
export type OfferVerdict = 'delivered' | 'retry' | 'refused'

/** 2xx and 409 (the row is already there) deliver; network trouble, timeouts, 408, 429 and 5xx retry; any other 4xx refuses. */
export function classifyOfferAnswer(answer: OfferAnswer): OfferVerdict {
  if (answer.kind !== 'status') return 'retry'
  const { status } = answer
  if ((status >= 200 && status < 300) || status === 409) return 'delivered'
  if (status === 408 || status === 425 || status === 429 || status >= 500) return 'retry'
  if (status >= 400) return 'refused'
  return 'retry'
}
