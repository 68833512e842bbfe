/**
 * Reading The Void's wall from its backend (offers travel through src/offering/shared/offer-wire.ts). No auth
 * session is ever stored (docs/product.md, decision 12): only the public key is sent.
 */
import {
  CACHED_AT_HEADER,
  FEED_TIMEOUT_MS,
  totalFromContentRange,
  voidPageQuery,
  voidReadHeaders,
} from '../../../shared/void-page-query'
import { voidNewerQuery } from './void-newer-query'
import {
  VOID_COUNT_FUNCTION,
  VOID_TABLE,
  isVoidThought,
  type VoidCursor,
  type VoidThought,
} from '../../../shared/void-rest'
import { env } from '../../../lib/env'

export { FEED_TIMEOUT_MS }

/** A page of the wall, newest first. */
export interface VoidPage {
  rows: VoidThought[]
  /** Total rows on the wall, when asked for. */
  total: number | null
  /** When the service worker answered from its cache: the ISO time that answer was fetched. */
  cachedAt: string | null
}

/** Options of a read: an outside abort, and how long it may take before it counts as failed. */
interface ReadOptions {
  signal?: AbortSignal
  timeoutMs?: number
}

/**
 * Reads one page of the wall after `cursor` (keyset on `created_at desc, id desc`, never offset).
 * Throws on any failure, and after `timeoutMs` without an answer, so a caller is never left waiting.
 *
 * A plain GET with the headers supabase-js sends (apikey, bearer key, `Accept-Profile`): The Void
 * then opens without supabase-js on its critical path, no GET is retried behind the visitor's
 * back, and the service worker's cache header is read straight from the answer. With `withTotal`
 * the wall's count is asked beside the page (`fetchVoidCount`), never `count=exact`.
 */
export async function fetchVoidPage(
  cursor: VoidCursor | null,
  options: ReadOptions & { withTotal?: boolean; limit?: number } = {},
): Promise<VoidPage> {
  const total = options.withTotal ? fetchVoidCount(options).catch(() => null) : null
  const page = await readVoidAnswer(
    await ask(`${VOID_TABLE}?${voidPageQuery(cursor, options.limit)}`, {}, options),
  )
  return { ...page, total: await total }
}

/**
 * How many thoughts are on the wall: the count the database keeps (`GET /rest/v1/rpc/
 * void_thought_count`, supabase/migrations/20261123040000_void_count.sql), so asking never counts
 * the table. A backend without that function (a bare spec table: 404) is asked with PostgREST's
 * `count=estimated` instead: exact up to its row limit (1,000 on a hosted project), the planner's
 * estimate beyond. Null when neither answers.
 */
export async function fetchVoidCount(options: ReadOptions = {}): Promise<number | null> {
  return readVoidCountAnswer(await ask(`rpc/${VOID_COUNT_FUNCTION}`, {}, options), options)
}

/**
 * The wall's count from the backend's answer to `rpc/void_thought_count` (asked by
 * `fetchVoidCount`, or by index.html's early start): on a 404 the estimated count is asked instead.
 */
export async function readVoidCountAnswer(
  counted: Response,
  options: ReadOptions = {},
): Promise<number | null> {
  if (counted.ok) {
    const value: unknown = await counted.json().catch(() => null)
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
 * page: the live wall's small ask (src/features/void/ui/use-new-thoughts.ts). Throws as `fetchVoidPage`.
 */
export async function fetchNewerVoidThoughts(
  after: VoidCursor | null,
  options: ReadOptions = {},
): Promise<VoidThought[]> {
  return (await readVoidAnswer(await ask(`${VOID_TABLE}?${voidNewerQuery(after)}`, {}, options)))
    .rows
}

/**
 * A GET (or HEAD) of `path` under /rest/v1 with the public key; aborted after the timeout, the body
 * read into the answer under the same timeout.
 */
async function ask(
  path: string,
  extra: Record<string, string>,
  options: ReadOptions,
  method: 'GET' | 'HEAD' = 'GET',
): Promise<Response> {
  const controller = new AbortController()
  const abort = () => controller.abort()
  const timer = setTimeout(abort, options.timeoutMs ?? FEED_TIMEOUT_MS)
  options.signal?.addEventListener('abort', abort, { once: true })
  if (options.signal?.aborted) abort()
  try {
    const response = await fetch(`${env.supabaseUrl}/rest/v1/${path}`, {
      method,
      headers: { ...voidReadHeaders(env.supabaseAnonKey), ...extra },
      signal: controller.signal,
    })
    // Read here, under the timeout: the answer handed on is already complete.
    const bodiless = method === 'HEAD' || [204, 205, 304].includes(response.status)
    const body = bodiless ? null : await response.arrayBuffer()
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    })
  } catch (error) {
    if (controller.signal.aborted)
      throw new Error('The Void did not answer in time', { cause: error })
    throw error
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', abort)
  }
}

/**
 * A page of the wall from the backend's answer to a read; throws on an error status or a body that
 * is not a page of thoughts.
 */
export async function readVoidAnswer(response: Response): Promise<VoidPage> {
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
}
