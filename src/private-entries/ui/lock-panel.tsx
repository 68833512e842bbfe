/** Return to Yourself while the entries are locked: the passphrase, and nothing of the entries. */
import { Link } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import type { LockCommands, PrivateEntriesLock } from '../storage-contract'
import { lockFailure, t } from './lock-words'

/** "Your entries are locked": a passphrase field and Unlock; or plain words when they cannot be read. */
export function LockPanel({
  lock,
  commands,
}: {
  lock: Exclude<PrivateEntriesLock, 'off' | 'unlocked'>
  commands: LockCommands
}) {
  const [passphrase, setPassphrase] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const fieldId = useId()

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy || passphrase === '') return
    setBusy(true)
    setError('')
    // The KDF runs in WebCrypto, off the page's thread: the page stays responsive meanwhile.
    const outcome = await commands.unlock(passphrase)
    setBusy(false)
    if (outcome.ok) setPassphrase('')
    else setError(lockFailure(outcome))
  }

  return (
    <section className="private-entries__locked" aria-labelledby="private-entries-heading">
      <h2 id="private-entries-heading" tabIndex={-1}>
        {t('lock.lockedHeading')}
      </h2>
      {lock === 'unreadable' ? (
        <p className="private-entries__notice" role="alert">
          {t('lock.unreadable')}
        </p>
      ) : (
        <>
          <p className="quiet">{t('lock.lockedNote')}</p>
          <form className="lock-form" onSubmit={(event) => void submit(event)}>
            <label htmlFor={fieldId}>{t('lock.passphrase')}</label>
            <input
              id={fieldId}
              className="lock-form__field"
              type="password"
              autoComplete="current-password"
              value={passphrase}
              onChange={(event) => setPassphrase(event.currentTarget.value)}
              aria-describedby={`${fieldId}-error`}
              aria-invalid={error !== '' || undefined}
            />
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? t('lock.unlocking') : t('lock.unlock')}
            </button>
            <p id={`${fieldId}-error`} className="lock-form__error" role="alert">
              {error}
            </p>
          </form>
        </>
      )}
      <Link to="/" className="button">
        {t('privateEntries.addAnother')}
      </Link>
    </section>
  )
}
