/**
 * The one place that words what became of an offer: the writer's outcome messages, Return to
 * Yourself's toasts and the toasts of an offer handed back. Word for word from SPEC.md 4, 5 (and
 * PRODUCT.md for "held" and the hand-backs): change them here or nowhere.
 */
import type { OfferOrigin, QueuedOffer } from '../core/offer'

/**
 * What became of an offer made now:
 * - `offered`: on the wall;
 * - `held`: safely queued for later;
 * - `refused`: the backend said no for good (4xx);
 * - `unsaved`: it could neither be sent nor stored (e.g. storage is full): the caller keeps the text.
 */
export type OfferOutcome = 'offered' | 'held' | 'refused' | 'unsaved'

/** Offers `text` (trimmed) to The Void, sent now or held; never throws. */
export type OfferToVoid = (
  text: string,
  origin: OfferOrigin,
  entry?: QueuedOffer['entry'],
) => Promise<OfferOutcome>

/** A toast's words (the store's `showToast` takes them). */
export interface ToastWords {
  title: string
  description?: string
  variant?: 'default' | 'destructive'
}

/** The writer's outcome messages, word for word. */
export const OUTCOME_MESSAGES = {
  letGo: 'Gone. But it mattered.',
  saved: 'Saved. This stays with you.',
  offered: 'Offered to The Void.',
  held: "Held for The Void. It will be offered when you're back online.",
  failed: 'Something went wrong. Try again.',
} as const

/** The writer's full-screen message after an offer. */
export function writerOfferMessage(outcome: OfferOutcome): string {
  if (outcome === 'offered') return OUTCOME_MESSAGES.offered
  if (outcome === 'held') return OUTCOME_MESSAGES.held
  return OUTCOME_MESSAGES.failed
}

/** Return to Yourself's confirmation texts and toasts, word for word (SPEC.md 4, 5). */
export const SANCTUARY_TEXTS = {
  publishTitle: 'Publish to The Void?',
  publishDescription:
    'This will publish your thought anonymously to The Void for everyone to read. Once published, you cannot delete it later. Are you ready to share this with the world?',
  deleteTitle: 'Let this thought go?',
  deleteDescription: 'This will permanently delete your thought. It cannot be recovered.',
  publishedTitle: 'Your courage matters',
  publishedDescription:
    'Thank you for sharing something so personal with the world. Your words may touch someone who needs to hear them.',
  heldTitle: 'Held for The Void.',
  heldDescription: "It will be offered when you're back online.",
  failedTitle: 'Unable to publish',
  failedDescription: 'There was an error publishing your thought. Please try again.',
} as const

/** Return to Yourself's toast after publishing an entry. */
export function sanctuaryOfferToast(outcome: OfferOutcome): ToastWords {
  if (outcome === 'offered')
    return {
      title: SANCTUARY_TEXTS.publishedTitle,
      description: SANCTUARY_TEXTS.publishedDescription,
    }
  if (outcome === 'held')
    return { title: SANCTUARY_TEXTS.heldTitle, description: SANCTUARY_TEXTS.heldDescription }
  return {
    title: SANCTUARY_TEXTS.failedTitle,
    description: SANCTUARY_TEXTS.failedDescription,
    variant: 'destructive',
  }
}

/** The toast when a queued offer's words go back to the private entries. */
export function handBackToast(reason: 'refused' | 'expired' | 'withdrawn'): ToastWords {
  if (reason === 'withdrawn')
    return { title: 'Kept private', description: 'Your words are back in Return to Yourself.' }
  return {
    title: 'The Void could not take these words',
    description: 'They are back in Return to Yourself, safe in your browser.',
    variant: 'destructive',
  }
}
