/**
 * An offer on the wire, without supabase-js: the exact request supabase-js makes for
 * `upsert(row, { onConflict: 'client_id', ignoreDuplicates: true })` (PostgREST's HTTP contract).
 * The service worker flushes with it, so it never bundles supabase-js.
 */
import type { OfferAnswer, QueuedOffer } from './offer'
import { VOID_TABLE, type VoidOfferRow } from './void-rest'

/** Where the backend lives and the public key it is called with. */
export interface BackendConfig {
  url: string
  anonKey: string
}

/** The request that offers `offer` to The Void; a repeat of its client id is ignored by the server. */
export function offerRequest(
  backend: BackendConfig,
  offer: Pick<QueuedOffer, 'clientId' | 'text'>,
): { url: string; init: RequestInit } {
  const row: VoidOfferRow = { text: offer.text, client_id: offer.clientId }
  return {
    url: `${backend.url.replace(/\/+$/, '')}/rest/v1/${VOID_TABLE}?on_conflict=client_id`,
    init: {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        Authorization: `Bearer ${backend.anonKey}`,
        'Content-Type': 'application/json',
        'Content-Profile': 'public',
        Prefer: 'resolution=ignore-duplicates,return=minimal',
      },
      body: JSON.stringify(row),
    },
  }
}

/** Sends one offer with `fetchOffer` (plain fetch), giving up after `timeoutMs`. Never throws. */
export async function postOffer(
  fetchOffer: typeof fetch,
  backend: BackendConfig,
  offer: Pick<QueuedOffer, 'clientId' | 'text'>,
  timeoutMs: number,
): Promise<OfferAnswer> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const { url, init } = offerRequest(backend, offer)
    const response = await fetchOffer(url, { ...init, signal: controller.signal })
    await response.arrayBuffer().catch(() => undefined)
    return { kind: 'status', status: response.status }
  } catch {
    return controller.signal.aborted ? { kind: 'timeout' } : { kind: 'network-error' }
  } finally {
    clearTimeout(timer)
  }
}
