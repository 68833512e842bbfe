/**
 * The API roles' statement_timeout (Supabase's: 3 s anon, 8 s authenticated) holds per request:
 * a `set local role` alone does not apply a role's settings, so the server sets them in each
 * transaction as PostgREST does. Proven on PostgreSQL with the timeout lowered by the owner;
 * PGlite ignores statement_timeout altogether (see server/engine.ts), so there the caps hold.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startBackend } from '../../../server/index'
import { allowNetwork } from '../setup/no-network'
import { realFetch } from './support/backend'
import { startTestPostgres, type TestPostgres } from './support/postgres'

let postgres: TestPostgres
beforeAll(async () => {
  postgres = await startTestPostgres()
}, 60_000)
afterAll(() => postgres?.stop())

it('the baseline sets the hosted timeouts, and a read over them is cancelled with 57014', async () => {
  allowNetwork()
  const options = { port: 0, host: '127.0.0.1', databaseUrl: postgres.url, log: false as const }
  const first = await startBackend(options)
  const settings = await first.engine.transaction((tx) =>
    tx.query<{ rolname: string; setting: string }>(
      `select r.rolname, c as setting from pg_db_role_setting s join pg_roles r on r.oid = s.setrole,
              unnest(s.setconfig) c where c like 'statement_timeout=%' order by 1`,
    ),
  )
  expect(settings).toEqual([
    { rolname: 'anon', setting: 'statement_timeout=3s' },
    { rolname: 'authenticated', setting: 'statement_timeout=8s' },
    { rolname: 'authenticator', setting: 'statement_timeout=8s' },
  ])
  await first.engine.transaction(async (tx) => {
    await tx.query(`insert into public.void_thoughts (text)
                    select 'thought ' || i from generate_series(1, 200000) i`)
    await tx.query(`alter role anon set statement_timeout = '5ms'`)
  })
  await first.close()

  const second = await startBackend(options)
  try {
    const read = (key: string) =>
      realFetch(`${second.url}/rest/v1/void_thoughts?select=id&text=ilike.*zz*&text=ilike.*yy*`, {
        headers: { apikey: key },
      })
    const slow = await read(second.anonKey)
    expect(await slow.json()).toMatchObject({
      code: '57014',
      message: 'canceling statement due to statement timeout',
    })
    // The owner's own setting stayed: the baseline does not overwrite it at start.
    const [kept] = await second.engine.transaction((tx) =>
      tx.query<{ n: number }>(
        `select count(*)::int as n from pg_db_role_setting s join pg_roles r on r.oid = s.setrole,
                unnest(s.setconfig) c where r.rolname = 'anon' and c = 'statement_timeout=5ms'`,
      ),
    )
    expect(kept?.n).toBe(1)
  } finally {
    await second.close()
  }
}, 120_000)
