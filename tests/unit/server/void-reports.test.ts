/**
 * Reports as the database enforces them (supabase/migrations/20261123030000_void_reports.sql), on
 * PGlite and PostgreSQL: enough distinct reporters hide a thought for everyone (gone from `select=*`,
 * the feed and the count), one report per thought per reporter, stored as a salted hash only,
 * rate-limited, unreadable and irreversible for the API roles, restorable by the owner with the SQL
 * docs/moderation.md gives. Several reporters are several addresses, so most reports run SQL the way
 * PostgREST does (request.headers and role set per transaction); the HTTP tests check the answers a
 * client sees.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { openPglite, openPostgres, type Engine } from '../../../server/engine'
import { migrate, MIGRATIONS_DIR } from '../../../server/migrations'
import { allowNetwork } from '../setup/no-network'
import {
  asOwner,
  emptyWall,
  DEPLOYED_ENGINES,
  ENGINES,
  useTestBackend,
  voidClient,
  type TestBackend,
} from './support/backend'
import { startTestPostgres } from './support/postgres'

vi.setConfig({ testTimeout: 60_000 })

const REPORTS_MIGRATION = '20261123030000_void_reports.sql'
const THRESHOLD = 3
/** The spec's read: every column of the wall. */
const WALL_COLUMNS = '*'

/** What a report came back with: nothing (201) or PostgREST's error code and status. */
interface Outcome {
  ok: boolean
  code?: string
  status?: number
}

/** The address of reporter `n`, as the edge passes it (the rightmost x-forwarded-for entry). */
const reporter = (n: number): Record<string, string> => ({
  'x-forwarded-for': `10.9.9.9, 203.0.113.${n}`,
})

/** The SQL blocks of docs/moderation.md, in order. */
function moderationSql(): string[] {
  const doc = readFileSync(new URL('../../../docs/moderation.md', import.meta.url), 'utf8')
  return [...doc.matchAll(/```sql\n([\s\S]*?)```/g)].map((match) => match[1]!)
}

describe.each(DEPLOYED_ENGINES)('reports on %s', (engine) => {
  let backend: TestBackend
  let client: SupabaseClient

  useTestBackend(engine, {
    started: (started) => {
      backend = started
      client = voidClient(backend.url, backend.anonKey)
    },
    eachTest: async () => {
      await emptyWall(backend)
      await asOwner(
        backend,
        'update private.void_settings set report_threshold = $1, reports_per_minute = 0',
        [THRESHOLD],
      )
    },
  })

  /** Puts `count` thoughts on the wall as the owner; returns their ids, oldest first. */
  async function seed(count: number): Promise<number[]> {
    const rows = await backend.engine.transaction((tx) =>
      tx.query<{ id: string }>(
        `insert into public.void_thoughts (text)
         select 'thought ' || g from generate_series(1, $1::int) g returning id::text`,
        [count],
      ),
    )
    return rows.map((row) => Number(row.id))
  }

  /** Runs `sql` as PostgREST would for a request from `headers`, as `role`. */
  async function asRole<R extends Record<string, unknown>>(
    sql: string,
    params: unknown[] = [],
    {
      headers = reporter(1),
      role = 'anon',
    }: { headers?: Record<string, string>; role?: string } = {},
  ): Promise<R[]> {
    return backend.engine.transaction(async (tx) => {
      await tx.query(
        `select set_config('request.headers', $1, true), set_config('role', $2, true)`,
        [JSON.stringify(headers), role],
      )
      return tx.query<R>(sql, params)
    })
  }

  /** The error code `sql` fails with as anon, or 'ok'. */
  async function anonCode(sql: string, params: unknown[] = []): Promise<string> {
    try {
      await asRole(sql, params)
      return 'ok'
    } catch (error) {
      return (error as { code: string }).code
    }
  }

  /** Reports `thoughtId` as reporter `n` (a plain insert into public.void_reports). */
  async function report(n: number, thoughtId: number, role = 'anon'): Promise<Outcome> {
    try {
      await asRole('insert into public.void_reports (thought_id) values ($1)', [thoughtId], {
        headers: reporter(n),
        role,
      })
      return { ok: true }
    } catch (error) {
      const { code, message, detail } = error as { code: string; message: string; detail: string }
      if (code !== 'PGRST') return { ok: false, code }
      return {
        ok: false,
        code: (JSON.parse(message) as { code: string }).code,
        status: (JSON.parse(detail) as { status: number }).status,
      }
    }
  }

  /** What a visitor sees: the ids of `select=*`, of the app's first feed page, and the exact count. */
  async function wall(): Promise<{ all: number[]; feed: number[]; count: number | null }> {
    const all = await client.from('void_thoughts').select(WALL_COLUMNS)
    const feed = await client
      .from('void_thoughts')
      .select('id, text, created_at')
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(50)
    const counted = await client
      .from('void_thoughts')
      .select(WALL_COLUMNS, { count: 'exact', head: true })
    expect([all.error, feed.error, counted.error]).toEqual([null, null, null])
    const ids = (rows: { id: number }[] | null): number[] =>
      (rows ?? []).map((row) => Number(row.id)).sort((a, b) => a - b)
    return { all: ids(all.data), feed: ids(feed.data), count: counted.count }
  }

  async function ownerQuery<R extends Record<string, unknown>>(
    sql: string,
    params: unknown[] = [],
  ): Promise<R[]> {
    return backend.engine.transaction((tx) => tx.query<R>(sql, params))
  }

  describe('the threshold', () => {
    it(`${THRESHOLD - 1} reporters leave a thought on the wall; reporter number ${THRESHOLD} hides it for everyone`, async () => {
      const [kept, reported, other] = await seed(3)
      for (let n = 1; n < THRESHOLD; n++) expect(await report(n, reported!)).toEqual({ ok: true })
      await report(1, kept!)
      expect(await wall()).toEqual({
        all: [kept, reported, other],
        feed: [kept, reported, other],
        count: 3,
      })

      expect(await report(THRESHOLD, reported!)).toEqual({ ok: true })
      expect(await wall()).toEqual({ all: [kept, other], feed: [kept, other], count: 2 })
    })

    it('the same reporter reporting again and again does not hide it, and is stored once', async () => {
      const [thought] = await seed(1)
      for (let i = 0; i < THRESHOLD + 2; i++)
        expect(await report(7, thought!)).toEqual({ ok: true })
      expect((await wall()).count).toBe(1)
      const [row] = await ownerQuery<{ n: number }>(
        'select count(*)::int as n from private.void_reports where thought_id = $1',
        [thought],
      )
      expect(row!.n).toBe(1)
    })

    it('an IPv6 reporter is one reporter per /64, whatever address of it reports', async () => {
      const [thought] = await seed(1)
      for (let i = 1; i <= THRESHOLD + 1; i++) {
        const headers = { 'x-forwarded-for': `2001:db8:1:2::${i}` }
        await asRole('insert into public.void_reports (thought_id) values ($1)', [thought], {
          headers,
        })
      }
      expect((await wall()).count).toBe(1)
    })

    it('two reports arriving together at the threshold hide the thought', async () => {
      await asOwner(backend, 'update private.void_settings set report_threshold = 2')
      const [thought] = await seed(1)
      let firstInserted!: () => void
      const inserted = new Promise<void>((resolve) => (firstInserted = resolve))
      const first = backend.engine.transaction(async (tx) => {
        await tx.query(
          `select set_config('request.headers', $1, true), set_config('role', 'anon', true)`,
          [JSON.stringify(reporter(1))],
        )
        await tx.query('insert into public.void_reports (thought_id) values ($1)', [thought])
        firstInserted()
        // Still uncommitted while the second report arrives.
        await tx.query('select pg_sleep(0.3)')
      })
      await inserted
      const second = report(2, thought!)
      await first
      expect(await second).toEqual({ ok: true })
      expect((await wall()).count).toBe(0)
    })

    it('a threshold of 0 turns hiding off; the reports are still recorded', async () => {
      await asOwner(backend, 'update private.void_settings set report_threshold = 0')
      const [thought] = await seed(1)
      for (let n = 1; n <= THRESHOLD + 3; n++)
        expect(await report(n, thought!)).toEqual({ ok: true })
      expect((await wall()).all).toEqual([thought])
      const [row] = await ownerQuery<{ reports: string }>(
        'select reports::text from private.void_reported_thoughts where id = $1',
        [thought],
      )
      expect(row!.reports).toBe(String(THRESHOLD + 3))
    })

    it('a report of a thought already hidden answers as one never used (409), and stores nothing', async () => {
      const [thought] = await seed(1)
      for (let n = 1; n <= THRESHOLD; n++) expect(await report(n, thought!)).toEqual({ ok: true })
      expect(await report(THRESHOLD + 1, thought!)).toEqual({ ok: false, code: '23503' })
      expect(await report(THRESHOLD + 1, 987654321)).toEqual({ ok: false, code: '23503' })
      const [row] = await ownerQuery<{ status: string; reports: string }>(
        'select status, reports::text from private.void_reported_thoughts where id = $1',
        [thought],
      )
      expect(row).toEqual({ status: 'hidden', reports: String(THRESHOLD) })
    })

    it('the hidden thought is kept whole, with its id, text and created_at', async () => {
      const [thought] = await seed(1)
      const [before] = await ownerQuery<{ text: string; created_at: string }>(
        'select text, created_at::text from public.void_thoughts where id = $1',
        [thought],
      )
      for (let n = 1; n <= THRESHOLD; n++) await report(n, thought!)
      const hidden = await ownerQuery(
        'select id::int, text, created_at::text from private.void_hidden_thoughts',
      )
      expect(hidden).toEqual([{ id: thought, ...before }])
    })
  })

  describe('over HTTP, as a client sends it', () => {
    it('a report answers 201 with an empty body; with return=representation, 201 []', async () => {
      const [thought] = await seed(1)
      const minimal = await client.from('void_reports').insert({ thought_id: thought })
      expect(minimal).toMatchObject({ error: null, status: 201, data: null })
      const representation = await client
        .from('void_reports')
        .insert({ thought_id: thought })
        .select()
      expect(representation).toMatchObject({ error: null, status: 201, data: [] })
      // The local server is one reporter (the socket's address): one report stored.
      const [row] = await ownerQuery<{ n: number }>(
        'select count(*)::int as n from private.void_reports',
      )
      expect(row!.n).toBe(1)
    })

    it('the public table reads empty, and cannot be changed or emptied', async () => {
      const [thought] = await seed(1)
      await client.from('void_reports').insert({ thought_id: thought })
      expect(await client.from('void_reports').select('*')).toMatchObject({ data: [], error: null })
      const update = await client
        .from('void_reports')
        .update({ thought_id: 1 })
        .gte('thought_id', 0)
      expect(update.status).toBe(401)
      expect(update.error?.code).toBe('42501')
      const remove = await client.from('void_reports').delete().gte('thought_id', 0)
      expect(remove.status).toBe(401)
      expect(remove.error?.code).toBe('42501')
    })

    it('an unknown thought is a clear 409; a bad id or none is a 400; nothing is stored', async () => {
      const unknown = await client.from('void_reports').insert({ thought_id: 987654321 })
      expect(unknown.status).toBe(409)
      expect(unknown.error).toMatchObject({
        code: '23503',
        message: 'No thought with this id is on the wall',
      })
      const bad = await client.from('void_reports').insert({ thought_id: 'x' })
      expect(bad.status).toBe(400)
      expect(bad.error?.code).toBe('22P02')
      const none = await client.from('void_reports').insert({})
      expect(none.status).toBe(400)
      expect(none.error?.code).toBe('23502')
      const [row] = await ownerQuery<{ n: number }>(
        'select count(*)::int as n from private.void_reports',
      )
      expect(row!.n).toBe(0)
    })
  })

  describe('the API roles cannot read or undo reports', () => {
    it('anon can neither read, change nor delete reports, hidden thoughts, the salt or the view', async () => {
      const [thought] = await seed(1)
      for (let n = 1; n <= THRESHOLD; n++) await report(n, thought!)
      for (const table of [
        'private.void_reports',
        'private.void_hidden_thoughts',
        'private.void_report_salt',
        'private.void_reported_thoughts',
      ]) {
        expect(await anonCode(`select * from ${table}`), table).toBe('42501')
        // A view with a join cannot be deleted from at all (55000), so only the tables are tried.
        if (!table.endsWith('_thoughts') || table.includes('hidden'))
          expect(await anonCode(`delete from ${table}`), table).toBe('42501')
      }
      expect(await anonCode('update private.void_reports set dismissed_at = now()')).toBe('42501')
      expect(await anonCode('update private.void_settings set report_threshold = 0')).toBe('42501')
    })

    it('anon cannot un-hide, record a report past the door, or put the row back by hand', async () => {
      const [thought] = await seed(1)
      for (let n = 1; n <= THRESHOLD; n++) await report(n, thought!)
      expect(await anonCode('select private.restore_thought($1)', [thought])).toBe('42501')
      // Of the private functions, anon may call only the pre-request gate (which does nothing).
      const callable = await ownerQuery<{ name: string }>(
        `select p.proname::text as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'private' and has_function_privilege('anon', p.oid, 'execute')`,
      )
      expect(callable.map((row) => row.name)).toEqual(['void_pre_request'])
      expect(
        await anonCode(
          `insert into public.void_thoughts (id, text, created_at) overriding system value
           values ($1, 'back', now())`,
          [thought],
        ),
      ).toBe('42501')
      expect((await wall()).count).toBe(0)
    })
  })

  describe('the rate limit', () => {
    it('reports_per_minute reports from one address, then 429; a repeat costs its token too', async () => {
      await asOwner(backend, 'update private.void_settings set reports_per_minute = 3')
      const ids = await seed(5)
      const outcomes: Outcome[] = []
      for (const id of ids) outcomes.push(await report(9, id))
      expect(outcomes.slice(0, 3)).toEqual([{ ok: true }, { ok: true }, { ok: true }])
      expect(outcomes[3]).toEqual({ ok: false, code: 'P0429', status: 429 })
      // A repeat stores nothing, but answers as a first report would (429 with the bucket empty):
      // were it free, its 201 would tell that someone at this address already reported the thought.
      expect(await report(9, ids[0]!)).toEqual({ ok: false, code: 'P0429', status: 429 })
      // Another address has its own bucket; the owner is not limited.
      expect(await report(10, ids[4]!)).toEqual({ ok: true })
      expect(await report(9, ids[4]!, 'postgres')).toEqual({ ok: true })
      const [row] = await ownerQuery<{ n: number }>(
        'select count(*)::int as n from private.void_reports',
      )
      expect(row!.n).toBe(5)
    })
  })

  describe('who reported', () => {
    it('is stored only as sha256(salt || address key), never the address; IPv6 by /48', async () => {
      const [thought] = await seed(1)
      await report(5, thought!)
      await asRole('insert into public.void_reports (thought_id) values ($1)', [thought], {
        headers: { 'x-forwarded-for': '2001:db8:aa:bb::5' },
      })
      const rows = await ownerQuery<{ everything: string; salted: boolean; bare: boolean }>(
        `select row_to_json(r)::text as everything,
                r.reporter in (sha256(s.salt || convert_to('203.0.113.5', 'UTF8')),
                               sha256(s.salt || convert_to('2001:db8:aa::/48', 'UTF8'))) as salted,
                r.reporter in (sha256(convert_to('203.0.113.5', 'UTF8')),
                               sha256(convert_to('2001:db8:aa::/48', 'UTF8'))) as bare
           from private.void_reports r cross join private.void_report_salt s`,
      )
      expect(rows).toHaveLength(2)
      for (const row of rows) {
        expect(row.salted).toBe(true)
        expect(row.bare).toBe(false)
        expect(row.everything).not.toMatch(/203\.0\.113|2001:db8|cb007105|20010db8/i)
      }
      const [salt] = await ownerQuery<{ bytes: number }>(
        'select octet_length(salt) as bytes from private.void_report_salt',
      )
      expect(salt!.bytes).toBe(32)
    })
  })

  describe('the owner reviews and restores (docs/moderation.md, as written)', () => {
    it('the review queries list hidden and reported thoughts; restore puts the row back', async () => {
      const [hidden, reported] = await seed(2)
      const [before] = await ownerQuery<{ created_at: string }>(
        'select created_at::text from public.void_thoughts where id = $1',
        [hidden],
      )
      for (let n = 1; n <= THRESHOLD; n++) await report(n, hidden!)
      await report(1, reported!)

      const [review, ...rest] = moderationSql()
      const listed = await ownerQuery<{ id: string; status: string; reports: string }>(review!)
      expect(
        listed.map((row) => ({
          id: Number(row.id),
          status: row.status,
          reports: Number(row.reports),
        })),
      ).toEqual([
        { id: hidden, status: 'hidden', reports: THRESHOLD },
        { id: reported, status: 'visible', reports: 1 },
      ])

      const restore = rest.find((sql) => sql.includes('restore_thought'))!
      const [restored] = await ownerQuery<{ restore_thought: boolean }>(
        restore.replace(/restore_thought\(\d+\)/, `restore_thought(${hidden})`),
      )
      expect(restored!.restore_thought).toBe(true)
      expect(await wall()).toEqual({ all: [hidden, reported], feed: [hidden, reported], count: 2 })
      const [back] = await ownerQuery<{ created_at: string }>(
        'select created_at::text from public.void_thoughts where id = $1',
        [hidden],
      )
      expect(back).toEqual(before)

      // The owner's decision stands: neither the same reporters nor new ones hide it again; new
      // reports show in the review list.
      for (let n = 1; n <= THRESHOLD; n++) await report(n, hidden!)
      expect((await wall()).count).toBe(2)
      for (let n = 11; n < 11 + THRESHOLD; n++) await report(n, hidden!)
      expect((await wall()).all).toEqual([hidden, reported])
      const [again] = await ownerQuery<{ status: string; reports: string }>(
        'select status, reports::text from private.void_reported_thoughts where id = $1',
        [hidden],
      )
      expect(again).toEqual({ status: 'restored', reports: String(THRESHOLD) })

      // Every other block of the document runs as written.
      for (const sql of rest) if (sql !== restore) await ownerQuery(sql)
    })

    it('restoring a thought that is not hidden changes nothing and says so', async () => {
      const [thought] = await seed(1)
      const [row] = await ownerQuery<{ restored: boolean }>(
        'select private.restore_thought($1) as restored',
        [thought],
      )
      expect(row!.restored).toBe(false)
      expect((await wall()).all).toEqual([thought])
    })
  })
})

describe.each(ENGINES)('the reports migration on %s', (engineName) => {
  it('upgrades a database that already holds thoughts, keeping every row', async () => {
    allowNetwork()
    const before = mkdtempSync(join(tmpdir(), 'unburden-migrations-'))
    // Later migrations are upgraded by their own tests: this one stops at the reports migration.
    const through = mkdtempSync(join(tmpdir(), 'unburden-migrations-'))
    for (const file of readdirSync(MIGRATIONS_DIR)) {
      if (!file.endsWith('.sql') || file > REPORTS_MIGRATION) continue
      if (file < REPORTS_MIGRATION) symlinkSync(join(MIGRATIONS_DIR, file), join(before, file))
      symlinkSync(join(MIGRATIONS_DIR, file), join(through, file))
    }
    let engine: Engine
    let stop: () => Promise<void>
    if (engineName === 'postgres') {
      const postgres = await startTestPostgres()
      engine = await openPostgres(postgres.url, 2)
      stop = async () => {
        await engine.close()
        await postgres.stop()
      }
    } else {
      const dataDir = mkdtempSync(join(tmpdir(), 'unburden-upgrade-'))
      engine = await openPglite(dataDir)
      stop = async () => {
        await engine.close()
        rmSync(dataDir, { recursive: true, force: true })
      }
    }
    try {
      await migrate(engine, before)
      const snapshot = `select coalesce(json_agg(t order by t.id), '[]')::text as rows
                          from (select id, text, created_at from public.void_thoughts) t`
      await engine.exec(
        `insert into public.void_thoughts (text) select 'old ' || g from generate_series(1, 500) g`,
      )
      const [old] = await engine.transaction((tx) => tx.query<{ rows: string }>(snapshot))
      expect(await migrate(engine, through)).toEqual(['20261123030000'])
      const [now] = await engine.transaction((tx) => tx.query<{ rows: string }>(snapshot))
      expect(now!.rows).toBe(old!.rows)
      const [settings] = await engine.transaction((tx) =>
        tx.query('select report_threshold, reports_per_minute from private.void_settings'),
      )
      expect(settings).toEqual({ report_threshold: 3, reports_per_minute: 10 })
    } finally {
      await stop()
      rmSync(before, { recursive: true, force: true })
      rmSync(through, { recursive: true, force: true })
    }
  }, 120_000)
})
