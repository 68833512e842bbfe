/**
 * The local backend: a PostgREST stand-in at http://localhost:54321/rest/v1 over PGlite (a data
 * folder) or PostgreSQL (DATABASE_URL), with the schema of supabase/migrations.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { resolve } from 'node:path'
import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  HOSTED_WRITE_LIMIT_PER_MINUTE,
  type BackendOptions,
} from './config'
import { openPglite, openPostgres, type Engine } from './engine'
import { answerClientError } from './edge/client-error'
import { ownHosts } from './edge/host'
import { createHandler, pipeline, type HttpContext } from './http'
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET } from './jwt'
import { lockDataDir } from './lock'
import { Maintenance } from './maintenance'
import { migrate } from './migrations'
import { loadSchemaCache } from './schema-cache'

export type { BackendOptions } from './config'

/** A running backend. */
export interface Backend {
  /** Base URL to give supabase-js (`http://localhost:<port>`). */
  url: string
  port: number
  anonKey: string
  /** The token the tester controls require (header x-unburden-control-token or `?token=`). */
  controlToken: string
  /**
   * The names of the steps each request runs through, in order: the product's, and the tester's
   * only when started with `faults`.
   */
  steps: readonly string[]
  engine: Engine
  /** Stops listening, closes the database and releases the data folder. */
  close(): Promise<void>
}

/** Starts the backend; resolves once it answers requests. */
export async function startBackend(options: BackendOptions = {}): Promise<Backend> {
  const log =
    options.log === false ? () => {} : (options.log ?? ((line: string) => console.log(line)))
  const release = options.databaseUrl ? () => {} : lockDataDir(resolve(options.dataDir ?? '.data'))
  let engine: Engine | undefined
  try {
    engine = options.databaseUrl
      ? await openPostgres(options.databaseUrl)
      : await openPglite(resolve(options.dataDir ?? '.data'))
    await migrate(engine, options.migrationsDir)
    const limit = options.writeLimitPerMinute ?? HOSTED_WRITE_LIMIT_PER_MINUTE
    // A database holding only the spec's table (no private schema) has no limit to set.
    await engine.transaction(async (tx) => {
      const [settings] = await tx.query<{ present: boolean }>(
        `select to_regclass('private.void_settings') is not null as present`,
      )
      if (settings?.present)
        await tx.query('update private.void_settings set writes_per_minute = $1', [limit])
    })
    const cache = await loadSchemaCache(engine)
    const maintenance = new Maintenance(engine, [...cache.tables.keys()], log)
    const controlToken = options.controlToken ?? randomBytes(24).toString('base64url')
    const context: HttpContext = {
      engine,
      cache,
      maintenance,
      jwtSecret: options.jwtSecret ?? LOCAL_JWT_SECRET,
      bodyLimitBytes: options.bodyLimitBytes ?? 1024 * 1024,
      hosts: ownHosts(options.host, options.allowedHosts),
      log,
      txEnd: options.txEnd ?? 'commit',
    }
    // The tester's controls and faults are steps of their own, loaded only when asked for: a
    // production start neither loads their module nor puts any of them in its pipeline.
    const tester = options.faults
      ? (await import('./tester/steps')).testerSteps({
          engine,
          maintenance,
          controlToken,
          appPort: options.appPort,
        })
      : undefined
    const steps = pipeline(context, tester)
    const handler = createHandler(context, steps)
    // A request must arrive whole (headers and body) within requestTimeoutMs, or Node ends it and
    // clientError answers 408: a client that sends slowly, or declares a body it never sends, cannot
    // hold a connection for ever. Node checks its connections every connectionsCheckingInterval.
    const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS
    const serve = () => {
      const inFlight = new WeakMap<Duplex, ServerResponse>()
      const server = createServer(
        {
          requestTimeout: requestTimeoutMs,
          headersTimeout: requestTimeoutMs,
          connectionsCheckingInterval: Math.min(1000, Math.max(50, requestTimeoutMs / 4)),
        },
        (request, response) => {
          inFlight.set(request.socket, response)
          // The handler answers every error itself; this only guards the process against the unforeseen.
          handler(request, response).catch(() => response.destroy())
        },
      )
      server.on('clientError', (error: Error & { code?: string }, socket: Duplex) =>
        answerClientError(error, socket, inFlight.get(socket), requestTimeoutMs),
      )
      server.keepAliveTimeout = 5000
      return server
    }
    const listen = (server: Server, port: number, host: string | undefined) =>
      new Promise<void>((done, fail) => {
        server.once('error', fail)
        server.listen(port, host, () => done())
      })
    // By default this machine only: on IPv4, then on IPv6's loopback too when it has one, so
    // `localhost` works whichever address a client resolves it to.
    const servers = [serve()]
    await listen(servers[0]!, options.port ?? 54321, options.host ?? '127.0.0.1')
    const port = (servers[0]!.address() as AddressInfo).port
    if (options.host === undefined) {
      const loopback6 = serve()
      try {
        await listen(loopback6, port, '::1')
        servers.push(loopback6)
      } catch {
        // No IPv6 loopback here (or the port is taken on it): IPv4 is enough.
      }
    }
    const opened = engine
    let closing: Promise<void> | undefined
    return {
      url: `http://localhost:${port}`,
      port,
      anonKey: options.anonKey ?? LOCAL_ANON_KEY,
      controlToken,
      steps: steps.map((step) => step.name),
      engine: opened,
      close: () =>
        (closing ??= (async () => {
          for (const server of servers) server.closeAllConnections()
          await Promise.all(
            servers.map((server) => new Promise<void>((done) => server.close(() => done()))),
          )
          await maintenance.close()
          await opened.close()
          release()
        })()),
    }
  } catch (error) {
    await engine?.close().catch(() => {})
    release()
    throw error
  }
}
