/**
 * The upgrade a hosted project goes through: a database with only the first migration applied and
 * rows carrying client ids, then every migration. No row is lost, the keys move to the private
 * table, and an offer sent again with an old key (now as its Idempotency-Key) stores nothing.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { openPglite, openPostgres, type Engine } from '../../../server/engine'
import { startBackend } from '../../../server/index'
import { MIGRATIONS_DIR, migrate } from '../../../server/migrations'
import { allowNetwork } from '../setup/no-network'
import { ENGINES, offerKeys, ownerRows, voidClient } from './support/backend'
import { startTestPostgres, type TestPostgres } from './support/postgres'

vi.setConfig({ testTimeout: 120_000 })

const FIRST = readdirSync(MIGRATIONS_DIR)
  .filter((file) => file.endsWith('.sql'))
  .sort()[0]!

const OLD_KEYS = [
  '1b4e28ba-2fa1-41d2-883f-0016d3cca428',
  '6f0c1b8e-3d4a-4f5b-9c6d-7e8f90a1b2c3',
  '9a0e7c41-1d2b-4f3a-8c5d-6e7f8091a2b3',
]

async function query<T>(engine: Engine, sql: string): Promise<T[]> {
  return engine.transaction((tx) => tx.query<T & Record<string, unknown>>(sql))
}

describe.each(ENGINES)('upgrading a database from the first migration on %s', (engine) => {
  let firstOnly: string
  let postgres: TestPostgres | undefined
  let dataDir: string | undefined
  const open = () => (postgres ? openPostgres(postgres.url) : openPglite(dataDir!))

  beforeEach(async () => {
    allowNetwork()
    firstOnly = mkdtempSync(join(tmpdir(), 'unburden-first-migration-'))
    copyFileSync(join(MIGRATIONS_DIR, FIRST), join(firstOnly, FIRST))
    if (engine === 'postgres') postgres = await startTestPostgres()
    else dataDir = mkdtempSync(join(tmpdir(), 'unburden-upgrade-'))
  }, 120_000)

  afterEach(async () => {
    await postgres?.stop()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
    rmSync(firstOnly, { recursive: true, force: true })
    postgres = undefined
    dataDir = undefined
  }, 60_000)

  it('keeps every row, moves every key, and still refuses an old key as a repeat', async () => {
    const old = await open()
    await migrate(old, firstOnly)
    // Rows as the old schema held them: offers with their keys (claimed by the old trigger), one key
    // the private table lost track of, and a row seeded without a key.
    await old.transaction(async (tx) => {
      await tx.query(
        `insert into public.void_thoughts (text, created_at, client_id) values
           ('first offer', '2026-11-21T10:00:00.000001Z', $1),
           ('second offer', '2026-11-21T11:00:00Z', $2),
           ('third offer', '2026-11-21T12:00:00Z', $3),
           ('seeded', '2026-11-21T13:00:00Z', null)`,
        OLD_KEYS,
      )
      await tx.query('delete from private.void_offer_keys where client_id = $1', [OLD_KEYS[2]])
    })
    const before = await query<{ body: string }>(
      old,
      `select json_agg(r order by r.id)::text as body
         from (select id, text, created_at, client_id from public.void_thoughts) r`,
    )
    await old.close()

    const backend = await startBackend({
      port: 0,
      host: '127.0.0.1',
      log: false,
      writeLimitPerMinute: 0,
      ...(postgres ? { databaseUrl: postgres.url } : { dataDir }),
    })
    try {
      const rowsBefore = JSON.parse(before[0]!.body) as {
        id: number
        text: string
        created_at: string
        client_id: string | null
      }[]
      // Every row is there, unchanged; the keys are linked to their rows in the private table.
      const after = await ownerRows(backend)
      expect(after.sort((a, b) => a.id - b.id)).toEqual(
        rowsBefore.map(({ id, text, created_at, client_id }) => ({
          id,
          text,
          created_at,
          offer_key: client_id,
        })),
      )
      expect(await offerKeys(backend)).toEqual(
        rowsBefore
          .filter((row) => row.client_id !== null)
          .map((row) => ({ client_id: row.client_id, thought_id: row.id }))
          .sort((a, b) => a.client_id!.localeCompare(b.client_id!)),
      )
      const columns = await query<{ name: string }>(
        backend.engine,
        `select column_name as name from information_schema.columns
          where table_schema = 'public' and table_name = 'void_thoughts' order by ordinal_position`,
      )
      expect(columns.map((column) => column.name)).toEqual(['id', 'text', 'created_at'])

      // An offer sent before the upgrade whose answer was lost comes again, now with its key in
      // the header: stored nothing, answered 201. The key the private table had lost is held too.
      const supabase = voidClient(backend.url, backend.anonKey)
      for (const key of OLD_KEYS) {
        const again = await supabase
          .from('void_thoughts')
          .insert({ text: 'sent again after the upgrade' })
          .setHeader('Idempotency-Key', key)
        expect(again.status).toBe(201)
      }
      expect(await ownerRows(backend)).toHaveLength(4)
      // A new offer is stored once, and the spec's select=* reads every row.
      const fresh = crypto.randomUUID()
      for (let i = 0; i < 2; i++)
        await supabase
          .from('void_thoughts')
          .insert({ text: 'after the upgrade' })
          .setHeader('Idempotency-Key', fresh)
      const wall = await supabase
        .from('void_thoughts')
        .select('*')
        .order('created_at', { ascending: false })
      expect(wall.status).toBe(200)
      expect(wall.data?.map((row) => row.text)).toEqual([
        'after the upgrade',
        'seeded',
        'third offer',
        'second offer',
        'first offer',
      ])
    } finally {
      await backend.close()
    }
  })
})
