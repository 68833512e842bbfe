/**
 * The offer queue's policy, with no browser API: what a flush does with each answer, how long it waits
 * before trying again, and the names page and service worker agree on. Storage and sending are passed
 * in, so the page and the service worker (IndexedDB + src/offering/shared/offer-wire.ts) and the unit tests
 * (fake-indexeddb or memory + a fake server) run the very same rules.
 *
 * Delivery is at least once on the client and exactly once on the wall: every offer carries its
 * client-made UUID (sent as its request's `Idempotency-Key` header) and the server ignores a repeat
 * (answering 2xx). So an offer is removed only after a 2xx arrives; a crash between sending and
 * removing sends it again, harmlessly. The server keeps an offer's key 30 days after it first stored
 * it (supabase/migrations, offer_keys_kept_for), and the queue never sends an offer later than
 * OFFER_MAX_AGE_MS after its first attempt, so a resend always finds its key.
 */
import {
  classifyOfferAnswer,
  classifyReportAnswer,
  isReport,
  type OfferAnswer,
  type OfferVerdict,
  type QueuedOffer,
  type RefusalReason,
} from './offer'
import {
  emitOfferEvent,
  type OfferEvent,
  type OfferEventListener,
  type TryActor,
  type TryReason,
} from './offer-events'

/** The IndexedDB database and object store holding the queue (idb-keyval, one store per database). */
export const OFFER_QUEUE_DB = 'unburden-offers'
export const OFFER_QUEUE_STORE = 'offers'

/** The Web Lock held while a tab (or the service worker) flushes: one flusher at a time. */
export const OFFER_FLUSH_LOCK = 'unburden-offer-flush'

/** The Background Sync tag registered when an offer is held. */
export const OFFER_SYNC_TAG = 'unburden-offer-flush'

/** The BroadcastChannel on which tabs tell each other the queue changed. */
export const OFFER_CHANNEL = 'unburden-offers'

/**
 * How long after its first attempt an offer is still sent: 7 days. Past that it goes back to the
 * private entries (reason `expired`), so an offer that keeps failing (5xx, 409, 401 …) cannot block
 * the queue forever, and the server's idempotency keys (kept 30 days) always outlive a resend.
 */
export const OFFER_MAX_AGE_MS = 7 * 24 * 60 * 60_000

/** How long one delivery attempt may take before it counts as a timeout, in ms. */
export const OFFER_SEND_TIMEOUT_MS = 8000

/** The longest a server's Retry-After is honoured, in ms (a longer one is capped). */
export const OFFER_RETRY_AFTER_MAX_MS = 5 * 60_000

/** Backoff between attempts: doubling from `baseMs`, never above `maxMs`, with jitter. */
export const OFFER_BACKOFF = { baseMs: 1000, factor: 2, maxMs: 60_000 } as const

/** The storage key of `offer`: queue time first (zero-padded), so keys sort oldest first. */
export function offerKey(offer: Pick<QueuedOffer, 'queuedAt' | 'clientId'>): string {
  return `${String(offer.queuedAt).padStart(15, '0')}:${offer.clientId}`
}

/**
 * How long to wait after the `attempts`-th failed attempt: the ceiling doubles each time
 * (1 s, 2 s, 4 s … up to 60 s) and the wait is drawn between half the ceiling and the ceiling
 * ("equal jitter"), so tabs and devices that failed together do not retry together.
 */
export function backoffDelayMs(attempts: number, random: () => number = Math.random): number {
  const { baseMs, factor, maxMs } = OFFER_BACKOFF
  const ceiling = Math.min(maxMs, baseMs * factor ** Math.max(0, attempts - 1))
  const r = Math.min(1, Math.max(0, random()))
  return Math.round(ceiling / 2 + (ceiling / 2) * r)
}

/**
 * Where the queue lives. `list` is oldest first; `put` replaces only offers still stored; each call
 * is one transaction.
 */
export interface OfferQueueStorage {
  list(): Promise<QueuedOffer[]>
  put(offers: QueuedOffer[]): Promise<void>
  remove(offers: QueuedOffer[]): Promise<void>
}

/** What a flush needs from its host. */
export interface FlushDeps {
  storage: OfferQueueStorage
  /**
   * One delivery attempt for `offer`, one request; a thrown error counts as a network error. One
   * offer a request, because its id travels as the request's `Idempotency-Key` header and one
   * request carries one key (and one row for the database's write limit, which counts rows).
   */
  send: (offer: QueuedOffer) => Promise<OfferAnswer>
  /**
   * Called when an offer leaves the queue without reaching the wall: refused for good (`answer` is
   * the refusal) or given up OFFER_MAX_AGE_MS after its first attempt (`answer` null). It must take
   * the offer out of the flush's way: hand its text back and remove it (page), or store it with
   * `refusedStatus` and `refusedReason` set (service worker).
   */
  onRefused: (
    offer: QueuedOffer,
    answer: OfferAnswer | null,
    reason: RefusalReason,
  ) => Promise<void>
  now?: () => number
  random?: () => number
  /** Hears each try, answer, delivery and give-up (src/offering/shared/offer-events.ts); never awaited. */
  onEvent?: OfferEventListener
  /** Who flushes and why, as the events say it. Default: the page, `manual`. */
  by?: TryActor
  why?: TryReason
}

/** What a flush did. `retryInMs` is set when it stopped at a retryable failure. */
export interface FlushResult {
  delivered: QueuedOffer[]
  refused: QueuedOffer[]
  /** Offers still waiting to be sent (not counting refused ones awaiting hand-back). */
  waiting: number
  retryInMs: number | null
  /** The answer that stopped the flush, if any. */
  stoppedBy: OfferAnswer | null
}

/** True when `offer` still waits to be sent (not refused by a flush with no page to hand it back). */
export function isWaitingOffer(offer: QueuedOffer): boolean {
  return offer.refusedStatus === undefined
}

/**
 * True when `offer` has been sent and the queue first tried it OFFER_MAX_AGE_MS ago or more: it is
 * not sent again. An offer that only waited behind a failing one is sent once before it can expire,
 * so one offer the Void keeps refusing does not take the ones behind it down with it.
 */
export function isExpiredOffer(offer: QueuedOffer, now: number): boolean {
  return (
    offer.attempts > 0 &&
    offer.firstAttemptAt !== undefined &&
    now - offer.firstAttemptAt >= OFFER_MAX_AGE_MS
  )
}

/** What one attempt needs: the sender, the clocks, and who tries and why, for the events. */
export interface AttemptDeps {
  send: (offer: QueuedOffer) => Promise<OfferAnswer>
  now?: () => number
  random?: () => number
  onEvent?: OfferEventListener
  by: TryActor
  why: TryReason
  /** Runs with the counted attempt before it is sent (the flush stores the count there). */
  beforeSend?: (attempt: QueuedOffer) => Promise<void>
}

/** What one attempt came to. `retryInMs` is set only when the verdict is `retry`. */
export interface AttemptResult {
  /** The offer with this attempt counted (attempts, first and last attempt times). */
  attempt: QueuedOffer
  answer: OfferAnswer
  verdict: OfferVerdict
  retryInMs: number | null
  startedAt: number
}

/**
 * One delivery attempt of `offer`, the queue's one retry rule and the one place its try and answer
 * are told: the attempt is counted, sent (a thrown error counts as a network error) and judged; a
 * `retry` verdict waits the backoff for this attempt's number, and never less than the Void's
 * Retry-After (within OFFER_RETRY_AFTER_MAX_MS). Every delivery goes through here: each offer of a
 * flush (page and worker), and an offer's first send from the page's queue (src/offering/offer-queue.ts).
 */
export async function attemptOffer(offer: QueuedOffer, deps: AttemptDeps): Promise<AttemptResult> {
  const now = deps.now ?? Date.now
  const note = (event: OfferEvent): void => emitOfferEvent(deps.onEvent, attempt, event)
  const startedAt = now()
  const attempt: QueuedOffer = {
    ...offer,
    attempts: offer.attempts + 1,
    firstAttemptAt: offer.firstAttemptAt ?? startedAt,
    lastAttemptAt: startedAt,
  }
  await deps.beforeSend?.(attempt)
  note({ type: 'try', at: startedAt, by: deps.by, why: deps.why, attempt: attempt.attempts })
  const answer = await Promise.resolve()
    .then(() => deps.send(attempt))
    .catch((): OfferAnswer => ({ kind: 'network-error' }))
  const answeredAt = now()
  const verdict = isReport(attempt) ? classifyReportAnswer(answer) : classifyOfferAnswer(answer)
  let retryInMs: number | null = null
  if (verdict === 'retry') {
    // The server may say how long to wait (429 with Retry-After): never retry sooner, within bounds.
    const asked = answer.kind === 'status' ? (answer.retryAfterMs ?? 0) : 0
    retryInMs = Math.max(
      backoffDelayMs(attempt.attempts, deps.random),
      Math.min(asked, OFFER_RETRY_AFTER_MAX_MS),
    )
  }
  note({
    type: 'answer',
    at: answeredAt,
    by: deps.by,
    answer,
    ms: answeredAt - startedAt,
    verdict,
    ...(retryInMs === null ? {} : { nextTryInMs: retryInMs }),
  })
  return { attempt, answer, verdict, retryInMs, startedAt }
}

/**
 * Sends the waiting offers oldest first, one a request. A delivered offer (2xx) is removed; a refused
 * one (a 4xx about the offer itself) goes to `onRefused` and the flush goes on; the first failure that
 * concerns every offer (network error, timeout, 401/403/404/408/409/425/429, 5xx) stops the flush and
 * keeps every offer in order. An offer first tried OFFER_MAX_AGE_MS ago goes to `onRefused` as
 * `expired` instead of being sent; a failure also starts that clock for the offers waiting behind.
 * The attempt count is stored before each send, so a crash mid-send still counts the attempt.
 */
export async function flushOfferQueue(deps: FlushDeps): Promise<FlushResult> {
  const now = deps.now ?? Date.now
  const result: FlushResult = {
    delivered: [],
    refused: [],
    waiting: 0,
    retryInMs: null,
    stoppedBy: null,
  }
  const handled = new Set<string>()
  const note = (offer: QueuedOffer, event: OfferEvent): void =>
    emitOfferEvent(deps.onEvent, offer, event)
  const by = deps.by ?? 'page'
  for (;;) {
    const waiting = (await deps.storage.list()).filter(isWaitingOffer)
    const offer = waiting[0]
    // An offer seen twice means storage did not take it out of the way: stop rather than loop.
    if (!offer || handled.has(offer.clientId)) {
      result.waiting = waiting.length
      return result
    }
    if (isExpiredOffer(offer, now())) {
      handled.add(offer.clientId)
      note(offer, { type: 'given-up', at: now(), by })
      await deps.onRefused(offer, null, 'expired')
      result.refused.push(offer)
      continue
    }
    const { attempt, answer, verdict, retryInMs, startedAt } = await attemptOffer(offer, {
      ...deps,
      by,
      why: deps.why ?? 'manual',
      // The attempt count is stored before the send, so a crash mid-send still counts it.
      beforeSend: (counted) => deps.storage.put([counted]),
    })
    if (verdict === 'retry') {
      result.waiting = waiting.length
      // The offers behind it waited on this failure too: their 7 days start now, so a queue that
      // keeps failing gives each of them one try after 7 days, then hands it back: not 7 days
      // per offer.
      const behind = waiting
        .slice(1)
        .filter((other) => other.firstAttemptAt === undefined)
        .map((other) => ({ ...other, firstAttemptAt: startedAt }))
      if (behind.length > 0) await deps.storage.put(behind)
      result.retryInMs = retryInMs
      result.stoppedBy = answer
      return result
    }
    handled.add(attempt.clientId)
    if (verdict === 'delivered') {
      await deps.storage.remove([attempt])
      note(attempt, { type: 'delivered', at: now(), by })
      result.delivered.push(attempt)
    } else {
      await deps.onRefused(attempt, answer, 'refused')
      result.refused.push(attempt)
    }
  }
}
