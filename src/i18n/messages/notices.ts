/** The app-wide notices: offline, a new version, installing, and the toasts' region. */
export const NOTICE_MESSAGES = {
  'offline.line': "You're offline — your words are safe here",
  'offline.waiting': { one: ' · {n} offer waiting', other: ' · {n} offers waiting' },
  'update.ready': 'A new version is ready',
  'update.deferred': 'A new version is ready. It will load once your words are dealt with.',
  'update.reload': 'Reload',
  'update.region': 'Update',
  'install.button': 'Install',
  'install.hint': 'To install Unburden, choose Add to Home Screen from the Share menu.',
  'install.dismiss': 'Dismiss the install hint',
  'toasts.region': 'Notifications',
  'toasts.dismiss': 'Dismiss',
  // The language switcher's label.
  'language.label': 'Language',
} as const
