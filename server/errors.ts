/**
 * PostgREST's error answers: the body `{code, message, details, hint}` and the status each
 * database error maps to. Every refusal of the server is one of these, never an empty body. The
 * error itself is the edge's (edge/answer.ts), which writes it.
 */
import { ApiError } from './edge/answer'

export { ApiError }

/** PGRST100: a query string the server cannot parse. */
export const badQuery = (message: string, details: string | null = null) =>
  new ApiError(400, 'PGRST100', message, details)

/** PGRST102: a body that is not the JSON the request needs. */
export const badBody = (message: string, details: string | null = null) =>
  new ApiError(400, 'PGRST102', message, details)

/** PGRST127 (400, as PostgREST answers it): a feature PostgREST has that this backend does not implement. */
export const notImplemented = (what: string) =>
  new ApiError(
    400,
    'PGRST127',
    'Feature not implemented',
    `${what} is not implemented by the local backend.`,
  )

/** The status PostgREST answers a SQLSTATE with. */
export function statusForSqlState(code: string, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403
  if (code === '23503' || code === '23505') return 409
  if (code === '25006') return 405
  if (code === '42883' || code === '42P01') return 404
  if (code === '53400') return 500
  if (code === '42P17') return 500
  const cls = code.slice(0, 2)
  if (['08', '53'].includes(cls)) return 503
  if (['0L', '0P', '28'].includes(cls)) return 403
  if (
    ['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'XX'].includes(
      cls,
    )
  )
    return 500
  if (cls === 'P0') return code === 'P0001' ? 400 : 500
  return 400
}

interface DatabaseErrorLike {
  code?: unknown
  message?: unknown
  detail?: unknown
  hint?: unknown
}

/** Is this an error raised by the database (PGlite or pg), rather than by the server? */
export function isDatabaseError(error: unknown): error is DatabaseErrorLike & Error {
  return (
    error instanceof Error &&
    typeof (error as DatabaseErrorLike).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as DatabaseErrorLike).code as string)
  )
}

function parseJsonObject(text: unknown): Record<string, unknown> | null {
  if (typeof text !== 'string') return null
  try {
    const value: unknown = JSON.parse(text)
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null)

/**
 * Turns a database error into PostgREST's answer, including `RAISE SQLSTATE 'PGRST'` (message: the
 * JSON body; detail: JSON `{status, headers}`), the way Supabase documents custom errors.
 */
export function fromDatabaseError(error: DatabaseErrorLike & Error, role: string): ApiError {
  const code = error.code as string
  if (code === 'PGRST') {
    const body = parseJsonObject(error.message)
    const detail = parseJsonObject(error.detail)
    const status = typeof detail?.status === 'number' ? detail.status : 400
    const headers: Record<string, string> = {}
    const given = detail?.headers
    if (given && typeof given === 'object')
      for (const [name, value] of Object.entries(given)) headers[name] = String(value)
    if (body)
      return new ApiError(
        status,
        String(body.code ?? 'PGRST'),
        String(body.message ?? ''),
        textOrNull(body.details),
        textOrNull(body.hint),
        headers,
      )
    return new ApiError(
      500,
      'PGRST121',
      'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
      String(error.message),
    )
  }
  return new ApiError(
    statusForSqlState(code, role),
    code,
    String(error.message),
    textOrNull(error.detail) || null,
    textOrNull(error.hint) || null,
  )
}
