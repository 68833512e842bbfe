/** The lock's words, in one place (the screens and the tests read them from here), in the app's language. */
import { translator } from '../../i18n/i18n'
import { PRIVATE_ENTRIES_MESSAGES } from '../../i18n/messages/private-entries-messages'
import type { LockOutcome } from '../storage-contract'

/** The lock's translator (its words are in src/i18n/messages/private-entries-messages.ts). */
export const t = translator(PRIVATE_ENTRIES_MESSAGES)

/** The minimum length of a new passphrase. */
export const MIN_PASSPHRASE = 8

/** The calm sentence for a lock action that did not happen. */
export function lockFailure(outcome: LockOutcome): string {
  if (outcome.ok) return ''
  if (outcome.kind === 'wrong-passphrase') return t('lock.wrong')
  if (outcome.kind === 'unreadable') return t('lock.unreadable')
  return t('lock.storage')
}
