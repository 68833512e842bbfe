/**
 * The wall's count kept by the database (20261123040000_void_count.sql): `rpc/void_thought_count`
 * answers what `count=exact` would, after offers one by one and in a batch, repeats, a report that
 * hides a thought, a restore, the owner's deletes and a truncate; the API roles cannot change it; and
 * an upgrade counts the rows already there.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { openPglite, openPostgres } from '../../../server/engine'
import { startBackend } from '../../../server/index'
import { MIGRATIONS_DIR, migrate } from '../../../server/migrations'
import { allowNetwork } from '../setup/no-network'
import {
  asOwner,
  emptyWall,
  ENGINES,
  realFetch,
  useTestBackend,
  voidClient,
  type TestBackend,
} from './support/backend'
import { startTestPostgres, type TestPostgres } from './support/postgres'

vi.setConfig({ testTimeout: 60_000 })

const COUNT_MIGRATION = '20261123040000_void_count.sql'

/** The count as the app asks it (GET), and as `count=exact` counts the table. */
async function counts(client: SupabaseClient): Promise<{ counter: unknown; exact: unknown }> {
  const counter = await client.rpc('void_thought_count', undefined, { get: true })
  const exact = await client.from('void_thoughts').select('*', { count: 'exact', head: true })
  expect([counter.error, exact.error]).toEqual([null, null])
  return { counter: counter.data, exact: exact.count }
}

describe.each(ENGINES)('the wall count on %s', (engine) => {
  let backend: TestBackend
  let client: SupabaseClient

  useTestBackend(engine, {
    started: (started) => {
      backend = started
      client = voidClient(backend.url, backend.anonKey)
    },
    eachTest: async () => {
      await emptyWall(backend)
      await asOwner(backend, 'update private.void_settings set report_threshold = 1')
    },
  })

  const offer = (rows: { text: string }[], key?: string) =>
    client
      .from('void_thoughts')
      .insert(rows)
      .setHeader('Idempotency-Key', key ?? crypto.randomUUID())

  it('counts offers one by one and in a batch, and a repeat once', async () => {
    expect(await counts(client)).toEqual({ counter: 0, exact: 0 })
    const key = crypto.randomUUID()
    expect((await offer([{ text: 'one' }], key)).status).toBe(201)
    expect((await offer([{ text: 'one' }], key)).status).toBe(201) // a repeat stores nothing
    expect(await counts(client)).toEqual({ counter: 1, exact: 1 })
    const batch = Array.from({ length: 40 }, (_, i) => ({ text: `batch ${i}` }))
    expect((await offer(batch)).status).toBe(201)
    expect(await counts(client)).toEqual({ counter: 41, exact: 41 })
    // A refused row rolls its statement back, and the count with it.
    expect((await offer([{ text: 'fine' }, { text: '   ' }])).status).toBe(400)
    expect(await counts(client)).toEqual({ counter: 41, exact: 41 })
  })

  it('answers the same by POST, and `select=*` is still the three columns', async () => {
    await offer([{ text: 'a' }, { text: 'b' }])
    const posted = await client.rpc('void_thought_count')
    expect(posted).toMatchObject({ status: 200, data: 2, error: null })
    const all = await client.from('void_thoughts').select('*')
    expect(all.error).toBeNull()
    expect(Object.keys(all.data![0]!).sort()).toEqual(['created_at', 'id', 'text'])
  })

  it('drops a thought a report hides, and counts it again when the owner restores it', async () => {
    await offer([{ text: 'kept' }, { text: 'reported' }, { text: 'also kept' }])
    const { data } = await client.from('void_thoughts').select('id, text').eq('text', 'reported')
    const id = Number(data![0]!.id)
    const reported = await client.from('void_reports').insert({ thought_id: id })
    expect(reported.status).toBe(201)
    expect(await counts(client)).toEqual({ counter: 2, exact: 2 })
    await asOwner(backend, 'select private.restore_thought($1)', [id])
    expect(await counts(client)).toEqual({ counter: 3, exact: 3 })
  })

  it("follows the owner's deletes and a truncate, and recounts after triggers were bypassed", async () => {
    await offer(Array.from({ length: 5 }, (_, i) => ({ text: `t${i}` })))
    await asOwner(backend, "delete from public.void_thoughts where text in ('t1', 't2')")
    expect(await counts(client)).toEqual({ counter: 3, exact: 3 })
    await asOwner(backend, 'truncate public.void_thoughts')
    expect(await counts(client)).toEqual({ counter: 0, exact: 0 })
    await backend.engine.transaction(async (tx) => {
      await tx.query("set local session_replication_role = 'replica'")
      await tx.query("insert into public.void_thoughts (text) values ('restored'), ('from a dump')")
    })
    expect(await counts(client)).toEqual({ counter: 0, exact: 2 })
    await asOwner(backend, 'select private.recount_thoughts()')
    expect(await counts(client)).toEqual({ counter: 2, exact: 2 })
  })

  it('stays exact under concurrent offers', async () => {
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        offer(Array.from({ length: (i % 3) + 1 }, (_, j) => ({ text: `c${i}.${j}` }))),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201))
    expect(await counts(client)).toEqual({ counter: 48, exact: 48 })
  })

  it("is what the app's first page reads (src/features/void/api/void-api.ts), not a count of the table", async () => {
    await offer([{ text: 'p' }, { text: 'q' }])
    // Nudged as only the owner can: the total the app shows follows the counter, proving it never
    // asked count=exact.
    await asOwner(
      backend,
      'update private.void_thought_counts set thoughts = thoughts + 1000 where stripe = 3',
    )
    vi.stubEnv('VITE_SUPABASE_URL', backend.url)
    vi.resetModules()
    try {
      const { fetchVoidPage } = await import('../../../src/features/void/api/void-api')
      const page = await fetchVoidPage(null, { withTotal: true })
      expect(page.total).toBe(1002)
      expect(page.rows.map((row) => row.text)).toEqual(['q', 'p'])
      // The next page after 'q' (keyset with its created_at bound) is 'p', and nothing after it.
      const next = await fetchVoidPage(page.rows[0]!)
      expect(next.rows.map((row) => row.text)).toEqual(['p'])
      expect((await fetchVoidPage(page.rows[1]!)).rows).toEqual([])
    } finally {
      vi.unstubAllEnvs()
      await asOwner(backend, 'select private.recount_thoughts()')
    }
  })

  it('the API roles can read the count and change none of it', async () => {
    await offer([{ text: 'x' }])
    for (const role of ['anon', 'authenticated']) {
      for (const sql of [
        'update private.void_thought_counts set thoughts = 1000000',
        'insert into private.void_thought_counts (stripe, thoughts) values (0, 5)',
        'delete from private.void_thought_counts',
        'truncate private.void_thought_counts',
        'select private.recount_thoughts()',
      ]) {
        const code = await backend.engine
          .transaction(async (tx) => {
            await tx.query(`select set_config('role', $1, true)`, [role])
            await tx.query(sql)
            return 'ok'
          })
          .catch((error: { code: string }) => error.code)
        expect({ role, sql, code }).toEqual({ role, sql, code: '42501' })
      }
    }
    // Through the API: the counter's table is not exposed, and no function writes it.
    const table = await realFetch(`${backend.url}/rest/v1/void_thought_counts`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        authorization: `Bearer ${backend.anonKey}`,
        'content-type': 'application/json',
      },
      body: '{"stripe":0,"thoughts":5}',
    })
    expect(table.status).toBe(404)
    const recount = await client.rpc('recount_thoughts')
    expect(recount.status).toBe(404)
    expect(await counts(client)).toEqual({ counter: 1, exact: 1 })
  })
})

describe.each(ENGINES)('upgrading to the wall count on %s', (engine) => {
  let before: string
  let postgres: TestPostgres | undefined
  let dataDir: string | undefined

  beforeEach(async () => {
    allowNetwork()
    before = mkdtempSync(join(tmpdir(), 'unburden-before-count-'))
    for (const file of readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql')))
      if (file < COUNT_MIGRATION) copyFileSync(join(MIGRATIONS_DIR, file), join(before, file))
    if (engine === 'postgres') postgres = await startTestPostgres()
    else dataDir = mkdtempSync(join(tmpdir(), 'unburden-count-upgrade-'))
  }, 120_000)

  afterEach(async () => {
    await postgres?.stop()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
    rmSync(before, { recursive: true, force: true })
    postgres = undefined
    dataDir = undefined
  }, 60_000)

  it('starts from the rows already on the wall, not from zero', async () => {
    const old = postgres ? await openPostgres(postgres.url) : await openPglite(dataDir!)
    await migrate(old, before)
    await old.transaction(async (tx) => {
      await tx.query(
        `insert into public.void_thoughts (text) select 'old ' || g from generate_series(1, 1234) g`,
      )
      // One thought a report had hidden: not on the wall, not counted.
      await tx.query(
        `with gone as (delete from public.void_thoughts where text = 'old 7' returning *)
         insert into private.void_hidden_thoughts (id, text, created_at)
         select id, text, created_at from gone`,
      )
    })
    await old.close()

    const backend = await startBackend({
      port: 0,
      host: '127.0.0.1',
      log: false,
      writeLimitPerMinute: 0,
      ...(postgres ? { databaseUrl: postgres.url } : { dataDir }),
    })
    try {
      const client = voidClient(backend.url, backend.anonKey)
      expect(await counts(client)).toEqual({ counter: 1233, exact: 1233 })
      const [hidden] = await backend.engine.transaction((tx) =>
        tx.query<{ id: string }>(`select id::text from private.void_hidden_thoughts`),
      )
      await backend.engine.transaction((tx) =>
        tx.query('select private.restore_thought($1)', [Number(hidden!.id)]),
      )
      expect(await counts(client)).toEqual({ counter: 1234, exact: 1234 })
    } finally {
      await backend.close()
    }
  })
})
