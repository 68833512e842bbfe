/**
 * Offering a thought to The Void, from the writer or from a private entry. Sends at once when it can;
 * otherwise (offline, unreachable, slow, 5xx/429, or older offers still waiting, to keep the order)
 * the offer is held in the queue and delivered later (PRODUCT.md 4–6). The app makes one with
 * `createOfferToVoid` over its queue and the one offer sender (src/app/offer-service.ts).
 */
import { classifyOfferAnswer, type OfferAnswer, type QueuedOffer } from '../offering/shared/offer'
import {
  OFFER_RETRY_AFTER_MAX_MS,
  backoffDelayMs,
  isWaitingOffer,
} from '../offering/shared/offer-queue-policy'
import type { OfferOutcome, OfferToVoid } from '../shared/offer-outcome'
import { emitOfferEvent, type OfferEventListener } from '../offering/shared/offer-events'
import { trimThought } from '../shared/thought'
import { newClientId } from '../shared/client-id'
import type { OfferQueue } from './offer-queue'

export type { OfferToVoid }

/** What offering needs: the queue to hold in, its list, and the one sender. */
export interface OfferToVoidDeps {
  queue: Pick<OfferQueue, 'hold'>
  listOffers: () => Promise<QueuedOffer[]>
  send: (offer: QueuedOffer) => Promise<OfferAnswer>
  isOnline?: () => boolean
  now?: () => number
  /** Hears the first try and answer of an offer that ends up held (src/offering/shared/offer-events.ts). */
  onEvent?: OfferEventListener
}

/** Makes the app's `offerToVoid` over `deps`. */
export function createOfferToVoid(deps: OfferToVoidDeps): OfferToVoid {
  const now = deps.now ?? Date.now
  const isOnline = deps.isOnline ?? (() => navigator.onLine)
  let lastQueuedAt = 0
  // Now in ms, but always after the previous offer's time, so two offers in one ms keep their order.
  const nextQueueTime = (): number => (lastQueuedAt = Math.max(now(), lastQueuedAt + 1))

  return async (text, origin, entry) => {
    const offer: QueuedOffer = {
      clientId: newClientId(),
      text: trimThought(text),
      queuedAt: nextQueueTime(),
      attempts: 0,
      origin,
      ...(entry ? { entry } : {}),
    }
    const hold = async (retryInMs?: number): Promise<OfferOutcome> => {
      try {
        await deps.queue.hold(offer, retryInMs === undefined ? {} : { retryInMs })
        return 'held'
      } catch (error) {
        console.error('The offer could not be stored for later', error)
        return 'unsaved'
      }
    }
    const waiting = (await deps.listOffers().catch(() => [])).filter(isWaitingOffer)
    if (!isOnline() || waiting.length > 0) return hold()
    // The first attempt (it may store the row even if its answer is lost): if the offer is held now,
    // the queue counts its 7 days from here.
    offer.attempts = 1
    offer.firstAttemptAt = now()
    const startedAt = offer.firstAttemptAt
    const answer = await deps.send(offer)
    const verdict = classifyOfferAnswer(answer)
    if (verdict === 'delivered') return 'offered'
    if (verdict === 'refused') {
      console.error('The Void refused the offer', answer)
      return 'refused'
    }
    // Only an offer that is held is observed; its events start with this first try.
    const answeredAt = now()
    emitOfferEvent(deps.onEvent, offer, {
      type: 'try',
      at: startedAt,
      by: 'page',
      why: 'offer',
      attempt: 1,
    })
    emitOfferEvent(deps.onEvent, offer, {
      type: 'answer',
      at: answeredAt,
      by: 'page',
      answer,
      ms: answeredAt - startedAt,
      verdict,
    })
    // After a 429, or an answer that says when to come back, the queue's first try waits as it would
    // after its own failed attempt, and never less than the Void's Retry-After (within bounds).
    if (answer.kind === 'status' && (answer.status === 429 || answer.retryAfterMs !== undefined)) {
      const asked = Math.min(answer.retryAfterMs ?? 0, OFFER_RETRY_AFTER_MAX_MS)
      return hold(Math.max(backoffDelayMs(1), asked))
    }
    return hold()
  }
}
