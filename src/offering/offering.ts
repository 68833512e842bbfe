/**
 * Offering's one door: every screen that offers a thought (the writer, Return to Yourself, the lab's
 * drill), takes a waiting offer back or reports a thought on the wall calls these. They wait for the
 * app's offer service (connected after the first paint, src/offering/offer-service.ts), whose queue
 * decides between sending now and holding (src/offering/offer-queue.ts).
 */
import type { OfferOrigin, QueuedOffer } from './shared/offer'
import type { OfferOutcome } from './offer-outcome'
import { useAppStore } from '../store'

const service = () => useAppStore.getState().offerActions()

/**
 * Offers `text` (trimmed) to The Void: `offered` (on the wall), `held` (safely queued for later),
 * `refused` (the Void said no for good) or `unsaved` (neither sent nor stored). Never throws.
 */
export async function offerToVoid(
  text: string,
  origin: OfferOrigin,
  entry?: QueuedOffer['entry'],
): Promise<OfferOutcome> {
  return (await service()).offerToVoid(text, origin, entry)
}

/** Takes a waiting offer back to the private entries; `gone` when it was sent meanwhile. */
export async function withdrawOffer(offer: QueuedOffer): Promise<'withdrawn' | 'gone'> {
  return (await service()).withdrawOffer(offer)
}

/** Queues a report of the thought `thoughtId`; resolves once it is durably queued. */
export async function reportThought(thoughtId: number): Promise<void> {
  return (await service()).reportThought(thoughtId)
}
