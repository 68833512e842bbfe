/**
 * Offers on the wire, without supabase-js: the exact request supabase-js makes for
 * `insert(rows)` (PostgREST's HTTP contract): one INSERT of one or more rows, in order. The database
 * skips a row whose client id is already stored and still answers 2xx (a plain insert, not an upsert:
 * a conflict target would need SELECT on client_id, which anon must not have; see
 * supabase/migrations). The queue flushes with it in the page and in the service worker, so neither
 * needs supabase-js.
 */
import { parseRetryAfter, type OfferAnswer, type QueuedOffer } from './offer'
import { VOID_REPORTS_TABLE, VOID_TABLE, type VoidOfferRow } from './void-rest'

/** Where the backend lives and the public key it is called with. */
export interface BackendConfig {
  url: string
  anonKey: string
}

type Offer = Pick<QueuedOffer, 'clientId' | 'text' | 'report'>

/**
 * The request that offers `offers` (in order) to The Void; a repeated client id stores nothing. When
 * the first is a report, the request reports every one of them (`insert` into void_reports of
 * `{thought_id}`; a repeat from the same reporter stores nothing): the queue never mixes the two.
 */
export function offerRequest(
  backend: BackendConfig,
  offers: readonly Offer[],
): { url: string; init: RequestInit } {
  const reports = offers[0]?.report !== undefined
  const rows: (VoidOfferRow | { thought_id: number })[] = reports
    ? offers.flatMap((o) => (o.report ? [{ thought_id: o.report.thoughtId }] : []))
    : offers.map((o) => ({ text: o.text, client_id: o.clientId }))
  const columns = encodeURIComponent(reports ? '"thought_id"' : '"text","client_id"')
  const table = reports ? VOID_REPORTS_TABLE : VOID_TABLE
  return {
    url: `${backend.url.replace(/\/+$/, '')}/rest/v1/${table}?columns=${columns}`,
    init: {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        Authorization: `Bearer ${backend.anonKey}`,
        'Content-Type': 'application/json',
        'Content-Profile': 'public',
        Prefer: 'return=minimal',
      },
      body: JSON.stringify(rows),
    },
  }
}

/** Sends `offers` in one request with `fetchOffer` (plain fetch), giving up after `timeoutMs`. Never throws. */
export async function postOffers(
  fetchOffer: typeof fetch,
  backend: BackendConfig,
  offers: readonly Offer[],
  timeoutMs: number,
): Promise<OfferAnswer> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const { url, init } = offerRequest(backend, offers)
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
