/**
 * The HTTP handler, one request top to bottom: the host, CORS, the tester controls, faults, routing, the
 * API key, the body, then the REST or RPC handler; one log line either way. Each step is a module of
 * `edge/`, as PostgREST keeps `Cors` and `Auth` apart from its request handling.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { TesterControls } from './controls'
import { ClientGone, type Engine } from './engine'
import { ApiError } from './errors'
import type { Maintenance } from './maintenance'
import { handleRest } from './rest'
import { handleRpc } from './rpc'
import type { SchemaCache } from './schema-cache'
import { authenticate, checkControlAccess, checkServiceRoleOrigin } from './edge/auth'
import { CONTROL_LIMIT_BYTES, checkBodyNesting, readLimited } from './edge/body'
import { appOrigin, corsHeaders, preflightAnswer } from './edge/cors'
import { checkHost, type OwnHosts } from './edge/host'
import { dropsAfterStore, faultsBeforeRoute, faultsBeforeRun } from './edge/faults'
import { requestLogLine } from './edge/log'
import { Reply, errorAnswer, jsonAnswer } from './edge/respond'
import { parseUrl, restTarget, route } from './edge/route'
import { requestEngine, requestHeaders, settingsFor } from './edge/session'

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
  /** The host names the backend answers to (edge/host.ts); any other is refused with 421. */
  hosts: OwnHosts
  /** Whether `Prefer: tx=rollback` is honoured (PostgREST's db-tx-end); hosted projects commit. */
  txEnd?: 'commit' | 'commit-allow-override'
  log: (line: string) => void
}

/** Makes the request handler for node:http. */
export function createHandler(context: HttpContext) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const started = performance.now()
    const url = parseUrl(request.url)
    const method = request.method ?? 'GET'
    const { isRest, isControl, isLabProbe } = route(url, context.controls !== null)
    const guarded = isControl && !isLabProbe
    const fromApp = guarded ? appOrigin(request, context.appPort) : null
    const reply = new Reply(request, response, corsHeaders(guarded, fromApp))
    const readBody = async (limit: number): Promise<string> => {
      const body = await readLimited(request, limit)
      reply.bodyRead = true
      return body
    }

    try {
      // A request naming another host (a page that rebound its own name to this machine) is
      // refused first: nothing below, controls and keys included, is reachable through it.
      checkHost(request, context.hosts)
      if (method === 'OPTIONS') return reply.send(preflightAnswer(request))
      if (isLabProbe && method === 'GET')
        return reply.send(jsonAnswer(200, { faults: context.controls !== null }))
      // Every refusal below is decided from the headers, before the body is read: a body is read
      // only for a request that may act, and never past its limit.
      if (guarded) {
        checkControlAccess(request, url, context.controlToken, fromApp !== null)
        const body = await readBody(CONTROL_LIMIT_BYTES)
        const answer = await context.controls!.handle(method, url.pathname, body)
        if (answer) return reply.send(answer)
      }
      const faults = isRest ? context.controls?.take(method) : undefined
      if ((await faultsBeforeRoute(faults)) === 'drop') return reply.drop()
      const { table, rpc } = restTarget(url)
      const { role, claims } = authenticate(request, context.jwtSecret)
      checkServiceRoleOrigin(request, role)
      const body = await readBody(context.bodyLimitBytes)
      faultsBeforeRun(faults, method, rpc)
      checkBodyNesting(body)
      const engine = requestEngine(
        context.engine,
        settingsFor(context.cache, role),
        reply.gone.signal,
      )
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
      if (dropsAfterStore(faults, method, rpc)) return reply.drop()
      reply.send(answer)
    } catch (error) {
      if (error instanceof ApiError) reply.send(errorAnswer(error))
      else if (error instanceof ClientGone) reply.drop()
      else {
        // The log keeps the cause; the answer says nothing about the server's insides.
        context.log(`error: ${(error as Error).stack ?? String(error)}`)
        reply.send(errorAnswer(new ApiError(500, 'PGRST000', 'Internal server error')))
      }
    } finally {
      const { status } = reply
      if (isRest && method !== 'OPTIONS')
        context.controls?.record({ method, path: url.pathname, query: url.search.slice(1), status })
      context.log(requestLogLine(method, url, status, started))
    }
  }
}
