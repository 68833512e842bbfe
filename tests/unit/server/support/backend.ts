/**
 * Starting the local backend for a test on either engine, and a supabase-js client for it.
 * supabase-js needs a WebSocket in Node 20 unless given a realtime transport: the tests never
 * subscribe, so they pass one that refuses to open, and vitest runs without --experimental-websocket.
 */
import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { startBackend, type Backend, type BackendOptions } from '../../../../server/index'
import { emptyWall as emptyWallOf } from '../../../../server/tester/controls'
import { MIGRATIONS_DIR } from '../../../../server/migrations'
import { allowNetwork } from '../../setup/no-network'
import { startDeployedPostgres, type HostedPostgres } from './hosted'
import { startTestPostgres, type TestPostgres } from './postgres'

/** The engines every backend test runs on. */
export const ENGINES = ['pglite', 'postgres'] as const
/**
 * Those, and `hosted`: PostgreSQL set up like a hosted Supabase project, the migrations deployed by
 * the real Supabase CLI (`supabase db push`), not by our runner. The contract tests (the spec's calls,
 * exactly once, the limits, reports) run on it too: what users deploy is what is tested.
 */
export const DEPLOYED_ENGINES = [...ENGINES, 'hosted'] as const
export type EngineName = (typeof DEPLOYED_ENGINES)[number]

/** The fetch Node had before any test stubbed it. */
export const realFetch = globalThis.fetch

class NoRealtime {
  constructor() {
    throw new Error('Realtime is not used by these tests')
  }
}

/**
 * A new PGlite data folder with the migrations applied. Creating one takes 3–20 s on a busy machine,
 * so the first is kept as a template (keyed by the migrations, the migration code and PGlite's
 * version) and copied.
 */
export async function freshPgliteDir(): Promise<string> {
  const hash = createHash('sha256')
  for (const file of readdirSync(MIGRATIONS_DIR).sort())
    hash.update(file).update(readFileSync(join(MIGRATIONS_DIR, file)))
  hash.update(readFileSync(new URL('../../../../server/migrations.ts', import.meta.url)))
  const manifest = JSON.parse(
    readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8'),
  ) as { devDependencies: Record<string, string> }
  hash.update(manifest.devDependencies['@electric-sql/pglite'] ?? '')
  const template = join(tmpdir(), `unburden-pglite-template-${hash.digest('hex').slice(0, 16)}`)
  if (!existsSync(template)) {
    const building = mkdtempSync(`${template}-building-`)
    const backend = await startBackend({
      port: 0,
      host: '127.0.0.1',
      dataDir: building,
      log: false,
    })
    await backend.close()
    try {
      renameSync(building, template)
    } catch {
      rmSync(building, { recursive: true, force: true }) // another test process made it first
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'unburden-pglite-'))
  cpSync(template, dataDir, { recursive: true })
  return dataDir
}

/** A backend on a fresh database, and what it takes to remove it. */
export interface TestBackend extends Backend {
  /** Where its data lives: the PGlite folder, or the PostgreSQL URL. */
  where: string
  stop(): Promise<void>
}

/** Starts a backend on a fresh PGlite folder, a fresh PostgreSQL cluster, or a hosted-like one. */
export async function startTestBackend(
  engine: EngineName,
  options: BackendOptions = {},
): Promise<TestBackend> {
  let postgres: TestPostgres | HostedPostgres | undefined
  let dataDir: string | undefined
  if (engine === 'postgres') postgres = await startTestPostgres()
  else if (engine === 'hosted') postgres = await startDeployedPostgres()
  else dataDir = await freshPgliteDir()
  const backend = await startBackend({
    port: 0,
    host: '127.0.0.1',
    log: false,
    writeLimitPerMinute: 0,
    faults: true,
    ...options,
    ...(postgres ? { databaseUrl: postgres.url } : { dataDir }),
  })
  return {
    ...backend,
    where: postgres?.url ?? (dataDir as string),
    stop: async () => {
      await backend.close()
      await postgres?.stop()
      if (dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * One backend on `engine` for the describe block this is called in: started before its tests and
 * handed to `started`, stopped after them. Before each test the network is allowed again (the
 * no-network guard), then `eachTest` runs: emptying the wall, the settings the block tests with.
 */
export function useTestBackend(
  engine: EngineName,
  hooks: {
    options?: BackendOptions
    started: (backend: TestBackend) => void
    eachTest?: (backend: TestBackend) => Promise<unknown>
  },
): void {
  let backend: TestBackend | undefined
  beforeAll(async () => {
    backend = await startTestBackend(engine, hooks.options)
    hooks.started(backend)
  }, 120_000)
  afterAll(async () => {
    await backend?.stop()
  }, 60_000)
  beforeEach(async () => {
    allowNetwork()
    if (backend) await hooks.eachTest?.(backend)
  })
}

/** supabase-js as the app configures it. */
export function voidClient(url: string, key: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as never },
    global: { fetch: (...args: Parameters<typeof fetch>) => realFetch(...args) },
  })
}

/** A row as the table owner sees it, with the idempotency key claimed for it (private). */
export interface OwnerRow {
  id: number
  text: string
  created_at: string
  offer_key: string | null
}

/** Every row as the table owner sees it, newest first. */
export async function ownerRows(backend: Backend): Promise<OwnerRow[]> {
  const [row] = await backend.engine.transaction((tx) =>
    tx.query<{ body: string }>(
      `select coalesce(json_agg(r order by r.created_at desc, r.id desc), '[]')::text as body
         from (select t.id, t.text, t.created_at,
                      (select k.client_id from private.void_offer_keys k where k.thought_id = t.id) as offer_key
                 from public.void_thoughts t) r`,
    ),
  )
  return JSON.parse(row?.body ?? '[]') as never
}

/** Every claimed idempotency key, as the table owner sees them. */
export async function offerKeys(
  backend: Backend,
): Promise<{ client_id: string; thought_id: number | null }[]> {
  const [row] = await backend.engine.transaction((tx) =>
    tx.query<{ body: string }>(
      `select coalesce(json_agg(k order by k.client_id), '[]')::text as body
         from (select client_id, thought_id from private.void_offer_keys) k`,
    ),
  )
  return JSON.parse(row?.body ?? '[]') as never
}

/** Runs SQL as the table owner (set-up only). */
export async function asOwner(
  backend: Backend,
  sql: string,
  params: unknown[] = [],
): Promise<void> {
  await backend.engine.transaction((tx) => tx.query(sql, params))
}

/**
 * Empties the wall and everything kept beside it (claimed keys, reports, hidden thoughts, the owner's
 * decisions, the hourly hide budget) and every address's write bucket, as the owner, and puts the
 * moderation clock back to the real one (dating the reporter salt from now): each test starts on an
 * empty wall with full buckets and a whole budget.
 */
export async function emptyWall(backend: Backend): Promise<void> {
  await emptyWallOf(backend.engine)
}
