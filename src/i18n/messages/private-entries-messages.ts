/** Return to Yourself's words: the list, its storage notices, copies, and the lock. */
export const PRIVATE_ENTRIES_MESSAGES = {
  'privateEntries.title': 'Return to Yourself',
  'privateEntries.emptyTitle': 'Your sanctuary is empty.',
  'privateEntries.emptyText': 'Nothing has been saved privately yet.',
  'privateEntries.returnToWriter': 'Return to Unburden',
  'privateEntries.heading': 'Your private thoughts',
  // The count line: "1 entry • Safe in your browser", "2 entries • Safe in your browser".
  'privateEntries.count': {
    one: '{n} entry • Safe in your browser',
    other: '{n} entries • Safe in your browser',
  },
  'privateEntries.addAnother': 'Add Another Thought',
  'privateEntries.publish': 'Publish to Void',
  'privateEntries.publishConfirm': 'Publish',
  'privateEntries.letGo': 'Let it go',
  'privateEntries.cancel': 'Cancel',
  'storage.unavailable':
    'This browser is not letting Unburden keep anything, so your private entries stay only while this tab is open. Download a copy to keep them.',
  'storage.full':
    'Your browser’s storage is full, so your latest changes are kept only while this tab is open. Download a copy to keep them safe.',
  'storage.backup':
    'Some of what was stored here could not be read. It has been kept aside, untouched, in this browser (under “{key}”).',
  'copy.title': 'Keep a copy',
  'copy.text':
    'Your private entries live only in this browser. A copy is a file you keep yourself.',
  'copy.persistNote':
    'This browser has not promised to keep them: it may clear them if it runs short of space.',
  'copy.download': 'Download a copy',
  'copy.downloadEncrypted': 'Download an encrypted copy',
  'copy.restore': 'Restore from a copy',
  'copy.fileLabel': 'Copy of your private entries',
  'copy.restoredTitle': 'Copy restored',
  'copy.nothingNew': 'Nothing new: every entry in this copy is already here.',
  'copy.added': { one: '{n} entry was added.', other: '{n} entries were added.' },
  'copy.notStored': ' Your browser could not store them, so they stay only while this tab is open.',
  'copy.notACopy': 'This file is not a copy of your private entries. Nothing was changed.',
  'copy.damaged': 'This copy is damaged: some of its entries cannot be read. Nothing was changed.',
  // The lock: plain, steady words; a forgotten passphrase really cannot be recovered.
  'lock.forgotten':
    'A forgotten passphrase cannot be recovered, and neither can the entries it locks.',
  'lock.forgottenCopy':
    'A forgotten passphrase cannot be recovered, and neither can the copy it locks.',
  'lock.tooShort': 'Choose a passphrase of at least {min} characters.',
  'lock.different': 'The two passphrases are not the same.',
  'lock.wrong': 'That passphrase does not open your entries. Take your time and try again.',
  'lock.unreadable':
    'Your locked entries cannot be read: what is stored is damaged or incomplete. Nothing has been changed.',
  'lock.copyUnreadable':
    'This copy cannot be read: what is stored is damaged or incomplete. Nothing has been changed.',
  'lock.storage': 'Your browser could not store this, so nothing was changed.',
  'lock.lockedHeading': 'Your entries are locked',
  'lock.lockedNote':
    'You can still save new thoughts privately while they are locked. Only your passphrase reads them.',
  'lock.passphrase': 'Passphrase',
  'lock.unlock': 'Unlock',
  'lock.unlocking': 'Unlocking…',
  'lock.title': 'Lock',
  'lock.offText':
    'A passphrase can lock your private entries, so only you can read them on this device.',
  'lock.turnOn': 'Lock my entries',
  'lock.onText': 'Your entries are locked with your passphrase and open in this browser for now.',
  'lock.now': 'Lock now',
  'lock.change': 'Change the passphrase',
  'lock.remove': 'Remove the lock',
  'lock.after': 'Lock again after the app is hidden for',
  'lock.minutes': { one: '{n} minute', other: '{n} minutes' },
  'lock.chooseText': 'Choose a passphrase to lock them with.',
  'lock.again': 'The same passphrase again',
  'lock.locking': 'Locking…',
  'lock.lockedToastText': 'Only your passphrase opens them. New thoughts can still be saved.',
  'lock.copyFirst': 'You may want a copy first.',
  'lock.copyFirstButton': 'Download a copy first',
  'lock.current': 'Current passphrase',
  'lock.new': 'New passphrase',
  'lock.newAgain': 'The new passphrase again',
  'lock.changing': 'Changing…',
  'lock.changed': 'The passphrase is changed',
  'lock.removeText': 'Your entries will be kept in this browser as plain text again.',
  'lock.removing': 'Removing…',
  'lock.copyTitle': 'Download an encrypted copy',
  'lock.copyChoose': 'Choose a passphrase for this copy: your lock’s, or another.',
  'lock.copyPassphrase': 'Passphrase for the copy',
  'lock.download': 'Download',
  'lock.encrypting': 'Encrypting…',
  'lock.restoreTitle': 'Restore an encrypted copy',
  'lock.restoreText':
    'This copy is encrypted. Its passphrase opens it; nothing is changed until it does.',
  'lock.restorePassphrase': 'Passphrase of the copy',
  'lock.restore': 'Restore',
  'lock.opening': 'Opening…',
  'lock.copyWrong': 'That passphrase does not open this copy. Take your time and try again.',
} as const
