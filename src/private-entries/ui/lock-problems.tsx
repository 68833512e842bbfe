/**
 * What an unlock found wrong with the stored vault, in plain words: a swapped key (someone may have
 * read what was saved while locked), a thought not sealed because of one, items damaged or removed.
 * Shown until the entries lock; the store re-renders the screen on every report of the lock's storage.
 */
import { translator } from '../../i18n/i18n'
import { LOCK_MESSAGES } from '../../i18n/messages/lock'
import type { LockCommands } from '../storage-contract'

const t = translator(LOCK_MESSAGES)

/** The notices of `lockProblems()`, or nothing: what may mean someone read the words is an alert. */
export function LockProblems({ lock }: { lock: LockCommands }) {
  const problems = lock.lockProblems()
  if (!problems) return null
  const notices: [shown: boolean | number, role: 'alert' | 'status', text: () => string][] = [
    [problems.keyChanged, 'alert', () => t('lockProblem.keyChanged')],
    [problems.vaultMissing, 'alert', () => t('lockProblem.vaultMissing')],
    [
      problems.foundUnlocked,
      'alert',
      () => t('lockProblem.foundUnlocked', { n: problems.foundUnlocked }),
    ],
    [problems.sealRefused, 'alert', () => t('lockProblem.sealRefused')],
    [problems.damaged, 'status', () => t('lockProblem.damaged', { n: problems.damaged })],
    [problems.missing, 'status', () => t('lockProblem.missing', { n: problems.missing })],
    [problems.listDamaged, 'status', () => t('lockProblem.listDamaged')],
  ]
  return (
    <>
      {notices.map(([shown, role, text], index) =>
        shown ? (
          <p key={index} className="private-entries__notice" role={role}>
            {text()}
          </p>
        ) : null,
      )}
    </>
  )
}
