/**
 * The database under the local backend: PGlite in a data folder, or a PostgreSQL server when
 * DATABASE_URL is set. Both speak the same SQL; the rest of the server only sees `Engine`.
 * Sessions run in UTC so timestamps come back as `…+00:00`, like a hosted Supabase project.
 *
 * A request's transaction takes an AbortSignal (its client went away). On PostgreSQL a running
 * statement is cancelled from another connection (`pg_cancel_backend`). PGlite runs on Node's
 * main thread and can be interrupted by nothing, not even statement_timeout (measured: it is
 * ignored): there, a transaction whose client has gone is skipped before it starts, no more.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { ClientGone } from './edge/answer'

/** Thrown instead of running a transaction whose client has already gone (the edge drops it). */
export { ClientGone }

/** One statement's rows, as plain objects. */
export type Row = Record<string, unknown>

/** A transaction: statements run one after another on one connection. */
export interface Tx {
  query<R extends Row = Row>(sql: string, params?: unknown[]): Promise<R[]>
}

/** The database the server runs its requests in. */
export interface Engine {
  readonly kind: 'pglite' | 'postgres'
  /**
   * Runs `work` in a transaction: committed when it resolves, rolled back when it throws. When
   * `signal` aborts, the transaction is not started (ClientGone) or, on PostgreSQL, cancelled.
   */
  transaction<T>(work: (tx: Tx) => Promise<T>, signal?: AbortSignal): Promise<T>
  /** Runs a script of several statements (migrations), outside any request. */
  exec(script: string): Promise<void>
  close(): Promise<void>
}

/** Opens PGlite with its files under `dataDir/pgdata` (created on first use: 3–6 s). */
export async function openPglite(dataDir: string): Promise<Engine> {
  const { PGlite } = await import('@electric-sql/pglite')
  const pgdata = join(dataDir, 'pgdata')
  mkdirSync(pgdata, { recursive: true })
  const db = await PGlite.create(pgdata)
  await db.exec(`set timezone = 'UTC'`)
  return {
    kind: 'pglite',
    transaction: (work, signal) =>
      db.transaction((tx) => {
        // PGlite runs one transaction at a time: a request may wait here while its client leaves.
        if (signal?.aborted) throw new ClientGone()
        return work({
          query: async <R extends Row>(sql: string, params?: unknown[]) =>
            (await tx.query<R>(sql, params)).rows,
        })
      }),
    exec: async (script) => {
      await db.exec(script)
    },
    close: () => db.close(),
  }
}

/** Connects to a PostgreSQL server (a small pool: each request holds one connection). */
export async function openPostgres(databaseUrl: string, poolSize = 10): Promise<Engine> {
  const { default: pg } = await import('pg')
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    options: '-c TimeZone=UTC',
  })
  // An idle connection that dies (server restart) must not crash the backend.
  pool.on('error', () => {})
  const probe = await pool.connect()
  probe.release()
  return {
    kind: 'postgres',
    transaction: async (work, signal) => {
      if (signal?.aborted) throw new ClientGone()
      const client = await pool.connect()
      let broken = false
      let cancel: (() => void) | undefined
      try {
        if (signal?.aborted) throw new ClientGone()
        // The server's process id for this connection, sent when it connected (BackendKeyData).
        const pid = (client as unknown as { processID: number }).processID
        cancel = () => {
          // The cancel may land after this statement: the connection is not reused afterwards.
          broken = true
          void pool.query('select pg_cancel_backend($1)', [pid]).catch(() => {})
        }
        signal?.addEventListener('abort', cancel, { once: true })
        await client.query('begin')
        const result = await work({
          query: async <R extends Row>(sql: string, params?: unknown[]) =>
            (await client.query<R>(sql, params as unknown[])).rows,
        })
        await client.query('commit')
        return result
      } catch (error) {
        try {
          await client.query('rollback')
        } catch {
          broken = true
        }
        throw error
      } finally {
        if (cancel) signal?.removeEventListener('abort', cancel)
        client.release(broken)
      }
    },
    exec: async (script) => {
      await pool.query(script)
    },
    close: () => pool.end(),
  }
}
