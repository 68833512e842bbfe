/**
 * The one way an offer travels to The Void, for the writer, Return to Yourself, the page's queue and
 * the service worker alike: one offer per request, built by PostgREST's own client
 * (`@supabase/postgrest-js`, the package behind supabase-js's `from()`, small enough for the
 * worker to carry): the spec's `insert({ text })`, its client-made id in the `Idempotency-Key`
 * header. The database claims the key and skips a repeat, still answering 2xx (supabase/migrations).
 * One timeout (OFFER_SEND_TIMEOUT_MS, src/offering/shared/offer-queue-policy.ts) and the answer's `Retry-After` on every path.
 *
 * The answer is read from the raw response, not from the client's result: postgrest-js turns a 404
 * with an empty body into a 204, which would count an offer to a moved project as delivered, and it
 * does not pass `Retry-After` on. It never retries a POST.
 */
import { PostgrestClient } from '@supabase/postgrest-js'
import { parseRetryAfter, type OfferAnswer, type QueuedOffer } from './offer'
import { OFFER_SEND_TIMEOUT_MS } from './offer-queue-policy'
import {
  IDEMPOTENCY_KEY_HEADER,
  VOID_REPORTS_TABLE,
  VOID_TABLE,
  type BackendConfig,
  type VoidOfferRow,
} from '../../shared/void-rest'

export type { BackendConfig }

type Offer = Pick<QueuedOffer, 'clientId' | 'text' | 'report'>

/**
 * Sends one offer with `fetchOffer` (the page's or the worker's fetch), giving up after `timeoutMs`.
 * A report travels the same way: an insert of `{thought_id}` into void_reports, with no key (the
 * database records one report per reporter, so a repeat stores nothing either). Answers the status
 * (with `Retry-After` in ms when given), a network error or a timeout. Never throws.
 */
export async function sendOffer(
  fetchOffer: typeof fetch,
  backend: BackendConfig,
  offer: Offer,
  timeoutMs: number = OFFER_SEND_TIMEOUT_MS,
): Promise<OfferAnswer> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  let response: Response | undefined
  const client = new PostgrestClient(`${backend.url.replace(/\/+$/, '')}/rest/v1`, {
    headers: { apikey: backend.anonKey, Authorization: `Bearer ${backend.anonKey}` },
    schema: 'public',
    fetch: async (input, init) => (response = await fetchOffer(input, init)),
  })
  try {
    const row: VoidOfferRow = { text: offer.text }
    const insert = offer.report
      ? client.from(VOID_REPORTS_TABLE).insert({ thought_id: offer.report.thoughtId })
      : client.from(VOID_TABLE).insert(row).setHeader(IDEMPOTENCY_KEY_HEADER, offer.clientId)
    await insert.setHeader('Prefer', 'return=minimal').abortSignal(controller.signal)
    if (!response)
      return controller.signal.aborted ? { kind: 'timeout' } : { kind: 'network-error' }
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'))
    return {
      kind: 'status',
      status: response.status,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    }
  } catch {
    return controller.signal.aborted ? { kind: 'timeout' } : { kind: 'network-error' }
  } finally {
    clearTimeout(timer)
  }
}
