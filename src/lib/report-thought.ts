/**
 * Reporting a thought on The Void: the card is hidden on this device at once and for good, and the
 * report waits in the offer queue (IndexedDB), which delivers it now when online or later when the
 * backend can be reached. The database counts one report per reporter, so a resent report is counted
 * once.
 */
import { newClientId } from '../shared/client-id'
import { holdOffer } from './offer-queue'
import { rememberReported } from './reported-thoughts'

/** Reports `thoughtId`; resolves once the report is durably queued. */
export async function reportThought(thoughtId: number): Promise<void> {
  rememberReported(thoughtId)
  await holdOffer({
    clientId: newClientId(),
    text: '',
    queuedAt: Date.now(),
    attempts: 0,
    origin: 'void',
    report: { thoughtId },
  })
}
