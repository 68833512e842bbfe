/**
 * `/rest/v1/rpc/<name>`: calling a function of the API schema, as PostgREST does it. GET and HEAD
 * take the arguments from the query string and run read-only; POST takes them from a JSON object
 * (an empty body is `{}`) and runs read-only for a stable or immutable function. The function is
 * chosen by its name and the names of the arguments given, as PostgREST chooses among overloads.
 * Executing it needs the role's EXECUTE privilege: the database checks that, not the server.
 *
 * Answers: a scalar function its value as JSON (`3`, `"text"`), a function returning one row an
 * object, a set-returning one an array, a void one 204. Filtering, ordering or paging a function's
 * result (`select`, `order`, `limit`, operators) is not implemented here: refused with 400 PGRST127.
 */
import type { Engine } from './engine'
import { ApiError, badBody, notImplemented } from './errors'
import { quoteIdent } from './postgrest/sql'
import { checkProfile, inRequestTransaction, type Answer, type RestRequest } from './rest'
import { API_SCHEMA, type FunctionInfo, type SchemaCache } from './schema-cache'

const JSON_TYPE = 'application/json; charset=utf-8'
/** Query parameters PostgREST reads as shaping the result, never as arguments. */
const RESULT_PARAMS = new Set([
  'select',
  'order',
  'limit',
  'offset',
  'and',
  'or',
  'not.and',
  'not.or',
])

function notFound(name: string, given: string[]): ApiError {
  const signature = given.length
    ? `${API_SCHEMA}.${name}(${given.join(', ')})`
    : `${API_SCHEMA}.${name} without parameters`
  return new ApiError(
    404,
    'PGRST202',
    `Could not find the function ${signature} in the schema cache`,
    given.length
      ? `Searched for the function ${API_SCHEMA}.${name} with parameters ${given.join(', ')} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`
      : `Searched for the function ${API_SCHEMA}.${name} without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
  )
}

/** The overload whose argument names cover exactly what was given (every argument without a default). */
function chooseFunction(cache: SchemaCache, name: string, given: string[]): FunctionInfo {
  const candidates = (cache.functions.get(name) ?? []).filter(
    (fn) =>
      given.every((key) => fn.args.some((arg) => arg.name === key)) &&
      fn.args.every((arg) => arg.hasDefault || given.includes(arg.name)),
  )
  const [chosen, other] = candidates
  if (!chosen) throw notFound(name, [...given].sort())
  if (other)
    throw new ApiError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${candidates
        .map(
          (fn) =>
            `${API_SCHEMA}.${fn.name}(${fn.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`,
        )
        .join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    )
  return chosen
}

/** An argument's value as the text its SQL type is read from. */
function argumentText(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null
  if (type === 'json' || type === 'jsonb') return JSON.stringify(value)
  if (typeof value === 'string') return value
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value as number | boolean)
}

function argumentsOf(request: RestRequest): Record<string, unknown> {
  if (request.method === 'POST') {
    for (const key of request.params.keys())
      if (key !== 'columns')
        throw notImplemented(`Filtering, ordering or paging a function's result (${key})`)
    if (request.body.trim() === '') return {}
    let body: unknown
    try {
      body = JSON.parse(request.body)
    } catch (error) {
      throw badBody('Empty or invalid json', (error as Error).message)
    }
    if (Array.isArray(body)) throw notImplemented('Calling a function with an array of arguments')
    if (body === null || typeof body !== 'object')
      throw badBody('Empty or invalid json', "A function's arguments are one JSON object")
    return body as Record<string, unknown>
  }
  const args: Record<string, unknown> = {}
  for (const [key, value] of request.params) {
    if (RESULT_PARAMS.has(key))
      throw notImplemented(`Filtering, ordering or paging a function's result (${key})`)
    if (key in args) throw notImplemented(`Repeating an argument (${key})`)
    args[key] = value
  }
  return args
}

/** Calls `/rpc/<request.table>` and returns PostgREST's answer (errors are thrown as ApiError). */
export async function handleRpc(
  engine: Engine,
  cache: SchemaCache,
  request: RestRequest,
): Promise<Answer> {
  const { method } = request
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST')
    throw new ApiError(405, 'PGRST101', 'Only GET and POST are allowed for functions')
  checkProfile(request.headers[method === 'POST' ? 'content-profile' : 'accept-profile'])
  const accept = request.headers.accept ?? ''
  if (accept && !/application\/json|\*\/\*|application\/\*/.test(accept))
    throw notImplemented(`The media type ${accept} for a function's result`)
  const name = request.table
  const args = argumentsOf(request)
  const fn = chooseFunction(cache, name, Object.keys(args))
  const params: unknown[] = []
  const named = fn.args
    .filter((arg) => arg.name in args)
    .map((arg) => {
      params.push(argumentText(args[arg.name], arg.type))
      return `${quoteIdent(arg.name)} => $${params.length}::${arg.type}`
    })
  const call = `${quoteIdent(API_SCHEMA)}.${quoteIdent(fn.name)}(${named.join(', ')})`
  const sql =
    fn.returns === 'void'
      ? `select ${call}, null::text as body, 0 as rows`
      : fn.returns === 'one'
        ? fn.returnsRows
          ? `select to_json(r)::text as body, 1 as rows from ${call} r`
          : `select to_json(${call})::text as body, 1 as rows`
        : fn.returnsRows
          ? `select coalesce(json_agg(r), '[]')::text as body, count(*) as rows from ${call} r`
          : `select coalesce(json_agg(r.value), '[]')::text as body, count(*) as rows from ${call} as r(value)`
  const readOnly = method !== 'POST' || fn.volatility !== 'v'
  const [row] = await inRequestTransaction(engine, cache, request, readOnly, (tx) =>
    tx.query<{ body: string | null; rows: number | string }>(sql, params),
  )
  if (fn.returns === 'void') return { status: 204, headers: {}, body: '' }
  const rows = Number(row?.rows ?? 0)
  const headers = {
    'content-type': JSON_TYPE,
    'content-range': rows === 0 ? '*/*' : `0-${rows - 1}/*`,
  }
  return { status: 200, headers, body: method === 'HEAD' ? '' : (row?.body ?? 'null') }
}
