/** The Void's words: the wall, its cards, sharing and reporting, and the share images' text. */
export const VOID_MESSAGES = {
  // The screen's title, in capitals in English: a name, said quietly.
  'void.title': 'THE VOID',
  'void.loading': 'Loading thoughts...',
  'void.unreachable': 'The void can’t be reached right now.',
  'void.staleNote': 'The void can’t be reached right now. Showing thoughts as fetched on {date}.',
  'void.errorText': 'Nothing is lost. Check your connection, then try again.',
  'void.retry': 'Retry',
  'void.emptyTitle': 'The void is empty.',
  'void.emptyText': 'Nothing has been shared yet.',
  'void.returnToWriter': 'Return to Unburden',
  'void.heading': 'Thoughts released into the void',
  // The count line above the wall: "1 thought • Anonymous", "2 thoughts • Anonymous".
  'void.count': { one: '{n} thought • Anonymous', other: '{n} thoughts • Anonymous' },
  // The calm button over the wall when others have written meanwhile.
  'void.newThoughts': { one: '{n} new thought', other: '{n} new thoughts' },
  'void.loadingMore': 'Loading more thoughts...',
  'void.moreFailed': 'More thoughts could not be loaded.',
  // The wall's footer: tender, about strangers who carried something too.
  'void.footer': 'These thoughts exist in the void, shared by souls who needed to release them.',
  'void.addYourVoice': 'Add Your Voice',
  'card.square': 'Square',
  'card.story': 'Story',
  'card.share': 'Share',
  'card.report': 'Report',
  'report.title': 'Report this thought?',
  'report.text':
    "If several people report it, it is hidden for everyone. This can't be undone from here.",
  'report.confirm': 'Report',
  'report.cancel': 'Cancel',
  'share.copiedTitle': 'Copied to clipboard',
  'share.copiedText': 'The thought is ready to paste wherever you like.',
  'share.failedTitle': 'Could not share',
  'share.failedText': 'This browser did not allow sharing or copying.',
  'share.imageFailedTitle': 'Could not make the image',
  'share.imageFailedText': 'Please try again.',
  // The label at the top of a share image: the wall's name, letter-spaced where the script allows.
  'image.label': 'T H E   V O I D',
  // Under a Story image's thought: an invitation to answer, kind and open.
  'image.invitation': 'What would you say back?',
  // Followed by the site's address on the next line.
  'image.writeYours': 'Write yours, anonymously, at',
  'waiting.label': 'Waiting to be offered',
  'waiting.keepPrivate': 'Keep it private',
} as const
