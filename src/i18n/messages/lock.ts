/**
 * What the lock says when an unlock finds the stored data changed or damaged, in its own area so
 * these words travel only with the lock (Return to Yourself's other English is on the first paint).
 * Calm and exact: the reader may be frightened by what it means that someone touched their phone.
 */
export const LOCK_MESSAGES = {
  // The public key that thoughts saved while locked are sealed to was replaced by someone.
  'lockProblem.keyChanged':
    'Someone changed your lock’s key on this device. Thoughts saved while your entries were locked since then may have been readable to them. The key has been put right.',
  // A thought saved while locked was not stored, because the stored key is not the one the app
  // trusts (the writer keeps the words).
  'lockProblem.sealRefused':
    'Your lock’s key on this device was changed, so Unburden did not store your new thought with it. Unlock your entries to put the key right; nothing else was changed.',
  'lockProblem.damaged': {
    one: '{n} saved item is damaged and cannot be read. It is kept as it is; everything else is here.',
    other:
      '{n} saved items are damaged and cannot be read. They are kept as they are; everything else is here.',
  },
  'lockProblem.missing': {
    one: '{n} saved item is missing: it was removed from this browser’s storage outside Unburden.',
    other:
      '{n} saved items are missing: they were removed from this browser’s storage outside Unburden.',
  },
  'lockProblem.listDamaged':
    'The list of your entries is damaged, so Unburden cannot tell whether any are missing. Everything that could be read is here.',
  // The vault this tab knew was removed without the app (no plain list in its place): a thought
  // saved then is not written in plain text. The writer keeps the words.
  'lockProblem.vaultMissing':
    'Your locked entries are no longer in this browser’s storage: they were removed without going through Unburden. So your new thought was not stored in plain text, where it could be read.',
  // Entries found in plain beside the vault and sealed in: an interrupted lock, or words written
  // while someone had taken the vault away.
  'lockProblem.foundUnlocked': {
    one: '{n} entry was found stored without the lock beside your locked ones (left by an interrupted lock, or written while the lock was missing). It may have been readable; it is locked now.',
    other:
      '{n} entries were found stored without the lock beside your locked ones (left by an interrupted lock, or written while the lock was missing). They may have been readable; they are locked now.',
  },
  // Under the lock's offer while nothing was ever saved privately here.
  'lockFirst.note':
    'Lock them now, before your first private thought, and nothing you save is ever written readable, not even in the browser’s own files.',
} as const
