/**
 * The backend's options and how the environment sets them (shared by `npm run server` and
 * `npm start`).
 */
import { LOCAL_API_PORT } from '../src/shared/local-backend'
import { HOST } from './edge/host'
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET } from './jwt'

/** The hosted default of the write limit: the value supabase/migrations puts in private.void_settings. */
export const HOSTED_WRITE_LIMIT_PER_MINUTE = 10

/**
 * How long a request may take to arrive whole, headers and body, in ms. The largest a tester sends
 * (a 64 MiB seed) arrives in well under a second on this machine or a local network.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000

/** How a backend is started. */
export interface BackendOptions {
  /** Port of the API (0: any free port). Default 54321. */
  port?: number
  /**
   * Interface to listen on. Default: this machine only (127.0.0.1 and ::1), because anyone who can
   * reach the backend can sign a service_role key with the well-known local secret. `0.0.0.0`
   * lets a phone on the network reach it.
   */
  host?: string
  /**
   * Host names the backend answers to besides its own (`localhost`, `127.0.0.1`, `[::1]`, the address
   * a connection reached, and with `host` set beyond this machine, that host and this machine's name),
   * for a tunnel or proxy that keeps the `Host` it was called by: `name` (any port) or `name:port`.
   * Any other `Host` is answered 421 (DNS rebinding). Default none.
   */
  allowedHosts?: string[]
  /** PGlite's data folder. Default `.data`. Ignored when `databaseUrl` is set. */
  dataDir?: string
  /** A PostgreSQL server to use instead of PGlite. */
  databaseUrl?: string
  /** Offers a minute per client address; 0 turns the limit off. Default: the hosted one. */
  writeLimitPerMinute?: number
  /** Serves the tester controls and plays faults. Default off. */
  faults?: boolean
  /** The token the tester controls require. Default: a random one, printed at start. */
  controlToken?: string
  /**
   * The port the app is served on: its page (on the backend's host, or both on this machine) may
   * call the tester controls with the token, for the app's lab. Default 4173 (`npm start`).
   */
  appPort?: number
  /** Secret the API keys are signed with. Default: Supabase's local development secret. */
  jwtSecret?: string
  /** The anon key printed for the app. Default: Supabase's local anon key. */
  anonKey?: string
  /** Largest REST body accepted, in bytes (413 above). Default 1 MiB. */
  bodyLimitBytes?: number
  /**
   * A request (headers and body) must arrive within this many ms, or it is answered 408 and its
   * connection closed. Default 30 s.
   */
  requestTimeoutMs?: number
  /**
   * PostgREST's `db-tx-end`: `commit` (the default, as on a hosted project) ignores
   * `Prefer: tx=rollback`; `commit-allow-override` honours it.
   */
  txEnd?: 'commit' | 'commit-allow-override'
  /** Where log lines go; false for none. Default: stdout. */
  log?: ((line: string) => void) | false
  /** Migrations folder. Default: this repository's supabase/migrations. */
  migrationsDir?: string
}

/** A comma-separated list of `name` or `name:port` entries (API_ALLOWED_HOSTS). */
function hostList(name: string, value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const entries = value.split(',').map((entry) => entry.trim().toLowerCase())
  const wrong = entries.find((entry) => !HOST.test(entry))
  if (wrong !== undefined)
    throw new Error(`${name} lists host names (name or name:port, comma-separated), not "${wrong}"`)
  return entries
}

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined
  if (!/^\d+$/.test(value)) throw new Error(`${name} must be a whole number, not "${value}"`)
  return Number(value)
}

/**
 * Reads the options from the environment (API_PORT, API_HOST, API_ALLOWED_HOSTS, APP_PORT, DATA_DIR,
 * DATABASE_URL, VOID_WRITE_LIMIT_PER_MINUTE, UNBURDEN_FAULTS, UNBURDEN_CONTROL_TOKEN, JWT_SECRET,
 * ANON_KEY, REQUEST_TIMEOUT_MS;
 * LOG_REQUESTS=0 silences the per-request log) and the `--faults` flag.
 */
export function optionsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  argv: string[] = process.argv,
): BackendOptions {
  return {
    port: integer('API_PORT', env.API_PORT) ?? LOCAL_API_PORT,
    host: env.API_HOST || undefined,
    allowedHosts: hostList('API_ALLOWED_HOSTS', env.API_ALLOWED_HOSTS),
    dataDir: env.DATA_DIR || '.data',
    databaseUrl: env.DATABASE_URL || undefined,
    writeLimitPerMinute: integer('VOID_WRITE_LIMIT_PER_MINUTE', env.VOID_WRITE_LIMIT_PER_MINUTE),
    faults:
      argv.includes('--faults') || env.UNBURDEN_FAULTS === '1' || env.UNBURDEN_FAULTS === 'true',
    controlToken: env.UNBURDEN_CONTROL_TOKEN || undefined,
    appPort: integer('APP_PORT', env.APP_PORT) ?? 4173,
    jwtSecret: env.JWT_SECRET || LOCAL_JWT_SECRET,
    anonKey: env.ANON_KEY || LOCAL_ANON_KEY,
    requestTimeoutMs: integer('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS),
    ...(env.LOG_REQUESTS === '0' ? { log: false as const } : {}),
  }
}
