/**
 * The one data module that talks to The Void's backend. supabase-js is loaded the first time it is
 * needed, so the writer's first paint carries none of it. It never stores an auth session
 * (PRODUCT.md 12).
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import type { OfferAnswer } from '../shared/offer'
import { totalFromContentRange, voidPageQuery } from '../shared/void-page-query'
import {
  IDEMPOTENCY_KEY_HEADER,
  VOID_TABLE,
  type VoidCursor,
  type VoidOfferRow,
  type VoidThought,
} from '../shared/void-rest'
import { env } from './env'

/** How long an offer may take before it is held for later, in ms. */
export const OFFER_TIMEOUT_MS = 8000

/**
 * Header the service worker adds when it answers a feed request from its cache: the ISO time the
 * cached answer was fetched from the backend.
 */
export const CACHED_AT_HEADER = 'x-unburden-cached-at'

let client: Promise<SupabaseClient> | undefined

/** The shared supabase-js client, created on first use. */
export function getVoidClient(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) =>
    createClient(env.supabaseUrl, env.supabaseAnonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    }),
  )
  return client
}

/** Sends one offer; a repeat of the same `clientId` is ignored by the database. Never throws. */
export async function sendOffer(
  offer: { clientId: string; text: string },
  timeoutMs: number = OFFER_TIMEOUT_MS,
): Promise<OfferAnswer> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const supabase = await getVoidClient()
    // The spec's insert; the key travels in a header, and the database skips a repeated key itself
    // (supabase/migrations).
    const row: VoidOfferRow = { text: offer.text }
    const { status } = await supabase
      .from(VOID_TABLE)
      .insert(row)
      .setHeader(IDEMPOTENCY_KEY_HEADER, offer.clientId)
      .abortSignal(controller.signal)
    if (controller.signal.aborted) return { kind: 'timeout' }
    if (!status) return { kind: 'network-error' }
    return { kind: 'status', status }
  } catch {
    return controller.signal.aborted ? { kind: 'timeout' } : { kind: 'network-error' }
  } finally {
    clearTimeout(timer)
  }
}

/** How long a page of the feed may take before it counts as failed, in ms. */
export const FEED_TIMEOUT_MS = 8000

/** A page of the wall, newest first. */
export interface VoidPage {
  rows: VoidThought[]
  /** Total rows on the wall, when asked for. */
  total: number | null
  /** When the service worker answered from its cache: the ISO time that answer was fetched. */
  cachedAt: string | null
}

function isVoidThought(value: unknown): value is VoidThought {
  const row = value as Partial<VoidThought> | null
  return (
    typeof row === 'object' &&
    row !== null &&
    typeof row.id === 'number' &&
    typeof row.text === 'string' &&
    typeof row.created_at === 'string'
  )
}

/**
 * Reads one page of the wall after `cursor` (keyset on `created_at desc, id desc`, never offset).
 * Throws on any failure, and after `timeoutMs` without an answer, so a caller is never left waiting.
 *
 * A plain GET with the headers supabase-js sends (apikey, bearer key, `Accept-Profile`, and
 * `Prefer: count=exact` for the total): The Void then opens without the 55 KB client on its critical
 * path, no GET is retried behind the visitor's back, and the service worker's cache header is read
 * straight from the answer.
 */
export async function fetchVoidPage(
  cursor: VoidCursor | null,
  options: { withTotal?: boolean; signal?: AbortSignal; limit?: number; timeoutMs?: number } = {},
): Promise<VoidPage> {
  const controller = new AbortController()
  const abort = () => controller.abort()
  const timer = setTimeout(abort, options.timeoutMs ?? FEED_TIMEOUT_MS)
  options.signal?.addEventListener('abort', abort, { once: true })
  if (options.signal?.aborted) abort()
  const key = env.supabaseAnonKey
  const headers: Record<string, string> = {
    apikey: key,
    Authorization: `Bearer ${key}`,
    'Accept-Profile': 'public',
    Accept: 'application/json',
  }
  if (options.withTotal) headers.Prefer = 'count=exact'
  try {
    const response = await fetch(
      `${env.supabaseUrl}/rest/v1/${VOID_TABLE}?${voidPageQuery(cursor, options.limit)}`,
      { headers, signal: controller.signal },
    )
    const body: unknown = await response.json().catch(() => null)
    if (!response.ok) {
      const message = (body as { message?: unknown } | null)?.message
      throw new Error(
        typeof message === 'string' && message ? message : `The Void answered ${response.status}`,
      )
    }
    if (!Array.isArray(body) || !body.every(isVoidThought)) {
      throw new Error('The Void answered with something that is not a page of thoughts')
    }
    return {
      rows: body,
      total: totalFromContentRange(response.headers.get('content-range')),
      cachedAt: response.headers.get(CACHED_AT_HEADER),
    }
  } catch (error) {
    if (controller.signal.aborted)
      throw new Error('The Void did not answer in time', { cause: error })
    throw error
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', abort)
  }
}
