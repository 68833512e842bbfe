/**
 * The passphrase estimator's worker: building zxcvbn-ts's ranked lists and checking a passphrase
 * take from a few to a few hundred milliseconds, off the page's thread here, so typing never waits.
 * Asked `{ id, passphrase, language }`, it answers `{ id, estimate }` or `{ id, failed: true }`.
 */
import type { Language } from '../../i18n/i18n'
import { estimatePassphrase, type PassphraseEstimate } from './passphrase-strength'

/** A question to the worker. */
export interface EstimateRequest {
  id: number
  passphrase: string
  language: Language
}

/** The worker's answer to the question `id`. */
export type EstimateAnswer =
  { id: number; estimate: PassphraseEstimate } | { id: number; failed: true }

// The page's lib types `self` as a window; a worker's scope is only what is used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<EstimateRequest>) => void) | null
  postMessage(answer: EstimateAnswer): void
}

scope.onmessage = ({ data: { id, passphrase, language } }) => {
  estimatePassphrase(passphrase, language).then(
    (estimate) => scope.postMessage({ id, estimate }),
    () => scope.postMessage({ id, failed: true }),
  )
}
