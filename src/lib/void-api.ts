/**
 * The one data module that talks to The Void's backend. supabase-js is loaded the first time it is
 * needed, so the writer's first paint carries none of it. It never stores an auth session
 * (PRODUCT.md 12).
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import type { OfferAnswer } from '../shared/offer'
import { VOID_PAGE_SIZE, VOID_TABLE, type VoidCursor, type VoidThought } from '../shared/void-rest'
import { env } from './env'

/** How long an offer may take before it is held for later, in ms. */
export const OFFER_TIMEOUT_MS = 8000

/**
 * Header the service worker adds when it answers a feed request from its cache: the ISO time the
 * cached answer was fetched from the backend.
 */
export const CACHED_AT_HEADER = 'x-unburden-cached-at'

let client: Promise<SupabaseClient> | undefined

// supabase-js hides the response's headers, so the client's fetch notes the cache header of each
// answer under the request's AbortSignal, which fetchVoidPage makes fresh for every page.
const cachedAtBySignal = new WeakMap<AbortSignal, string | null>()

const recordingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init)
  if (init?.signal) cachedAtBySignal.set(init.signal, response.headers.get(CACHED_AT_HEADER))
  return response
}

/** The shared supabase-js client, created on first use. */
export function getVoidClient(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) =>
    createClient(env.supabaseUrl, env.supabaseAnonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: recordingFetch },
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
    // A plain insert: the database skips a repeated client_id itself (an upsert's conflict target
    // would need SELECT on client_id, which anon must not have; see supabase/migrations).
    const { status } = await supabase
      .from(VOID_TABLE)
      .insert({ text: offer.text, client_id: offer.clientId })
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

/**
 * Reads one page of the wall after `cursor` (keyset on `created_at desc, id desc`, never offset).
 * Throws on any failure, and after `timeoutMs` without an answer, so a caller is never left waiting.
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
  try {
    const supabase = await getVoidClient()
    let query = supabase
      .from(VOID_TABLE)
      .select('id,text,created_at', options.withTotal ? { count: 'exact' } : undefined)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(options.limit ?? VOID_PAGE_SIZE)
      .retry(false)
    if (cursor) {
      query = query.or(
        `created_at.lt."${cursor.created_at}",and(created_at.eq."${cursor.created_at}",id.lt.${cursor.id})`,
      )
    }
    const { data, error, count } = await query.abortSignal(controller.signal)
    if (controller.signal.aborted) throw new Error('The Void did not answer in time')
    if (error) throw new Error(error.message || 'The Void could not be read')
    return {
      rows: (data ?? []) as VoidThought[],
      total: count ?? null,
      cachedAt: cachedAtBySignal.get(controller.signal) ?? null,
    }
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', abort)
  }
}
