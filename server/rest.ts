/**
 * One REST request on a table, run the way PostgREST runs it: in a transaction (read-only for
 * GET/HEAD) that first sets `role`, `request.jwt.claims`, `request.method`, `request.path` and
 * `request.headers`, then calls the configured pre-request function, then the statement. Grants,
 * row-level security and the rate limit are therefore the database's doing.
 */
import type { Engine, Tx } from './engine'
import { ApiError, badBody, fromDatabaseError, isDatabaseError, notImplemented } from './errors'
import type { Claims } from './jwt'
import { parseColumns, parsePrefer, parseReadQuery } from './postgrest/parse'
import {
  deleteStatement,
  insertStatement,
  readStatement,
  rowsOfBody,
  updateStatement,
  type Statement,
} from './postgrest/sql'
import { API_SCHEMA, type SchemaCache } from './schema-cache'

/** A REST request, already authenticated. */
export interface RestRequest {
  method: string
  table: string
  path: string
  params: URLSearchParams
  /** Lower-case names; x-forwarded-for is the client's socket address. */
  headers: Record<string, string>
  body: string
  role: string
  claims: Claims
}

/** An answer to send. */
export interface Answer {
  status: number
  headers: Record<string, string>
  body: string
  /** Rows read or written. */
  rowCount?: number
}

const JSON_TYPE = 'application/json; charset=utf-8'
const SINGLE_OBJECT = 'application/vnd.pgrst.object+json'

function checkProfile(header: string | undefined): void {
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

async function inRequestTransaction<T>(
  engine: Engine,
  cache: SchemaCache,
  request: RestRequest,
  readOnly: boolean,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
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
      return work(tx)
    })
  } catch (error) {
    if (isDatabaseError(error)) throw fromDatabaseError(error, request.role)
    throw error
  }
}

interface Result {
  total?: string | null
  page_count: number
  body: string | null
}

async function run(tx: Tx, statement: Statement): Promise<Result> {
  const [row] = await tx.query<Result & Record<string, unknown>>(statement.sql, statement.params)
  if (!row) throw new Error('A statement returned no result row')
  return row
}

function contentRange(first: number, count: number, total: string | null | undefined): string {
  const range = count === 0 ? '*' : `${first}-${first + count - 1}`
  return `${range}/${total ?? '*'}`
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
  if (accept && !wantsObject && !/application\/json|\*\/\*|application\/\*/.test(accept))
    throw new ApiError(406, 'PGRST107', `None of these media types are available: ${accept}`)
  const prefer = parsePrefer(request.headers.prefer)
  const query = parseReadQuery(request.params)
  const headers: Record<string, string> = {
    'content-type': wantsObject ? `${SINGLE_OBJECT}; charset=utf-8` : JSON_TYPE,
  }

  switch (request.method) {
    case 'GET':
    case 'HEAD': {
      checkProfile(request.headers['accept-profile'])
      const statement = readStatement(table, query, prefer.count === 'exact')
      const result = await inRequestTransaction(engine, cache, request, true, (tx) =>
        run(tx, statement),
      )
      headers['content-range'] = contentRange(query.offset ?? 0, result.page_count, result.total)
      const body = wantsObject ? singleObject(result) : (result.body ?? '[]')
      return { status: 200, headers, body: request.method === 'HEAD' ? '' : body }
    }
    case 'POST':
    case 'PATCH':
    case 'DELETE': {
      checkProfile(request.headers['content-profile'])
      const representation = prefer.return === 'representation'
      let statement: Statement
      if (request.method === 'POST') {
        const columnsParam = request.params.get('columns')
        const { rows, columns } = rowsOfBody(
          parseBody(request.body),
          columnsParam ? parseColumns(columnsParam) : null,
        )
        const onConflict = request.params.get('on_conflict')
        statement = insertStatement(table, rows, columns, {
          onConflict: onConflict ? parseColumns(onConflict) : null,
          resolution: prefer.resolution,
          representation,
          select: query.select,
        })
      } else if (request.method === 'PATCH') {
        const row = parseBody(request.body)
        if (row === null || typeof row !== 'object' || Array.isArray(row))
          throw badBody('Empty or invalid json', 'PATCH needs one JSON object')
        statement = updateStatement(table, row as Record<string, unknown>, query, representation)
      } else {
        statement = deleteStatement(table, query, representation)
      }
      const result = await inRequestTransaction(engine, cache, request, false, (tx) =>
        run(tx, statement),
      )
      const status = request.method === 'POST' ? 201 : representation ? 200 : 204
      if (!representation) return { status, headers: {}, body: '', rowCount: result.page_count }
      headers['content-range'] = contentRange(0, result.page_count, null)
      if (request.method === 'POST') headers['content-range'] = `*/*`
      return {
        status,
        headers,
        body: wantsObject ? singleObject(result) : (result.body ?? '[]'),
        rowCount: result.page_count,
      }
    }
    case 'PUT':
      throw notImplemented('PUT (upsert by primary key)')
    default:
      throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${request.method}`)
  }
}
