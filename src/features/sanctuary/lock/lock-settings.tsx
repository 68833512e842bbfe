/**
 * Return to Yourself's lock (PRODUCT.md 20): "Lock my entries" when it is off; "Lock now", when to
 * lock again, "Change the passphrase" and "Remove the lock" when the entries are open.
 */
import { useState } from 'react'
import { downloadSanctuaryCopy } from '../../../lib/sanctuary-storage'
import type { SanctuaryEntry } from '../../../shared/sanctuary-entries'
import type { SanctuaryLock } from '../../../shared/sanctuary-storage'
import { useAppStore } from '../../../store'
import { LOCK_WORDS, MIN_PASSPHRASE, lockFailure } from './lock-words'
import { PassphraseDialog } from './passphrase-dialog'
import {
  LOCK_AFTER_CHOICES,
  changePassphrase,
  lockAfterMinutes,
  lockNow,
  removeLock,
  setLockAfterMinutes,
  turnLockOn,
} from './sanctuary-lock'

type Open = 'turn-on' | 'change' | 'remove' | null

/** Checks a new passphrase typed twice; '' when it will do. */
export function newPassphraseProblem(passphrase: string, again: string): string {
  if ([...passphrase].length < MIN_PASSPHRASE) return LOCK_WORDS.tooShort
  if (passphrase !== again) return LOCK_WORDS.different
  return ''
}

/** The lock's section of Return to Yourself. */
export function LockSettings({
  lock,
  entries,
}: {
  lock: SanctuaryLock
  entries: SanctuaryEntry[]
}) {
  const [open, setOpen] = useState<Open>(null)
  const [minutes, setMinutes] = useState(lockAfterMinutes)
  const close = () => setOpen(null)
  if (lock === 'locked' || lock === 'unreadable') return null

  return (
    <section className="sanctuary__keep sanctuary__lock" aria-labelledby="lock-heading">
      <h2 id="lock-heading" className="sanctuary__keep-title">
        Lock
      </h2>
      {lock === 'off' ? (
        <>
          <p className="quiet">
            A passphrase can lock your private entries, so only you can read them on this device.
          </p>
          <div className="sanctuary__keep-actions">
            <button type="button" className="button" onClick={() => setOpen('turn-on')}>
              Lock my entries
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="quiet">
            Your entries are locked with your passphrase and open in this browser for now.
          </p>
          <div className="sanctuary__keep-actions">
            <button type="button" className="button button--primary" onClick={lockNow}>
              Lock now
            </button>
            <button type="button" className="button" onClick={() => setOpen('change')}>
              Change the passphrase
            </button>
            <button type="button" className="button" onClick={() => setOpen('remove')}>
              Remove the lock
            </button>
          </div>
          <p className="lock-after">
            <label htmlFor="lock-after">Lock again after the app is hidden for</label>{' '}
            <select
              id="lock-after"
              value={minutes}
              onChange={(event) => {
                const value = Number(event.currentTarget.value)
                setLockAfterMinutes(value)
                setMinutes(value)
              }}
            >
              {LOCK_AFTER_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {choice} {choice === 1 ? 'minute' : 'minutes'}
                </option>
              ))}
            </select>
          </p>
        </>
      )}
      {open === 'turn-on' && (
        <PassphraseDialog
          title="Lock my entries"
          description={`Choose a passphrase to lock them with. ${LOCK_WORDS.forgotten}`}
          fields={[
            { label: 'Passphrase', autoComplete: 'new-password' },
            { label: 'The same passphrase again', autoComplete: 'new-password' },
          ]}
          submitLabel="Lock my entries"
          busyLabel="Locking…"
          onCancel={close}
          onDone={() => {
            close()
            useAppStore.getState().showToast({
              title: 'Your entries are locked',
              description: 'Only your passphrase opens them. New thoughts can still be saved.',
            })
          }}
          onSubmit={async ([passphrase = '', again = '']) => {
            const problem = newPassphraseProblem(passphrase, again)
            return problem || lockFailure(await turnLockOn(passphrase))
          }}
        >
          <p className="quiet lock-dialog__copy">
            You may want a copy first.{' '}
            <button
              type="button"
              className="button"
              disabled={entries.length === 0}
              onClick={() => downloadSanctuaryCopy(entries)}
            >
              Download a copy first
            </button>
          </p>
        </PassphraseDialog>
      )}
      {open === 'change' && (
        <PassphraseDialog
          title="Change the passphrase"
          description={LOCK_WORDS.forgotten}
          fields={[
            { label: 'Current passphrase', autoComplete: 'current-password' },
            { label: 'New passphrase', autoComplete: 'new-password' },
            { label: 'The new passphrase again', autoComplete: 'new-password' },
          ]}
          submitLabel="Change the passphrase"
          busyLabel="Changing…"
          onCancel={close}
          onDone={() => {
            close()
            useAppStore.getState().showToast({ title: 'The passphrase is changed' })
          }}
          onSubmit={async ([current = '', next = '', again = '']) => {
            const problem = newPassphraseProblem(next, again)
            return problem || lockFailure(await changePassphrase(current, next))
          }}
        />
      )}
      {open === 'remove' && (
        <PassphraseDialog
          title="Remove the lock"
          description="Your entries will be kept in this browser as plain text again."
          fields={[{ label: 'Passphrase', autoComplete: 'current-password' }]}
          submitLabel="Remove the lock"
          busyLabel="Removing…"
          destructive
          onCancel={close}
          onDone={close}
          onSubmit={async ([passphrase = '']) => lockFailure(await removeLock(passphrase))}
        />
      )}
    </section>
  )
}
