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

/** A page of the wall, newest first. */
export interface VoidPage {
  rows: VoidThought[]
  /** Total rows on the wall, when asked for. */
  total: number | null
}

/** Reads one page of the wall after `cursor` (keyset, never offset). Throws on any failure. */
export async function fetchVoidPage(
  cursor: VoidCursor | null,
  options: { withTotal?: boolean; signal?: AbortSignal; limit?: number } = {},
): Promise<VoidPage> {
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
  if (options.signal) query = query.abortSignal(options.signal)
  const { data, error, count } = await query
  if (error) throw new Error(error.message || 'The Void could not be read')
  return { rows: (data ?? []) as VoidThought[], total: count ?? null }
}
