/**
 * What happens to an offer on its way to The Void, as the delivery code reports it: the one observer
 * hook (`onEvent`) of the page's queue and of the policy's attempt and flush (page and worker).
 * Delivery knows nothing of who listens;
 * the network lab subscribes to keep each offer's journey (src/offering/shared/offer-journey.ts).
 */
import type { OfferAnswer, OfferVerdict, QueuedOffer, RefusalReason } from './offer'

/** Who sent a try: a page's queue or the service worker's Background Sync. */
export type TryActor = 'page' | 'worker'

/**
 * Why a try was made: the writer's own first send (`offer`), the queue's triggers (start, online,
 * visible, backoff, a newly held offer, a message from the worker, the lab's Try now, a manual
 * request) or the worker's Background Sync.
 */
export type TryReason =
  | 'offer'
  | 'start'
  | 'online'
  | 'visible'
  | 'backoff'
  | 'held'
  | 'message'
  | 'try-now'
  | 'manual'
  | 'background-sync'

/** One thing that happened to an offer; `at` is ms since the epoch. */
export type OfferEvent =
  /** Stored in the queue; `retryInMs` when the Void asked for a pause before the first try. */
  | { type: 'held'; at: number; retryInMs?: number }
  /** A delivery attempt started (`attempt` counts from 1). */
  | { type: 'try'; at: number; by: TryActor; why: TryReason; attempt: number }
  /** What the attempt came back with, after `ms`; `nextTryInMs` when the queue will try again. */
  | {
      type: 'answer'
      at: number
      by: TryActor
      answer: OfferAnswer
      ms: number
      verdict: OfferVerdict
      nextTryInMs?: number
    }
  | { type: 'delivered'; at: number; by: TryActor }
  /** Not sent again: OFFER_MAX_AGE_MS after its first attempt. */
  | { type: 'given-up'; at: number; by: TryActor }
  /** Its words went back to the private entries. */
  | { type: 'handed-back'; at: number; reason: RefusalReason }
  | { type: 'withdrawn'; at: number }

/** Hears each event; what it returns is not awaited. */
export type OfferEventListener = (offer: QueuedOffer, event: OfferEvent) => unknown

/**
 * Tells `listener` about `event` without ever standing in delivery's way: nothing is awaited, and a
 * listener that throws or rejects only leaves a warning.
 */
export function emitOfferEvent(
  listener: OfferEventListener | undefined,
  offer: QueuedOffer,
  event: OfferEvent,
): void {
  if (!listener) return
  const warn = (error: unknown) => console.warn('An offer journey event was not recorded', error)
  try {
    const result = listener(offer, event)
    if (result instanceof Promise) result.catch(warn)
  } catch (error) {
    warn(error)
  }
}
