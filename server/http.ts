/**
 * The HTTP side: CORS, the body size limit, API-key verification, routing to the REST handler or the
 * tester controls, faults, and one log line per request. Every answer that is not a success carries
 * PostgREST's JSON error body, never an empty 404.
 */
import { timingSafeEqual } from 'node:crypto'
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import { CONTROL_TOKEN_HEADER } from '../src/shared/local-backend'
import { acceptsEncoding } from './accept-encoding'
import type { TesterControls } from './controls'
import { ClientGone, type Engine } from './engine'
import { ApiError } from './errors'
import { JwtError, verifyJwt, type Claims } from './jwt'
import type { Maintenance } from './maintenance'
import { handleRest, type Answer } from './rest'
import { handleRpc } from './rpc'
import type { SchemaCache } from './schema-cache'

/** Roles a key may carry (Supabase's API roles). */
export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const

/**
 * Headers the CORS preflight allows when the browser names none: every header supabase-js sends, and
 * `idempotency-key` (an offer's key). A preflight that names its headers gets them reflected, as
 * PostgREST and Supabase's gateway do.
 */
const ALLOWED_HEADERS = [
  'apikey',
  'idempotency-key',
  'authorization',
  'content-type',
  'accept',
  'accept-profile',
  'content-profile',
  'prefer',
  'range',
  'x-client-info',
  'x-retry-count',
  'x-supabase-api-version',
  'traceparent',
  'tracestate',
  'baggage',
].join(', ')

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers':
    'content-range, content-location, location, retry-after, preference-applied',
}

const REST_PREFIX = '/rest/v1/'
const CONTROL_LIMIT_BYTES = 64 * 1024 * 1024

/** Deepest JSON a REST body may nest (the app's offer nests 1 deep). */
const BODY_MAX_DEPTH = 32

/** What the HTTP handler needs. */
export interface HttpContext {
  engine: Engine
  cache: SchemaCache
  maintenance: Maintenance
  jwtSecret: string
  bodyLimitBytes: number
  controls: TesterControls | null
  /** The token a tester control request must carry. */
  controlToken: string
  /**
   * The port the app is served on (`npm start`): a page of that port on the backend's own host (or
   * both on this machine) may call the tester controls with the token, for the app's lab.
   */
  appPort?: number
  /** Whether `Prefer: tx=rollback` is honoured (PostgREST's db-tx-end); hosted projects commit. */
  txEnd?: 'commit' | 'commit-allow-override'
  log: (line: string) => void
}

class TooLarge extends Error {}

/** True when the request says a body follows (a length above 0, or chunks). */
function declaresBody(request: IncomingMessage): boolean {
  return (
    Number(request.headers['content-length'] ?? 0) > 0 ||
    request.headers['transfer-encoding'] !== undefined
  )
}

/**
 * The body, refused as soon as it passes `limit` (by its declared length, or while it arrives), so
 * nothing larger is ever held. A client that leaves before sending it all is gone, not an error.
 */
function readBody(request: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(request.headers['content-length'] ?? 0)
  if (declared > limit) return Promise.reject(new TooLarge())
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        request.removeAllListeners('data')
        request.resume()
        reject(new TooLarge())
      } else chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', () => reject(new ClientGone()))
    request.on('close', () => {
      if (!request.complete) reject(new ClientGone())
    })
  })
}

function jsonAnswer(status: number, value: unknown): Answer {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(value),
  }
}

function errorAnswer(error: ApiError): Answer {
  return {
    status: error.status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...error.headers },
    body: JSON.stringify(error.body()),
  }
}

/** Verifies the request's key (Authorization: Bearer first, then apikey) and returns its claims. */
function authenticate(request: IncomingMessage, secret: string): { role: string; claims: Claims } {
  const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]
  const apikey = request.headers.apikey
  const token = bearer ?? (typeof apikey === 'string' ? apikey : undefined)
  if (!token)
    throw new ApiError(
      401,
      'PGRST301',
      'No API key found in request',
      null,
      'No `apikey` request header or url param was found.',
    )
  let claims: Claims
  try {
    claims = verifyJwt(token.trim(), secret)
  } catch (error) {
    if (error instanceof JwtError)
      throw new ApiError(401, error.claims ? 'PGRST303' : 'PGRST301', error.message, null, null, {
        'www-authenticate': `Bearer error="invalid_token", error_description="${error.message}"`,
      })
    throw error
  }
  const role = claims.role
  if (typeof role !== 'string' || !(API_ROLES as readonly string[]).includes(role))
    throw new ApiError(
      401,
      'PGRST301',
      `The role in the JWT is not one this API accepts`,
      `role: ${String(role)}`,
    )
  return { role, claims }
}

/**
 * The headers PostgREST passes to SQL (`request.headers`): lower-cased names, one string each (a
 * repeated header's values joined with ", ", so a trigger sees them all and refuses what it cannot
 * read), with x-forwarded-for set from the socket as a gateway would. Built with own properties only,
 * so no header name (`__proto__`, `constructor`) can go missing from the JSON.
 */
export function requestHeaders(request: IncomingMessage): Record<string, string> {
  const entries: [string, string][] = []
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined && name.toLowerCase() !== 'cf-connecting-ip')
      entries.push([name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value])
  entries.push([
    'x-forwarded-for',
    (request.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, ''),
  ])
  return Object.fromEntries(entries) as Record<string, string>
}

/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9a-z]+$/

/** The preflight's allowed headers: those the browser asks for (checked as header names), or the list. */
function allowedHeaders(request: IncomingMessage): string {
  const asked = request.headers['access-control-request-headers']
  const names = (Array.isArray(asked) ? asked.join(',') : (asked ?? ''))
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '')
  return names.length > 0 && names.every((name) => HEADER_NAME.test(name))
    ? [...new Set(names)].join(', ')
    : ALLOWED_HEADERS
}

/** The request's URL; one Node cannot parse is answered as an unknown path. */
function parseUrl(raw: string | undefined): URL {
  try {
    return new URL(raw ?? '/', 'http://localhost')
  } catch {
    return new URL('/__unparseable__', 'http://localhost')
  }
}

function decodePath(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw new ApiError(400, 'PGRST100', 'Invalid percent-encoding in the path')
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Refuses JSON nested deeper than BODY_MAX_DEPTH, in one pass, before anything parses it. */
function checkBodyNesting(body: string): void {
  let depth = 0
  let quoted = false
  for (let i = 0; i < body.length; i++) {
    const ch = body.charCodeAt(i)
    if (quoted) {
      if (ch === 92)
        i++ // backslash
      else if (ch === 34) quoted = false
    } else if (ch === 34) quoted = true
    else if (ch === 91 || ch === 123) {
      if (++depth > BODY_MAX_DEPTH)
        throw new ApiError(
          400,
          'PGRST102',
          'Empty or invalid json',
          `The body nests more than ${BODY_MAX_DEPTH} levels deep`,
        )
    } else if (ch === 93 || ch === 125) depth--
  }
}

const refusedControl = (details: string) =>
  new ApiError(403, '42501', 'The tester controls need their token', details)

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The app's own origin, as the page served by `npm start` sends it: the app's port, on the host the
 * request reached the backend by (a phone on the network), or both on this machine. Null otherwise.
 */
function appOrigin(request: IncomingMessage, appPort: number | undefined): string | null {
  const origin = request.headers.origin
  if (origin === undefined || appPort === undefined) return null
  let page: URL
  let backend: URL
  try {
    page = new URL(origin)
    backend = new URL(`http://${request.headers.host ?? ''}`)
  } catch {
    return null
  }
  const sameHost =
    page.hostname === backend.hostname ||
    (LOOPBACK.has(page.hostname) && LOOPBACK.has(backend.hostname))
  return page.protocol.startsWith('http') && page.port === String(appPort) && sameHost
    ? page.origin
    : null
}

/**
 * True when a browser page of another origin than the backend's own sent the request: it names an
 * Origin (`null` included) whose host is not the one the request reached the backend by. Tools such
 * as curl, scripts and supabase-js in Node send none.
 */
function fromOtherOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin
  if (origin === undefined) return false
  try {
    return new URL(origin).host !== request.headers.host
  } catch {
    return true
  }
}

/**
 * A tester control answers only a request with the printed token, never one a browser sends from
 * a page of another origin (a cross-site form could otherwise reset the wall), except the app's own
 * page (its lab), which must send the token in the header. Checked from the headers alone, before
 * any body is read.
 */
function checkControlAccess(
  request: IncomingMessage,
  url: URL,
  token: string,
  fromApp: boolean,
): void {
  if (!fromApp && fromOtherOrigin(request))
    throw refusedControl('Cross-origin requests are refused')
  const header = request.headers[CONTROL_TOKEN_HEADER]
  const fromHeader = typeof header === 'string' ? header : undefined
  const given = Buffer.from(fromHeader ?? (fromApp ? '' : url.searchParams.get('token')) ?? '')
  const expected = Buffer.from(token)
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw refusedControl(
      `Send the token the backend printed at start in the ${CONTROL_TOKEN_HEADER} header`,
    )
}

/**
 * The service_role key passes every limit the wall keeps (row-level security, the write limit): it
 * belongs to the owner's own tools, never to a browser page. Sent by a page of another origin (the
 * app's included), the key has leaked into a page, and any site the laptop opens could write with
 * it: refused, before its body is read.
 */
function checkServiceRoleOrigin(request: IncomingMessage, role: string): void {
  if (role === 'service_role' && fromOtherOrigin(request))
    throw new ApiError(
      403,
      '42501',
      'The service_role key is not accepted from a browser page',
      `Origin: ${String(request.headers.origin)}`,
      'Pages use the anon key; service_role is for tools that send no Origin (curl, scripts).',
    )
}

/**
 * The engine as one request sees it: each transaction first applies the role's settings (as
 * PostgREST does; `set local role` alone would not apply them), and stops when the client leaves.
 */
function requestEngine(engine: Engine, settings: [string, string][], signal: AbortSignal): Engine {
  return {
    ...engine,
    kind: engine.kind,
    transaction: (work, given) =>
      engine.transaction(async (tx) => {
        if (settings.length > 0)
          await tx.query(
            `select set_config(s.name, s.value, true) from json_to_recordset($1::json) as s(name text, value text)`,
            [JSON.stringify(settings.map(([name, value]) => ({ name, value })))],
          )
        return work(tx)
      }, given ?? signal),
  }
}

/** The settings a request of `role` runs with: the authenticator's, then the role's own. */
function settingsFor(cache: SchemaCache, role: string): [string, string][] {
  const merged = new Map([
    ...(cache.roleSettings.get('authenticator') ?? []),
    ...(cache.roleSettings.get(role) ?? []),
  ])
  merged.delete('pgrst.db_pre_request')
  return [...merged]
}

/** Bodies smaller than this are sent as they are: compressing them saves less than it costs. */
const GZIP_MIN_BYTES = 1024

/** Off the main thread (the thread pool), which on PGlite also runs the database. */
const gzipAsync = promisify(gzip)

/**
 * The answer's body, gzipped when the client accepts it and it is worth it, as hosted Supabase's
 * gateway sends it. A body that could be gzipped says so in `Vary` either way.
 */
async function encodeBody(
  request: IncomingMessage,
  answer: Answer,
): Promise<{ headers: Record<string, string>; body: string | Buffer }> {
  if (Buffer.byteLength(answer.body) < GZIP_MIN_BYTES)
    return { headers: answer.headers, body: answer.body }
  const headers = { ...answer.headers, vary: 'Accept-Encoding' }
  if (!acceptsEncoding(request.headers['accept-encoding'], 'gzip'))
    return { headers, body: answer.body }
  return {
    headers: { ...headers, 'content-encoding': 'gzip' },
    body: await gzipAsync(answer.body, { level: 6 }),
  }
}

/**
 * What Node's HTTP parser refuses before the handler sees a request (a malformed request, headers too
 * large, a request not received in time), as PostgREST's JSON error instead of Node's bare status
 * line: `[status, code, message]`.
 */
function clientErrorAnswer(code: string | undefined): [number, string, string] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return [408, '57P05', 'The request did not arrive in time']
  if (code === 'HPE_HEADER_OVERFLOW') return [431, '54000', 'Request headers are too large']
  return [400, '08P01', 'Malformed HTTP request']
}

/**
 * Answers node:http's `clientError` (the server's `requestTimeout` ending a slow request included)
 * with a PostgREST error, unless an answer already began on the socket; then closes the connection.
 * `inFlight` is the response of the request the socket is serving, if any.
 */
export function answerClientError(
  error: Error & { code?: string },
  socket: Duplex,
  inFlight: ServerResponse | undefined,
  requestTimeoutMs: number,
): void {
  const answering = inFlight !== undefined && !inFlight.writableFinished ? inFlight : undefined
  if (error.code === 'ECONNRESET' || !socket.writable || answering?.headersSent) {
    socket.destroy()
    return
  }
  const [status, code, message] = clientErrorAnswer(error.code)
  const details =
    status === 408 ? `The whole request must arrive within ${requestTimeoutMs} ms` : null
  const body = JSON.stringify({ code, message, details, hint: null })
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      `content-type: application/json; charset=utf-8\r\n` +
      `access-control-allow-origin: *\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  )
}

/** Makes the request handler for node:http. */
export function createHandler(context: HttpContext) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const started = performance.now()
    const url = parseUrl(request.url)
    const method = request.method ?? 'GET'
    const isRest = url.pathname.startsWith(REST_PREFIX)
    const isControl = context.controls !== null && url.pathname.startsWith('/__')
    // The app's lab asks whether this backend has fault injection on: anyone may ask, and the
    // answer says only that, faults on or off (a backend without them answers too, so the app's
    // probe on every page load never logs a failed request).
    const isLabProbe = url.pathname === '/__lab'
    const fromApp = isControl && !isLabProbe ? appOrigin(request, context.appPort) : null
    let status = 0
    const gone = new AbortController()
    response.once('close', () => {
      if (!response.writableFinished) gone.abort()
    })

    let sent = false
    let bodyRead = false
    const send = (answer: Answer) => {
      if (sent || response.headersSent || !request.socket.writable) return
      sent = true
      status = answer.status
      // Answered before its body was read (refused from the headers): the rest of the body is
      // discarded and the connection closes, rather than waiting for the next request behind it.
      if (declaresBody(request) && !bodyRead) response.setHeader('connection', 'close')
      // The tester controls are for the tester's own tools and the app's own lab: no page of any
      // other origin may read them.
      const cors: Record<string, string> = fromApp
        ? { 'access-control-allow-origin': fromApp, vary: 'Origin' }
        : isControl && !isLabProbe
          ? {}
          : CORS
      const write = ({
        headers,
        body,
      }: {
        headers: Record<string, string>
        body: string | Buffer
      }) => {
        if (response.headersSent || !request.socket.writable) return
        response.writeHead(answer.status, {
          ...cors,
          ...headers,
          ...(cors['vary'] && headers['vary']
            ? { vary: `${cors['vary']}, ${headers['vary']}` }
            : {}),
        })
        response.end(body)
      }
      encodeBody(request, answer).then(write, () => write(answer))
    }
    const drop = () => {
      status = 0
      request.socket.destroy()
    }

    try {
      if (method === 'OPTIONS') {
        send({
          status: 204,
          headers: {
            'access-control-allow-methods': 'GET, HEAD, POST, PATCH, PUT, DELETE, OPTIONS',
            'access-control-allow-headers': allowedHeaders(request),
            'access-control-max-age': '86400',
          },
          body: '',
        })
        return
      }
      if (isLabProbe && method === 'GET')
        return send(jsonAnswer(200, { faults: context.controls !== null }))
      // Every refusal below is decided from the headers, before the body is read: a body is read
      // only for a request that may act, and never past its limit.
      const readLimited = async (limit: number): Promise<string> => {
        try {
          const body = await readBody(request, limit)
          bodyRead = true
          return body
        } catch (error) {
          if (!(error instanceof TooLarge)) throw error
          throw new ApiError(413, '54000', 'Request body is too large', `At most ${limit} bytes`)
        }
      }
      if (isControl && !isLabProbe) {
        checkControlAccess(request, url, context.controlToken, fromApp !== null)
        const body = await readLimited(CONTROL_LIMIT_BYTES)
        const answer = await context.controls!.handle(method, url.pathname, body)
        if (answer) return send(answer)
      }
      const faults = isRest ? context.controls?.take(method) : undefined
      if (faults?.latencyMs) await sleep(faults.latencyMs)
      if (faults?.mode === 'drop') return drop()
      if (faults?.mode === '503')
        throw new ApiError(
          503,
          'PGRST001',
          'Database client error. Retrying the connection.',
          'Fault injection: 503',
        )
      if (faults?.mode === '429')
        throw new ApiError(
          429,
          'P0429',
          'Too many offers from this address. Try again later.',
          'Fault injection: 429',
          null,
          { 'retry-after': String(faults.retryAfterSeconds ?? 0) },
        )
      if (!isRest)
        throw new ApiError(
          404,
          'PGRST125',
          `Invalid path specified in request URL: ${url.pathname}`,
          'Only /rest/v1/<table> is served by the local backend',
        )

      const table = decodePath(url.pathname.slice(REST_PREFIX.length))
      const rpc = /^rpc\/([^/]+)$/.exec(table)?.[1]
      if (!rpc && (table === '' || table.includes('/')))
        throw new ApiError(
          404,
          'PGRST125',
          `Invalid path specified in request URL: ${url.pathname}`,
        )
      const { role, claims } = authenticate(request, context.jwtSecret)
      checkServiceRoleOrigin(request, role)
      const body = await readLimited(context.bodyLimitBytes)
      if (faults?.mode === 'reject-inserts' && method === 'POST' && !rpc)
        throw new ApiError(400, 'P0001', 'Inserts are refused', 'Fault injection: reject-inserts')
      checkBodyNesting(body)
      const engine = requestEngine(context.engine, settingsFor(context.cache, role), gone.signal)
      const answer = await (rpc ? handleRpc : handleRest)(engine, context.cache, {
        method,
        table: rpc ?? table,
        path: url.pathname,
        params: url.searchParams,
        headers: requestHeaders(request),
        body,
        role,
        claims,
        txEnd: context.txEnd,
      })
      if (!rpc && method !== 'GET' && method !== 'HEAD')
        context.maintenance.noteWrites(answer.rowCount ?? 0)
      if (faults?.mode === 'store-then-drop' && method === 'POST' && !rpc) return drop()
      send(answer)
    } catch (error) {
      if (error instanceof ApiError) send(errorAnswer(error))
      else if (error instanceof ClientGone) drop()
      else {
        // The log keeps the cause; the answer says nothing about the server's insides.
        context.log(`error: ${(error as Error).stack ?? String(error)}`)
        send(errorAnswer(new ApiError(500, 'PGRST000', 'Internal server error')))
      }
    } finally {
      if (isRest && method !== 'OPTIONS')
        context.controls?.record({ method, path: url.pathname, query: url.search.slice(1), status })
      context.log(
        `${new Date().toISOString()} ${method} ${url.pathname}${url.search} ${status || 'dropped'} ${(performance.now() - started).toFixed(1)}ms`,
      )
    }
  }
}
