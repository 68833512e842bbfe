/**
 * The choice after Ready and what became of a thought: the writer's dialog and full-screen
 * messages, Return to Yourself's confirmations and toasts, and an offer handed back. The
 * specification's words in English (docs/product.md, specification 2). Notes for translators are the comments.
 */
export const CHOICE_MESSAGES = {
  // The choice dialog carries the most weight after the heading: three gentle doors, none better.
  'choice.title': 'What would you like to do with these words?',
  'choice.letGo': 'Let it go',
  // Said to someone who just let a thought go: it was real, it is gone.
  'choice.letGoSub': 'Gone. But it mattered.',
  'choice.save': 'Save it, privately',
  'choice.saveSub': 'This stays with you.',
  'choice.offer': 'Offer it to The Void',
  'choice.offerSub': 'Share anonymously with others.',
  'choice.cancel': 'Cancel',
  'choice.saving': 'Saving…',
  'choice.offering': 'Offering to The Void…',
  'choice.notSavedTitle': 'Not saved',
  'choice.notSavedText':
    'Your browser would not store this (its storage may be full or turned off). Your words are still here.',
  // The full-screen messages after each choice, shown for 3 seconds.
  'outcome.letGo': 'Gone. But it mattered.',
  'outcome.saved': 'Saved. This stays with you.',
  'outcome.offered': 'Offered to The Void.',
  'outcome.held': "Held for The Void. It will be offered when you're back online.",
  'outcome.failed': 'Something went wrong. Try again.',
  'privateEntries.publishTitle': 'Publish to The Void?',
  // Honest and plain: once published, it cannot be taken back.
  'privateEntries.publishText':
    'This will publish your thought anonymously to The Void for everyone to read. Once published, you cannot delete it later. Are you ready to share this with the world?',
  'privateEntries.deleteTitle': 'Let this thought go?',
  'privateEntries.deleteText': 'This will permanently delete your thought. It cannot be recovered.',
  'privateEntries.publishedTitle': 'Your courage matters',
  'privateEntries.publishedText':
    'Thank you for sharing something so personal with the world. Your words may touch someone who needs to hear them.',
  'privateEntries.heldTitle': 'Held for The Void.',
  'privateEntries.heldText': "It will be offered when you're back online.",
  'privateEntries.failedTitle': 'Unable to publish',
  'privateEntries.failedText': 'There was an error publishing your thought. Please try again.',
  'handBack.keptTitle': 'Kept private',
  'handBack.keptText': 'Your words are back in Return to Yourself.',
  'handBack.refusedTitle': 'The Void could not take these words',
  'handBack.refusedText': 'They are back in Return to Yourself, safe in your browser.',
} as const
