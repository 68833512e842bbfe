/**
 * Every message of the app, by area: the English sources together, for the type every language's
 * catalogue must match and for the test that checks them. Imported by tests and (as a type) by the
 * locales only; the app imports each area where it is shown.
 */
import { APP_MESSAGES } from './messages/app'
import { CHOICE_MESSAGES } from './messages/choice'
import { HELP_MESSAGES } from './messages/help'
import { LAB_MESSAGES } from './messages/lab'
import { LOCK_MESSAGES } from './messages/lock'
import { NOT_FOUND_MESSAGES } from './messages/not-found'
import { NOTICE_MESSAGES } from './messages/notices'
import { PASSPHRASE_MESSAGES } from './messages/passphrase'
import { PRIVATE_ENTRIES_MESSAGES } from './messages/private-entries-messages'
import { VOID_MESSAGES } from './messages/void'
import type { PluralMessage } from './i18n'

/** The English source of every message. */
export const ENGLISH = {
  ...APP_MESSAGES,
  ...NOT_FOUND_MESSAGES,
  ...CHOICE_MESSAGES,
  ...VOID_MESSAGES,
  ...PRIVATE_ENTRIES_MESSAGES,
  ...LOCK_MESSAGES,
  ...HELP_MESSAGES,
  ...NOTICE_MESSAGES,
  ...LAB_MESSAGES,
  ...PASSPHRASE_MESSAGES,
}

/** What a language's catalogue holds: every key, a sentence where English has one, plural forms where English has them. */
export type Catalogue = {
  readonly [K in keyof typeof ENGLISH]: (typeof ENGLISH)[K] extends string ? string : PluralMessage
}
