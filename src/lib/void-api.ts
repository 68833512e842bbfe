/**
 * Reading The Void's wall from its backend (offers travel through src/shared/offer-wire.ts). No auth
 * session is ever stored (PRODUCT.md 12): only the public key is sent.
 */
import { CACHED_AT_HEADER, totalFromContentRange, voidPageQuery } from '../shared/void-page-query'
import { voidNewerQuery } from '../shared/void-newer-query'
import {
  VOID_COUNT_FUNCTION,
  VOID_TABLE,
  type VoidCursor,
  type VoidThought,
} from '../shared/void-rest'
import { env } from './env'

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
 * A plain GET with the headers supabase-js sends (apikey, bearer key, `Accept-Profile`): The Void
 * then opens without the 55 KB client on its critical path, no GET is retried behind the visitor's
 * back, and the service worker's cache header is read straight from the answer. With `withTotal`
 * the wall's count is asked beside the page (`fetchVoidCount`), never `count=exact`.
 */
export async function fetchVoidPage(
  cursor: VoidCursor | null,
  options: { withTotal?: boolean; signal?: AbortSignal; limit?: number; timeoutMs?: number } = {},
): Promise<VoidPage> {
  const total = options.withTotal ? fetchVoidCount(options).catch(() => null) : null
  const page = await readVoid(voidPageQuery(cursor, options.limit), options)
  return { ...page, total: await total }
}

/**
 * How many thoughts are on the wall: the count the database keeps (`GET /rest/v1/rpc/
 * void_thought_count`, supabase/migrations/20261123040000_void_count.sql), so asking never counts
 * the table. A backend without that function (a bare spec table: 404) is asked with PostgREST's
 * `count=estimated` instead: exact up to its row limit (1,000 on a hosted project), the planner's
 * estimate beyond. Null when neither answers.
 */
export async function fetchVoidCount(
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<number | null> {
  const counted = await ask(`rpc/${VOID_COUNT_FUNCTION}`, {}, options)
  if (counted.ok) {
    const value = counted.body
    return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null
  }
  if (counted.status !== 404) return null
  const estimated = await ask(
    `${VOID_TABLE}?select=id&limit=1`,
    { Prefer: 'count=estimated' },
    options,
    'HEAD',
  )
  return estimated.ok ? totalFromContentRange(estimated.headers.get('content-range')) : null
}
/**
 * Reads the thoughts newer than `after` (the newest the reader has), oldest first, at most one
 * page: the live wall's small ask (src/features/void/use-new-thoughts.ts). Throws as `fetchVoidPage`.
 */
export async function fetchNewerVoidThoughts(
  after: VoidCursor | null,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<VoidThought[]> {
  return (await readVoid(voidNewerQuery(after), options)).rows
}

/** An answer, its body already read. */
interface Answer {
  ok: boolean
  status: number
  headers: Headers
  /** The parsed JSON body; null when empty or not JSON. */
  body: unknown
}

/** A GET (or HEAD) of `path` under /rest/v1 with the public key; aborted after the timeout. */
async function ask(
  path: string,
  extra: Record<string, string>,
  options: { signal?: AbortSignal; timeoutMs?: number },
  method: 'GET' | 'HEAD' = 'GET',
): Promise<Answer> {
  const controller = new AbortController()
  const abort = () => controller.abort()
  const timer = setTimeout(abort, options.timeoutMs ?? FEED_TIMEOUT_MS)
  options.signal?.addEventListener('abort', abort, { once: true })
  if (options.signal?.aborted) abort()
  const key = env.supabaseAnonKey
  try {
    const response = await fetch(`${env.supabaseUrl}/rest/v1/${path}`, {
      method,
      headers: {
        apikey: key,
        Authorization: `Bearer ${key}`,
        'Accept-Profile': 'public',
        Accept: 'application/json',
        ...extra,
      },
      signal: controller.signal,
    })
    // The body is read under the same timeout.
    const body: unknown = method === 'HEAD' ? null : await response.json().catch(() => null)
    return { ok: response.ok, status: response.status, headers: response.headers, body }
  } catch (error) {
    if (controller.signal.aborted)
      throw new Error('The Void did not answer in time', { cause: error })
    throw error
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', abort)
  }
}

async function readVoid(
  query: string,
  options: { signal?: AbortSignal; timeoutMs?: number },
): Promise<VoidPage> {
  const response = await ask(`${VOID_TABLE}?${query}`, {}, options)
  const { body } = response
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
}
