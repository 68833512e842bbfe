/**
 * The passphrase estimator Return to Yourself makes once, for every field of a new passphrase under
 * it (the meter, and the check at a dialog's button).
 */
import { createContext, useContext } from 'react'
import type { PassphraseEstimator } from '../lock/passphrase-estimator'

export const EstimatorContext = createContext<PassphraseEstimator | null>(null)

/** The estimator of the screen this field is on. */
export function useEstimator(): PassphraseEstimator {
  const estimator = useContext(EstimatorContext)
  if (!estimator)
    throw new Error('A field for a new passphrase is shown outside Return to Yourself')
  return estimator
}
