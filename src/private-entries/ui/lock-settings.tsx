/**
 * Return to Yourself's lock (docs/product.md, decision 20): "Lock my entries" when it is off; "Lock now", when to
 * lock again, "Change the passphrase" and "Remove the lock" when the entries are open.
 */
import { useState } from 'react'
import { downloadPrivateEntriesCopy } from '../plain-storage'
import type { LockCommands, PrivateEntriesLock } from '../storage-contract'
import { useAppStore } from '../../store'
import { translator } from '../../i18n/i18n'
import { LOCK_MESSAGES } from '../../i18n/messages/lock'
import { ENTRIES_KEY } from '../private-entry'
import { MIN_PASSPHRASE, lockFailure, t } from './lock-words'
import { PassphraseDialog } from './passphrase-dialog'
import type { PassphraseEstimator } from '../lock/passphrase-estimator'
import { strengthProblem } from '../lock/passphrase-policy'
import { useEstimator } from './estimator-context'
import { LOCK_AFTER_CHOICES } from '../lock/vault-store'

type Open = 'turn-on' | 'change' | 'remove' | null

const tLock = translator(LOCK_MESSAGES)

/**
 * Whether no private entry was ever written here: then the lock turned on now keeps every entry out
 * of the browser's files, where one saved before locking can linger (docs/privacy.md, "On the disk").
 */
function neverWritten(): boolean {
  try {
    return localStorage.getItem(ENTRIES_KEY) === null
  } catch {
    return false
  }
}

/**
 * Checks a new passphrase typed twice; '' when it will do: long enough, not a leaked password, and
 * more than one graphics card guesses in a day (passphrase-policy.ts).
 */
export async function newPassphraseProblem(
  passphrase: string,
  again: string,
  estimator: PassphraseEstimator,
): Promise<string> {
  if ([...passphrase].length < MIN_PASSPHRASE) return t('lock.tooShort', { min: MIN_PASSPHRASE })
  const weak = await strengthProblem(passphrase, estimator)
  if (weak) return weak
  if (passphrase !== again) return t('lock.different')
  return ''
}

/** The lock's section of Return to Yourself. */
export function LockSettings({
  lock,
  commands,
}: {
  lock: PrivateEntriesLock
  commands: LockCommands
}) {
  // How many, for "Download a copy first"; the entries themselves are read only when it is pressed,
  // so no handler here (the select's is kept by the browser with the page's form state) holds them.
  const count = useAppStore((s) => s.privateEntries.length)
  const [open, setOpen] = useState<Open>(null)
  const [minutes, setMinutes] = useState(commands.lockAfterMinutes)
  const estimator = useEstimator()
  const close = () => setOpen(null)
  if (lock === 'locked' || lock === 'unreadable') return null

  return (
    <section className="private-entries__keep private-entries__lock" aria-labelledby="lock-heading">
      <h2 id="lock-heading" className="private-entries__keep-title">
        {t('lock.title')}
      </h2>
      {lock === 'off' ? (
        <>
          <p className="quiet">{t('lock.offText')}</p>
          {neverWritten() && <p className="quiet">{tLock('lockFirst.note')}</p>}
          <div className="private-entries__keep-actions">
            <button type="button" className="button" onClick={() => setOpen('turn-on')}>
              {t('lock.turnOn')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="quiet">{t('lock.onText')}</p>
          <div className="private-entries__keep-actions">
            <button type="button" className="button button--primary" onClick={commands.lockNow}>
              {t('lock.now')}
            </button>
            <button type="button" className="button" onClick={() => setOpen('change')}>
              {t('lock.change')}
            </button>
            <button type="button" className="button" onClick={() => setOpen('remove')}>
              {t('lock.remove')}
            </button>
          </div>
          <p className="lock-after">
            <label htmlFor="lock-after">{t('lock.after')}</label>{' '}
            <select
              id="lock-after"
              value={minutes}
              onChange={(event) => {
                const value = Number(event.currentTarget.value)
                commands.setLockAfterMinutes(value)
                setMinutes(value)
              }}
            >
              {LOCK_AFTER_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {t('lock.minutes', { n: choice })}
                </option>
              ))}
            </select>
          </p>
        </>
      )}
      {open === 'turn-on' && (
        <PassphraseDialog
          title={t('lock.turnOn')}
          description={`${t('lock.chooseText')} ${t('lock.forgotten')}`}
          fields={[
            { label: t('lock.passphrase'), autoComplete: 'new-password', strength: true },
            { label: t('lock.again'), autoComplete: 'new-password' },
          ]}
          submitLabel={t('lock.turnOn')}
          busyLabel={t('lock.locking')}
          onCancel={close}
          onDone={() => {
            close()
            useAppStore.getState().showToast({
              title: t('lock.lockedHeading'),
              description: t('lock.lockedToastText'),
            })
          }}
          onSubmit={async ([passphrase = '', again = '']) => {
            const problem = await newPassphraseProblem(passphrase, again, estimator)
            return problem || lockFailure(await commands.turnLockOn(passphrase))
          }}
        >
          <p className="quiet lock-dialog__copy">
            {t('lock.copyFirst')}{' '}
            <button
              type="button"
              className="button"
              disabled={count === 0}
              onClick={() => downloadPrivateEntriesCopy(useAppStore.getState().privateEntries)}
            >
              {t('lock.copyFirstButton')}
            </button>
          </p>
        </PassphraseDialog>
      )}
      {open === 'change' && (
        <PassphraseDialog
          title={t('lock.change')}
          description={t('lock.forgotten')}
          fields={[
            { label: t('lock.current'), autoComplete: 'current-password' },
            { label: t('lock.new'), autoComplete: 'new-password', strength: true },
            { label: t('lock.newAgain'), autoComplete: 'new-password' },
          ]}
          submitLabel={t('lock.change')}
          busyLabel={t('lock.changing')}
          onCancel={close}
          onDone={() => {
            close()
            useAppStore.getState().showToast({ title: t('lock.changed') })
          }}
          onSubmit={async ([current = '', next = '', again = '']) => {
            const problem = await newPassphraseProblem(next, again, estimator)
            return problem || lockFailure(await commands.changePassphrase(current, next))
          }}
        />
      )}
      {open === 'remove' && (
        <PassphraseDialog
          title={t('lock.remove')}
          description={t('lock.removeText')}
          fields={[{ label: t('lock.passphrase'), autoComplete: 'current-password' }]}
          submitLabel={t('lock.remove')}
          busyLabel={t('lock.removing')}
          destructive
          onCancel={close}
          onDone={close}
          onSubmit={async ([passphrase = '']) => lockFailure(await commands.removeLock(passphrase))}
        />
      )}
    </section>
  )
}
