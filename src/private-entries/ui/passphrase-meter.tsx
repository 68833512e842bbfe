/**
 * Under a new passphrase's field: what holds (always shown), and, a moment after each pause in
 * typing, how long one graphics card would take to guess what is typed, with the policy's verdict.
 * The estimate is a polite live region, so a screen reader says it once typing pauses; the field
 * names both in its aria-describedby (PassphraseDialog).
 */
import { useEffect, useState } from 'react'
import { guessingTime, tp, verdictOf, verdictSentence } from '../lock/passphrase-policy'
import type { PassphraseEstimate } from '../lock/passphrase-strength'
import { useEstimator } from './estimator-context'

/** The pause in typing before an estimate: one per pause, not one per key. */
export const METER_DELAY_MS = 400

/** The ids of the meter's hint and estimate, for the field's aria-describedby. */
export const meterIds = (id: string) => ({ hint: `${id}-hint`, estimate: `${id}-estimate` })

/** The hint and the live estimate of `passphrase`. */
export function PassphraseMeter({ id, passphrase }: { id: string; passphrase: string }) {
  // The estimate of the latest passphrase that was asked about; null when it could not be made.
  const [shown, setShown] = useState<{ estimate: PassphraseEstimate | null } | null>(null)
  const ids = meterIds(id)
  const estimator = useEstimator()

  // The estimator starts with the field (its lists load while the dialog is read) and ends with it.
  useEffect(() => estimator.open(), [estimator])

  useEffect(() => {
    if (passphrase === '') return
    let current = true
    const timer = setTimeout(() => {
      estimator.estimate(passphrase).then(
        (estimate) => current && setShown({ estimate }),
        () => current && setShown({ estimate: null }),
      )
    }, METER_DELAY_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [estimator, passphrase])

  // An emptied field says nothing; while typing, the last estimate stays until the next one.
  const estimate = passphrase === '' ? undefined : shown?.estimate
  const verdict = estimate ? verdictOf(estimate) : null

  return (
    <>
      <p id={ids.hint} className="lock-form__strength quiet">
        {tp('passphrase.hint')}
      </p>
      <p
        id={ids.estimate}
        className={`lock-form__strength quiet${verdict && verdict !== 'enough' ? ' lock-form__strength--refused' : ''}`}
        role="status"
      >
        {estimate === null && <span>{tp('passphrase.unavailable')}</span>}
        {estimate && verdict && (
          <>
            <span>{guessingTime(estimate.guesses)}</span>
            <span>{verdictSentence(verdict)}</span>
          </>
        )}
      </p>
    </>
  )
}
