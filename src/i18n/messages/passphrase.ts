/**
 * The words beside a new passphrase while it is typed: how long one graphics card would take to
 * guess it, and why a weak one is refused (docs/privacy.md, "Passphrases"). In their own area, so
 * they travel only with the lock's dialogs (Return to Yourself's other English is on the first paint).
 * Honest and calm, never alarming: a figure, then what holds.
 */
export const PASSPHRASE_MESSAGES = {
  // Under a new passphrase's field, always shown: what makes a passphrase hard to guess.
  'passphrase.hint':
    'A few unrelated words hold best. A name, a date or a well-known phrase is guessed first.',
  // The estimate as it is typed. {time} is a duration in the app's language ("3 hours", "12 years").
  'passphrase.estimate': 'One graphics card would guess it in about {time}.',
  'passphrase.estimateInstant': 'One graphics card would guess it in under a second.',
  'passphrase.estimateCentury': 'One graphics card would need more than a century to guess it.',
  // After the estimate, when it is enough.
  'passphrase.enough': 'Strong enough.',
  // After the estimate, when it is not: less than a day is refused.
  'passphrase.weak': 'That is less than a day. Add a few unrelated words.',
  // The passphrase is one of the passwords published from leaks, which guessing starts with.
  'passphrase.leaked': 'It is on the lists of leaked passwords that are tried first.',
  // The reason shown when the dialog's button is pressed with a passphrase that is refused.
  'passphrase.refusedWeak':
    'One graphics card could guess this passphrase within a day. Add a few unrelated words.',
  'passphrase.refusedLeaked':
    'This passphrase is on the lists of leaked passwords that are tried first. Choose another.',
  // The estimator could not be started (a rare failure to load it): nothing is locked meanwhile.
  'passphrase.unavailable':
    'The passphrase could not be checked just now. Nothing has been changed. Try again in a moment.',
} as const
