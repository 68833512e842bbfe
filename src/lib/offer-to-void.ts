/**
 * Offering a thought to The Void, from the writer or from a private entry. Sends at once when it can;
 * otherwise (offline, unreachable, slow, 5xx/429, or older offers still waiting, to keep the order)
 * the offer is held in the queue and delivered later (PRODUCT.md 4–6).
 */
import { classifyOfferAnswer, type OfferOrigin, type QueuedOffer } from '../shared/offer'
import { isWaitingOffer } from '../shared/offer-queue-policy'
import { trimThought } from '../shared/thought'
import { listOffers } from './offer-queue-store'
import { holdOffer } from './offer-queue'
import { sendOffer } from './void-api'
import { newClientId } from '../shared/client-id'

/**
 * - `offered`: on the wall;
 * - `held`: safely queued for later;
 * - `refused`: the backend said no for good (4xx);
 * - `unsaved`: it could neither be sent nor stored (e.g. storage is full): the caller keeps the text.
 */
export type OfferOutcome = 'offered' | 'held' | 'refused' | 'unsaved'

let lastQueuedAt = 0

/** Now in ms, but always after the previous offer's time, so two offers in one ms keep their order. */
function nextQueueTime(): number {
  lastQueuedAt = Math.max(Date.now(), lastQueuedAt + 1)
  return lastQueuedAt
}

/** Offers `text` (trimmed here) to The Void. Never throws. */
export async function offerToVoid(
  text: string,
  origin: OfferOrigin,
  entry?: QueuedOffer['entry'],
): Promise<OfferOutcome> {
  const offer: QueuedOffer = {
    clientId: newClientId(),
    text: trimThought(text),
    queuedAt: nextQueueTime(),
    attempts: 0,
    origin,
    ...(entry ? { entry } : {}),
  }
  const hold = async (): Promise<OfferOutcome> => {
    try {
      await holdOffer(offer)
      return 'held'
    } catch (error) {
      console.error('The offer could not be stored for later', error)
      return 'unsaved'
    }
  }
  const waiting = (await listOffers().catch(() => [])).filter(isWaitingOffer)
  if (!navigator.onLine || waiting.length > 0) return hold()
  // The first attempt (it may store the row even if its answer is lost): if the offer is held now,
  // the queue counts its 7 days from here.
  offer.attempts = 1
  offer.firstAttemptAt = Date.now()
  const answer = await sendOffer(offer)
  const verdict = classifyOfferAnswer(answer)
  if (verdict === 'delivered') return 'offered'
  if (verdict === 'refused') {
    console.error('The Void refused the offer', answer)
    return 'refused'
  }
  return hold()
}
