/**
 * One REST request on a table, run the way PostgREST runs it: in a transaction (read-only for
 * GET/HEAD) that first sets `role`, `request.jwt.claims`, `request.method`, `request.path` and
 * `request.headers`, then calls the configured pre-request function, then the statement. Grants,
 * row-level security and the rate limit are therefore the database's doing.
 */
import type { Answer } from './edge/answer'
import type { Engine, Tx } from './engine'
import { ApiError, badBody, fromDatabaseError, isDatabaseError, notImplemented } from './errors'
import type { Claims } from './jwt'
import { parseColumns, parsePrefer, parseReadQuery, type ReadQuery } from './postgrest/parse'
import {
  countStatement,
  deleteStatement,
  insertStatement,
  quoteIdent,
  readStatement,
  rowsOfBody,
  updateStatement,
  type Statement,
  type TableInfo,
} from './postgrest/sql'
import { API_SCHEMA, type SchemaCache } from './schema-cache'

export type { Answer }

/** A REST request, already authenticated. */
export interface RestRequest {
  method: string
  table: string
  path: string
  params: URLSearchParams
  /** Lower-case names; the client-address headers are set from the socket (session.ts). */
  headers: Record<string, string>
  body: string
  role: string
  claims: Claims
  /** PostgREST's `db-tx-end` (default `commit`). */
  txEnd?: 'commit' | 'commit-allow-override'
}

const JSON_TYPE = 'application/json; charset=utf-8'
const SINGLE_OBJECT = 'application/vnd.pgrst.object+json'

/** Refuses a schema other than the API's (`Accept-Profile` / `Content-Profile`) with 406 PGRST106. */
export function checkProfile(header: string | undefined): void {
  if (header && header !== API_SCHEMA)
    throw new ApiError(406, 'PGRST106', `The schema must be one of the following: ${API_SCHEMA}`)
}

function parseBody(body: string): unknown {
  if (body.trim() === '') throw badBody('Empty or invalid json')
  try {
    return JSON.parse(body)
  } catch (error) {
    throw badBody('Empty or invalid json', (error as Error).message)
  }
}

/** Carries an answer out of a transaction that `Prefer: tx=rollback` rolls back. */
class RolledBack extends Error {
  constructor(readonly result: unknown) {
    super('rolled back')
  }
}

/** Runs `work` in the request's transaction, as PostgREST does (role, claims, headers, pre-request). */
export async function inRequestTransaction<T>(
  engine: Engine,
  cache: SchemaCache,
  request: RestRequest,
  readOnly: boolean,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const rollback =
    request.txEnd === 'commit-allow-override' &&
    preference(request.headers.prefer, 'tx') === 'rollback'
  try {
    return await engine.transaction(async (tx) => {
      if (readOnly) await tx.query('set transaction read only')
      await tx.query(
        `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                set_config('request.method', $3, true), set_config('request.path', $4, true),
                set_config('request.headers', $5, true)`,
        [
          request.role,
          JSON.stringify(request.claims),
          request.method,
          request.path,
          JSON.stringify(request.headers),
        ],
      )
      if (cache.preRequest) await tx.query(`select ${cache.preRequest}()`)
      const result = await work(tx)
      if (rollback) throw new RolledBack(result)
      return result
    })
  } catch (error) {
    if (error instanceof RolledBack) return error.result as T
    if (isDatabaseError(error)) throw fromDatabaseError(error, request.role)
    throw error
  }
}

interface Result {
  total?: string | null
  page_count: number
  inserted_count?: number | null
  body: string | null
}

async function run(tx: Tx, statement: Statement): Promise<Result> {
  const [row] = await tx.query<Result & Record<string, unknown>>(statement.sql, statement.params)
  if (!row) throw new Error('A statement returned no result row')
  return row
}

/** Supabase's `db-max-rows`: no read returns more rows than this, whatever it asks for. */
export const MAX_ROWS = 1000

/** PostgREST's Content-Range: `first-last/total`, `*` for an empty range or an unknown total. */
function contentRange(first: number, count: number, total: number | null): string {
  const range = count === 0 || total === 0 ? '*' : `${first}-${first + count - 1}`
  return `${range}/${total ?? '*'}`
}

/** The values of one `Prefer` preference (the header may repeat or list several). */
function preference(header: string | undefined, name: string): string | null {
  let found: string | null = null
  for (const part of (header ?? '').split(',')) {
    const [key, value] = part.split('=').map((s) => s.trim())
    if (key === name && value) found = value
  }
  return found
}

/**
 * The rows a read may return: `offset`/`limit` intersected with a `Range: first-last` header, as
 * PostgREST does, then capped at MAX_ROWS. An unparseable Range header is ignored.
 */
function readRange(
  query: ReadQuery,
  header: string | undefined,
): { offset: number; limit: number } {
  let first = query.offset ?? 0
  let last = query.limit === null ? Infinity : first + query.limit - 1
  const range = /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(header ?? '')
  if (range) {
    first = Math.max(first, Number(range[1]))
    if (range[2]) last = Math.min(last, Number(range[2]))
  }
  return { offset: first, limit: Math.max(0, Math.min(last - first + 1, MAX_ROWS)) }
}

/** The planner's estimate of the rows a read's filters select (PostgREST's `count=planned`). */
async function plannedCount(tx: Tx, table: TableInfo, query: ReadQuery): Promise<number> {
  const statement = countStatement(table, query)
  const [row] = await tx.query<{ 'QUERY PLAN': unknown }>(
    `explain (format json) ${statement.sql}`,
    statement.params,
  )
  const plan = row?.['QUERY PLAN']
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [
    { Plan: { 'Plan Rows': number } },
  ]
  return parsed[0].Plan['Plan Rows']
}

/** Answers a single-object request (`Accept: application/vnd.pgrst.object+json`). */
function singleObject(result: Result): string {
  const rows = JSON.parse(result.body ?? '[]') as unknown[]
  if (rows.length !== 1)
    throw new ApiError(
      406,
      'PGRST116',
      'JSON object requested, multiple (or no) rows returned',
      `The result contains ${rows.length} rows`,
    )
  return JSON.stringify(rows[0])
}

/** The primary key's columns, the conflict target of an upsert without `on_conflict`. */
async function primaryKey(tx: Tx, table: TableInfo): Promise<string[]> {
  const rows = await tx.query<{ name: string }>(
    `select a.attname as name
       from pg_index i
       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = $1::regclass and i.indisprimary
      order by array_position(i.indkey::int2[], a.attnum)`,
    [`${quoteIdent(table.schema)}.${quoteIdent(table.name)}`],
  )
  return rows.map((row) => row.name)
}

/** Runs one REST request and returns PostgREST's answer (errors are thrown as ApiError). */
export async function handleRest(
  engine: Engine,
  cache: SchemaCache,
  request: RestRequest,
): Promise<Answer> {
  const table = cache.tables.get(request.table)
  if (!table)
    throw new ApiError(
      404,
      'PGRST205',
      `Could not find the table '${API_SCHEMA}.${request.table}' in the schema cache`,
    )
  const accept = request.headers.accept ?? ''
  const wantsObject = accept.includes(SINGLE_OBJECT)
  if (/text\/csv|application\/geo\+json|application\/vnd\.pgrst\.plan/.test(accept))
    throw notImplemented(`The media type ${accept}`)
  if (accept && !wantsObject && !/application\/json|\*\/\*|application\/\*/.test(accept))
    throw new ApiError(406, 'PGRST107', `None of these media types are available: ${accept}`)
  const prefer = parsePrefer(request.headers.prefer)
  const count = preference(request.headers.prefer, 'count')
  const query = parseReadQuery(request.params)
  const headers: Record<string, string> = {
    'content-type': wantsObject ? `${SINGLE_OBJECT}; charset=utf-8` : JSON_TYPE,
  }

  switch (request.method) {
    case 'GET':
    case 'HEAD': {
      checkProfile(request.headers['accept-profile'])
      const { offset, limit } = readRange(query, request.headers.range)
      const exact = count === 'exact' || count === 'estimated'
      const statement = readStatement(table, { ...query, offset, limit }, exact)
      // Every check runs inside the transaction, so an error answer leaves nothing behind.
      return inRequestTransaction(engine, cache, request, true, async (tx) => {
        const result = await run(tx, statement)
        let total =
          result.total === null || result.total === undefined ? null : Number(result.total)
        // PostgREST's `estimated`: the exact count up to db-max-rows, the planner's beyond.
        if (count === 'planned' || (count === 'estimated' && (total ?? 0) > MAX_ROWS))
          total = await plannedCount(tx, table, query)
        if (total !== null && offset > total)
          throw new ApiError(
            416,
            'PGRST103',
            'Requested range not satisfiable',
            `An offset of ${offset} was requested, but there are only ${total} rows.`,
            null,
            { 'content-range': `*/${total}` },
          )
        headers['content-range'] = contentRange(offset, result.page_count, total)
        const body = wantsObject ? singleObject(result) : (result.body ?? '[]')
        const status = total !== null && result.page_count < total ? 206 : 200
        return { status, headers, body: request.method === 'HEAD' ? '' : body }
      })
    }
    case 'POST':
    case 'PATCH':
    case 'DELETE': {
      checkProfile(request.headers['content-profile'])
      const representation = prefer.return === 'representation'
      const method = request.method
      let build: (tx: Tx) => Promise<Statement>
      if (method === 'POST') {
        const columnsParam = request.params.get('columns')
        const { rows, columns } = rowsOfBody(
          parseBody(request.body),
          columnsParam ? parseColumns(columnsParam) : null,
        )
        const onConflict = request.params.get('on_conflict')
        const options = {
          onConflict: onConflict ? parseColumns(onConflict) : null,
          resolution: prefer.resolution,
          representation,
          select: query.select,
          missingDefault: preference(request.headers.prefer, 'missing') === 'default',
        }
        insertStatement(table, rows, columns, options) // refuses a bad request before the database
        build = async (tx) =>
          insertStatement(table, rows, columns, {
            ...options,
            primaryKey:
              options.resolution && !options.onConflict ? await primaryKey(tx, table) : undefined,
          })
      } else if (method === 'PATCH') {
        const row = parseBody(request.body)
        if (row === null || typeof row !== 'object' || Array.isArray(row))
          throw badBody('Empty or invalid json', 'PATCH needs one JSON object')
        const statement = updateStatement(
          table,
          row as Record<string, unknown>,
          query,
          representation,
        )
        build = () => Promise.resolve(statement)
      } else {
        const statement = deleteStatement(table, query, representation)
        build = () => Promise.resolve(statement)
      }
      // The single-object check runs inside the transaction: a 406 rolls the write back.
      return inRequestTransaction(engine, cache, request, false, async (tx) => {
        const result = await run(tx, await build(tx))
        const written = result.page_count
        const body = representation
          ? wantsObject
            ? singleObject(result)
            : (result.body ?? '[]')
          : ''
        const total = count === 'exact' ? written : null
        // PostgREST: `*/N` for an insert; `0-(N-1)/N` for an update or delete.
        const range = method === 'POST' ? `*/${total ?? '*'}` : contentRange(0, written, total)
        // An upsert that merged into existing rows only (none new) answers 200, as PostgREST.
        const merged =
          prefer.resolution === 'merge-duplicates' && written > 0 && result.inserted_count === 0
        const status = method === 'POST' ? (merged ? 200 : 201) : representation ? 200 : 204
        const answerHeaders = representation
          ? { ...headers, 'content-range': range }
          : { 'content-range': range }
        return { status, headers: answerHeaders, body, rowCount: written }
      })
    }
    case 'PUT':
      throw notImplemented('PUT (upsert by primary key)')
    default:
      throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${request.method}`)
  }
}
