/**
 * Reading The Void's wall from its backend (offers travel through src/shared/offer-wire.ts). No auth
 * session is ever stored (PRODUCT.md 12): only the public key is sent.
 */
import {
  CACHED_AT_HEADER,
  FEED_TIMEOUT_MS,
  totalFromContentRange,
  voidPageQuery,
  voidReadHeaders,
} from '../shared/void-page-query'
import { voidNewerQuery } from '../shared/void-newer-query'
import { VOID_TABLE, type VoidCursor, type VoidThought } from '../shared/void-rest'
import { env } from './env'

export { FEED_TIMEOUT_MS }

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
export function fetchVoidPage(
  cursor: VoidCursor | null,
  options: { withTotal?: boolean; signal?: AbortSignal; limit?: number; timeoutMs?: number } = {},
): Promise<VoidPage> {
  return readVoid(voidPageQuery(cursor, options.limit), options)
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

async function readVoid(
  query: string,
  options: { withTotal?: boolean; signal?: AbortSignal; timeoutMs?: number },
): Promise<VoidPage> {
  const controller = new AbortController()
  const abort = () => controller.abort()
  const timer = setTimeout(abort, options.timeoutMs ?? FEED_TIMEOUT_MS)
  options.signal?.addEventListener('abort', abort, { once: true })
  if (options.signal?.aborted) abort()
  const headers = voidReadHeaders(env.supabaseAnonKey, options.withTotal ?? false)
  try {
    const response = await fetch(`${env.supabaseUrl}/rest/v1/${VOID_TABLE}?${query}`, {
      headers,
      signal: controller.signal,
    })
    return await readVoidAnswer(response)
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
