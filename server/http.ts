/**
 * The HTTP handler: each request runs through a pipeline of named steps, in order, until one answers
 * it or drops its connection; one log line either way. The product's steps are the host, the CORS
 * preflight, the lab's probe, routing, the API key, the body, then the REST or RPC handler and its
 * answer; those before the handler are modules of `edge/`, as PostgREST keeps `Cors` and `Auth`
 * apart from its request handling. The tester's controls and faults are none of them: a backend started with the controls
 * on adds the tester's steps (tester/steps.ts) at the points `AddedSteps` names, and one started
 * without them builds its pipeline from the product's steps alone.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { ApiError, ClientGone, type Answer } from './edge/answer'
import { authenticate, checkServiceRoleOrigin } from './edge/auth'
import { checkBodyNesting, readLimited } from './edge/body'
import { CORS, preflightAnswer } from './edge/cors'
import { checkHost, type OwnHosts } from './edge/host'
import type { Claims } from './edge/jwt'
import { requestLogLine } from './edge/log'
import { Reply, errorAnswer, jsonAnswer } from './edge/respond'
import { LAB_PROBE_PATH, parseUrl, restTarget } from './edge/route'
import type { Engine } from './engine'
import type { Maintenance } from './maintenance'
import { handleRest } from './rest'
import { handleRpc } from './rpc'
import type { SchemaCache } from './schema-cache'
import { requestEngine, requestHeaders, settingsFor } from './session'

/** What the product's steps need. */
export interface HttpContext {
  engine: Engine
  cache: SchemaCache
  maintenance: Maintenance
  jwtSecret: string
  bodyLimitBytes: number
  /** The host names the backend answers to (edge/host.ts); any other is refused with 421. */
  hosts: OwnHosts
  /** Whether `Prefer: tx=rollback` is honoured (PostgREST's db-tx-end); hosted projects commit. */
  txEnd?: 'commit' | 'commit-allow-override'
  log: (line: string) => void
}

/** One request on its way through the pipeline, and what the steps before have learned of it. */
export interface Exchange {
  readonly request: IncomingMessage
  readonly url: URL
  readonly method: string
  readonly reply: Reply
  /** The body as text, refused with 413 once it passes `limit`. */
  readBody(limit: number): Promise<string>
  /** Runs `then` once the request has ended, with the status answered (0: dropped). */
  whenDone(then: (status: number) => void): void
  /** The table or function the REST path names (the `route` step). */
  target?: { table: string; rpc: string | undefined }
  /** The API key's role and claims (the `key` step). */
  key?: { role: string; claims: Claims }
  /** The body (the `body` step). */
  body?: string
  /** The REST or RPC handler's answer (the `run` step), sent by the `answer` step. */
  answer?: Answer
}

/** What a step does with a request: answers it, drops its connection, or passes it on. */
export type Outcome = Answer | 'drop' | undefined

/** One step of the pipeline. Refusals are thrown as `ApiError`, and answered as PostgREST does. */
export interface Step {
  readonly name: string
  run(exchange: Exchange): Outcome | Promise<Outcome>
}

/**
 * Steps a start adds among the product's, at fixed points; only the tester's exist (tester/steps.ts).
 */
export interface AddedSteps {
  /** Before anything, the host included: may narrow the answer's CORS, or wait for its status. */
  first: Step[]
  /** After the host and the preflight, before the lab's probe and routing. */
  beforeRoute: Step[]
  /** Once the key and the body are in, before the body is checked and the request runs. */
  beforeRun: Step[]
  /** After the request ran (its writes stored), before its answer is sent. */
  beforeAnswer: Step[]
}

const step = (name: string, run: Step['run']): Step => ({ name, run })

/**
 * The steps every request runs through, in order: the product's, and `added` (the tester's) at their
 * points. Every refusal up to the body is decided from the headers, before the body is read: a body
 * is read only for a request that may act, and never past its limit.
 */
export function pipeline(context: HttpContext, added?: AddedSteps): Step[] {
  return [
    ...(added?.first ?? []),
    // A request naming another host (a page that rebound its own name to this machine) is refused
    // first: nothing below, the keys included, is reachable through it.
    step('host', ({ request }) => {
      checkHost(request, context.hosts)
    }),
    step('preflight', ({ request, method }) =>
      method === 'OPTIONS' ? preflightAnswer(request) : undefined,
    ),
    ...(added?.beforeRoute ?? []),
    // The app asks at every page load; a backend without the tester's controls says they are off
    // (a backend with them answers in an added step before this one).
    step('lab probe', ({ method, url }) =>
      method === 'GET' && url.pathname === LAB_PROBE_PATH
        ? jsonAnswer(200, { faults: false })
        : undefined,
    ),
    step('route', (exchange) => {
      exchange.target = restTarget(exchange.url)
    }),
    step('key', (exchange) => {
      const key = authenticate(exchange.request, context.jwtSecret)
      checkServiceRoleOrigin(exchange.request, key.role)
      exchange.key = key
    }),
    step('body', async (exchange) => {
      exchange.body = await exchange.readBody(context.bodyLimitBytes)
    }),
    ...(added?.beforeRun ?? []),
    step('nesting', ({ body }) => {
      checkBodyNesting(body ?? '')
    }),
    step('run', async (exchange) => {
      const { request, method, url, reply } = exchange
      const { table, rpc } = exchange.target!
      const { role, claims } = exchange.key!
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
        body: exchange.body ?? '',
        role,
        claims,
        txEnd: context.txEnd,
      })
      if (!rpc && method !== 'GET' && method !== 'HEAD')
        context.maintenance.noteWrites(answer.rowCount ?? 0)
      exchange.answer = answer
    }),
    ...(added?.beforeAnswer ?? []),
    step('answer', ({ answer }) => answer),
  ]
}

/** Makes the request handler for node:http, running each request through `steps`. */
export function createHandler(context: HttpContext, steps: readonly Step[] = pipeline(context)) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const started = performance.now()
    const url = parseUrl(request.url)
    const method = request.method ?? 'GET'
    const reply = new Reply(request, response, CORS)
    const done: ((status: number) => void)[] = []
    const exchange: Exchange = {
      request,
      url,
      method,
      reply,
      readBody: async (limit) => {
        const body = await readLimited(request, limit)
        reply.bodyRead = true
        return body
      },
      whenDone: (then) => void done.push(then),
    }

    try {
      for (const { run } of steps) {
        // A step that needs no wait runs without one, so the request goes on in the same turn.
        const ran = run(exchange)
        const outcome = ran instanceof Promise ? await ran : ran
        if (outcome === 'drop') return reply.drop()
        if (outcome) return reply.send(outcome)
      }
      throw new Error('No step of the pipeline answered the request')
    } catch (error) {
      if (error instanceof ApiError) reply.send(errorAnswer(error))
      else if (error instanceof ClientGone) reply.drop()
      else {
        // The log keeps the cause; the answer says nothing about the server's insides.
        context.log(`error: ${(error as Error).stack ?? String(error)}`)
        reply.send(errorAnswer(new ApiError(500, 'PGRST000', 'Internal server error')))
      }
    } finally {
      for (const then of done) then(reply.status)
      context.log(requestLogLine(method, url, reply.status, started))
    }
  }
}
