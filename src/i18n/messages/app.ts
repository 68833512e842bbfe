/**
 * The words of the writer's first paint: the header, the writer itself, the help link, and the
 * screens shown when something cannot be opened. English is the source; every language translates
 * these keys (./README in docs/translating.md). Notes for translators are the comments.
 */
export const APP_MESSAGES = {
  // The product's name. Keep "Unburden" unless the language's readers would not read Latin letters
  // as a name; a translation should feel like setting a weight down, not like a technical term.
  'app.name': 'Unburden',
  // The public wall's name, as a place: calm and a little mysterious, never a brand joke.
  'nav.void': 'The Void',
  // The private entries' screen: coming back to oneself, gently.
  'nav.return': 'Return to Yourself',
  'nav.back': 'Back to Unburden',
  'nav.screens': 'Screens',
  // The writer's heading: the first words a person reads on a heavy day. Warm, direct, spoken.
  'writer.heading': 'What are you carrying today?',
  'writer.label': 'Your thought',
  // Reassurance first: nothing leaves without a choice.
  'writer.placeholder': 'Type your thoughts here… No one will see them unless you choose.',
  // The live counter, e.g. "12/5000 characters".
  'writer.counter': '{n}/{max} characters',
  'writer.pasteCut': 'The paste was cut to fit the {max}-character limit.',
  'writer.limit': 'You have reached the {max}-character limit.',
  'writer.ready': 'Ready',
  // The keys of the shortcut beside Ready, as printed on the reader's keyboard ("Strg" on a German
  // one). Ctrl is the key of the systems other than Apple's, whose keyboards print Cmd (⌘) in every
  // language, so Cmd is not translated.
  'writer.keyCtrl': 'Ctrl',
  'writer.keyEnter': 'Enter',
  'writer.failed': 'Something went wrong. Try again.',
  // Said when words shared from another app have been put in the editor: where they came from.
  'writer.shared': 'The words shared from another app are here.',
  // A quiet door to the crisis lines: an invitation, never alarm.
  'help.link': 'Need someone to talk to?',
  'error.title': 'This screen could not be opened',
  'error.text': 'It may need a connection the first time. Your words are safe.',
  'error.retry': 'Try again',
  'home.return': 'Return to Home',
} as const
