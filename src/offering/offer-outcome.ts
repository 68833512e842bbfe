/**
 * The one place that words what became of an offer: the writer's outcome messages, Return to
 * Yourself's toasts and the toasts of an offer handed back. Word for word from docs/product.md,
 * specification 4, 5 (and decisions 4 and 5 for "held" and the hand-backs); the words themselves are
 * in src/i18n/messages/choice.ts.
 */
import type { OfferOrigin, QueuedOffer } from './shared/offer'
import { translator } from '../i18n/i18n'
import { CHOICE_MESSAGES } from '../i18n/messages/choice'

const t = translator(CHOICE_MESSAGES)

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

/**
 * The writer's outcome messages (English word for word from docs/product.md's specification), in the
 * app's language.
 */
export const outcomeMessage = (
  outcome: 'letGo' | 'saved' | 'offered' | 'held' | 'failed',
): string => t(`outcome.${outcome}`)

/** The writer's full-screen message after an offer. */
export function writerOfferMessage(outcome: OfferOutcome): string {
  if (outcome === 'offered') return outcomeMessage('offered')
  if (outcome === 'held') return outcomeMessage('held')
  return outcomeMessage('failed')
}

/**
 * Return to Yourself's confirmation texts (docs/product.md, specification 4, 5),
 * in the app's language.
 */
export const privateEntryConfirmation = (kind: 'publish' | 'delete') => ({
  title: t(kind === 'publish' ? 'privateEntries.publishTitle' : 'privateEntries.deleteTitle'),
  description: t(kind === 'publish' ? 'privateEntries.publishText' : 'privateEntries.deleteText'),
})

/** Return to Yourself's toast after publishing an entry. */
export function privateEntryOfferToast(outcome: OfferOutcome): ToastWords {
  if (outcome === 'offered')
    return {
      title: t('privateEntries.publishedTitle'),
      description: t('privateEntries.publishedText'),
    }
  if (outcome === 'held')
    return { title: t('privateEntries.heldTitle'), description: t('privateEntries.heldText') }
  return {
    title: t('privateEntries.failedTitle'),
    description: t('privateEntries.failedText'),
    variant: 'destructive',
  }
}

/** The toast when a queued offer's words go back to the private entries. */
export function handBackToast(reason: 'refused' | 'expired' | 'withdrawn'): ToastWords {
  if (reason === 'withdrawn')
    return { title: t('handBack.keptTitle'), description: t('handBack.keptText') }
  return {
    title: t('handBack.refusedTitle'),
    description: t('handBack.refusedText'),
    variant: 'destructive',
  }
}
