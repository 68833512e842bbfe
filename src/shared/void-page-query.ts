/**
 * The PostgREST query of one page of The Void: newest first by `created_at desc, id desc`, keyset
 * after the last row shown (never offset). `created_at` is quoted, as the backend sends it (with
 * microseconds and a `+00:00` offset), so it round-trips exactly.
 */
import { VOID_PAGE_SIZE, type VoidCursor } from './void-rest'

/** The query string of the page after `cursor` (the first page without one). */
export function voidPageQuery(cursor: VoidCursor | null, limit: number = VOID_PAGE_SIZE): string {
  const params = new URLSearchParams({
    select: 'id,text,created_at',
    order: 'created_at.desc,id.desc',
    limit: String(limit),
  })
  if (cursor) {
    const at = `"${cursor.created_at}"`
    params.set('or', `(created_at.lt.${at},and(created_at.eq.${at},id.lt.${cursor.id}))`)
  }
  return params.toString()
}

/** The total of a PostgREST `Content-Range` header (`0-49/1234`, `*\/0`); null when not counted. */
export function totalFromContentRange(header: string | null): number | null {
  const match = header ? /\/(\d+)$/.exec(header.trim()) : null
  return match ? Number(match[1]) : null
}
