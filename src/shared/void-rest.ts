/** The shapes of the Void's REST table as the app reads and writes it (supabase/migrations). */

/** The table the wall lives in. */
export const VOID_TABLE = 'void_thoughts'

/** The table a report is inserted into (`{thought_id}`); it always reads empty. */
export const VOID_REPORTS_TABLE = 'void_reports'

/**
 * The function that answers how many thoughts are on the wall (`GET /rest/v1/rpc/<name>`): a count
 * the database keeps as rows come and go, so asking it never counts the table.
 */
export const VOID_COUNT_FUNCTION = 'void_thought_count'

/** Rows per page of the feed. */
export const VOID_PAGE_SIZE = 50

/** A row of the wall as `anon` may read it. */
export interface VoidThought {
  id: number
  text: string
  created_at: string
}

/** True for a row of the wall as read (from the backend, a cache or storage): never trusted unchecked. */
export function isVoidThought(value: unknown): value is VoidThought {
  if (typeof value !== 'object' || value === null) return false
  const row = value as Record<string, unknown>
  return (
    typeof row.id === 'number' && typeof row.text === 'string' && typeof row.created_at === 'string'
  )
}

/** Where the backend lives and the public key it is called with (the page sends it to the worker). */
export interface BackendConfig {
  url: string
  anonKey: string
}

/** What an offer's body holds: only the trimmed text (the spec's insert). */
export interface VoidOfferRow {
  text: string
}

/**
 * The request header that carries an offer's client-made id (the IETF httpapi draft's name): the
 * database claims it, and a repeat of the same key stores nothing.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'

/** Keyset cursor: the last row of the previous page. */
export interface VoidCursor {
  created_at: string
  id: number
}

/** PostgREST's error body. */
export interface PostgrestErrorBody {
  code: string
  message: string
  details: string | null
  hint: string | null
}
