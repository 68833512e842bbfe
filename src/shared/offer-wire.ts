/**
 * Offers on the wire, without supabase-js: the exact request supabase-js makes for
 * `insert({ text }).setHeader('Idempotency-Key', clientId)` (PostgREST's HTTP contract): one offer
 * per request, the body the spec's `{"text"}`, its client-made id in the `Idempotency-Key` header.
 * The database claims the key from the request's headers and skips a repeat, still answering 2xx
 * (supabase/migrations). The queue flushes with it in the page and in the service worker, so neither
 * needs supabase-js.
 */
import {
  classifyOfferAnswer,
  classifyReportAnswer,
  parseRetryAfter,
  type OfferAnswer,
  type QueuedOffer,
} from './offer'
import {
  IDEMPOTENCY_KEY_HEADER,
  VOID_REPORTS_TABLE,
  VOID_TABLE,
  type VoidOfferRow,
} from './void-rest'

/** Where the backend lives and the public key it is called with. */
export interface BackendConfig {
  url: string
  anonKey: string
}

type Offer = Pick<QueuedOffer, 'clientId' | 'text' | 'report'>

/**
 * The request that offers `offer` to The Void; a repeated client id stores nothing. For a report,
 * the request reports its thought instead (an insert of `{thought_id}` into void_reports, with no
 * key: the database counts one report per reporter, so a repeat stores nothing either).
 */
export function offerRequest(
  backend: BackendConfig,
  offer: Offer,
): { url: string; init: RequestInit } {
  const base = `${backend.url.replace(/\/+$/, '')}/rest/v1`
  const headers = {
    apikey: backend.anonKey,
    Authorization: `Bearer ${backend.anonKey}`,
    'Content-Type': 'application/json',
    'Content-Profile': 'public',
    Prefer: 'return=minimal',
  }
  if (offer.report) {
    return {
      url: `${base}/${VOID_REPORTS_TABLE}`,
      init: {
        method: 'POST',
        headers,
        body: JSON.stringify({ thought_id: offer.report.thoughtId }),
      },
    }
  }
  const row: VoidOfferRow = { text: offer.text }
  return {
    url: `${base}/${VOID_TABLE}`,
    init: {
      method: 'POST',
      headers: { ...headers, [IDEMPOTENCY_KEY_HEADER]: offer.clientId },
      body: JSON.stringify(row),
    },
  }
}

/**
 * Sends `offers` in order, one request each (a request carries one key), with `fetchOffer` (plain
 * fetch), each given up after `timeoutMs`. Stops at the first answer that does not deliver and returns it;
 * else the last one. Resending offers already delivered is harmless. Never throws.
 */
export async function postOffers(
  fetchOffer: typeof fetch,
  backend: BackendConfig,
  offers: readonly Offer[],
  timeoutMs: number,
): Promise<OfferAnswer> {
  let answer: OfferAnswer = { kind: 'network-error' }
  for (const offer of offers) {
    answer = await postOffer(fetchOffer, backend, offer, timeoutMs)
    const verdict = offer.report ? classifyReportAnswer(answer) : classifyOfferAnswer(answer)
    if (verdict !== 'delivered') break
  }
  return answer
}

async function postOffer(
  fetchOffer: typeof fetch,
  backend: BackendConfig,
  offer: Offer,
  timeoutMs: number,
): Promise<OfferAnswer> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const { url, init } = offerRequest(backend, offer)
    const response = await fetchOffer(url, { ...init, signal: controller.signal })
    await response.arrayBuffer().catch(() => undefined)
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
