/** The lock's words, in one place (the screens and the tests read them from here). */
import type { LockOutcome } from './sanctuary-lock'

export const LOCK_WORDS = {
  forgotten: 'A forgotten passphrase cannot be recovered, and neither can the entries it locks.',
  tooShort: 'Choose a passphrase of at least 8 characters.',
  different: 'The two passphrases are not the same.',
  wrong: 'That passphrase does not open your entries. Take your time and try again.',
  unreadable:
    'Your locked entries cannot be read: what is stored is damaged or incomplete. Nothing has been changed.',
  storage: 'Your browser could not store this, so nothing was changed.',
  lockedHeading: 'Your entries are locked',
  lockedNote:
    'You can still save new thoughts privately while they are locked. Only your passphrase reads them.',
} as const

/** The minimum length of a new passphrase. */
export const MIN_PASSPHRASE = 8

/** The calm sentence for a lock action that did not happen. */
export function lockFailure(outcome: LockOutcome): string {
  if (outcome.ok) return ''
  if (outcome.kind === 'wrong-passphrase') return LOCK_WORDS.wrong
  if (outcome.kind === 'unreadable') return LOCK_WORDS.unreadable
  return LOCK_WORDS.storage
}
