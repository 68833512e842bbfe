/**
 * What an unlock found wrong with the stored vault, in plain words: a swapped key (someone may have
 * read what was saved while locked), a thought not sealed because of one, items damaged or removed.
 * Shown until the entries lock; the store re-renders the screen on every report of the lock module.
 */
import { translator } from '../../../shared/i18n/i18n'
import { LOCK_MESSAGES } from '../../../shared/i18n/messages/lock'
import { lockProblems } from './sanctuary-lock'

const t = translator(LOCK_MESSAGES)

/** The notices of `lockProblems()`, or nothing. */
export function LockProblems() {
  const problems = lockProblems()
  if (!problems) return null
  return (
    <>
      {problems.keyChanged && (
        <p className="sanctuary__notice" role="alert">
          {t('lockProblem.keyChanged')}
        </p>
      )}
      {problems.vaultMissing && (
        <p className="sanctuary__notice" role="alert">
          {t('lockProblem.vaultMissing')}
        </p>
      )}
      {problems.foundUnlocked > 0 && (
        <p className="sanctuary__notice" role="alert">
          {t('lockProblem.foundUnlocked', { n: problems.foundUnlocked })}
        </p>
      )}
      {problems.sealRefused && (
        <p className="sanctuary__notice" role="alert">
          {t('lockProblem.sealRefused')}
        </p>
      )}
      {problems.damaged > 0 && (
        <p className="sanctuary__notice" role="status">
          {t('lockProblem.damaged', { n: problems.damaged })}
        </p>
      )}
      {problems.missing > 0 && (
        <p className="sanctuary__notice" role="status">
          {t('lockProblem.missing', { n: problems.missing })}
        </p>
      )}
      {problems.listDamaged && (
        <p className="sanctuary__notice" role="status">
          {t('lockProblem.listDamaged')}
        </p>
      )}
    </>
  )
}
