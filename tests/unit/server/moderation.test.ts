/**
 * Moderation that cannot be turned into a weapon (issue 24;
 * supabase/migrations/20261125000000_moderation_budget.sql), on PGlite and PostgreSQL, each attack of
 * the issue reproduced as an attacker would send it: a wall-wide budget of automatic hides, an
 * owner's decision that stands, a reporter identity that is coarse (IPv6 by /48) and counts only so
 * many reports a day, limits that answer a broken statement the same whatever the bucket holds,
 * hidden ids answered like unknown ones, a row cap that ends deadlocks and floods of repeats, and
 * pruning on the report path. Reports from many addresses run SQL as PostgREST does (the gateway's
 * request.headers); the oracle, leak and deadlock requests go over HTTP as a client sends them.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { openPglite, openPostgres, type Engine } from '../../../server/engine'
import { migrate, MIGRATIONS_DIR } from '../../../server/migrations'
import {
  advanceClock,
  answerOf,
  asRequest,
  from,
  reportFrom,
  reviewList,
  seedThoughts,
  wallIds,
} from '../../fixtures/moderation'
import { allowNetwork } from '../setup/no-network'
import {
  asOwner,
  emptyWall,
  DEPLOYED_ENGINES,
  ENGINES,
  realFetch,
  useTestBackend,
  type TestBackend,
} from './support/backend'
import { startTestPostgres } from './support/postgres'

vi.setConfig({ testTimeout: 120_000 })

const MIGRATION = '20261125000000_moderation_budget.sql'
const REVIEW = '20261125010000_moderation_review.sql'
const BUDGET = 5

describe.each(DEPLOYED_ENGINES)('moderation on %s', (engineName) => {
  let backend: TestBackend
  let engine: Engine

  useTestBackend(engineName, {
    started: (started) => {
      backend = started
      engine = started.engine
    },
    eachTest: async () => {
      await emptyWall(backend)
      // The shipped defaults, except the offer limit the test backend turns off.
      await asOwner(
        backend,
        `update private.void_settings
            set report_threshold = 3, reports_per_minute = 10, auto_hides_per_hour = ${BUDGET},
                counted_reports_per_day = 5, writes_per_minute = 10`,
      )
    },
  })

  const setting = (sql: string) => asOwner(backend, `update private.void_settings set ${sql}`)

  /** Every address in `addresses` reports every thought in `ids`, address by address. */
  async function everyoneReports(addresses: string[], ids: number[]): Promise<void> {
    for (const id of ids) for (const address of addresses) await reportFrom(engine, address, id)
  }

  /** A POST to the REST API as the app's anon client sends it; the status and body. */
  async function post(
    table: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: string }> {
    const response = await realFetch(`${backend.url}/rest/v1/${table}`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        authorization: `Bearer ${backend.anonKey}`,
        'content-type': 'application/json',
        ...headers,
      },
      body: JSON.stringify(body),
    })
    return { status: response.status, body: await response.text() }
  }

  const count = async (sql: string): Promise<number> => {
    const [row] = await engine.transaction((tx) => tx.query<{ n: number }>(sql))
    return row!.n
  }

  describe('a budget for automatic hides', () => {
    it(`three addresses against 12 thoughts hide ${BUDGET}; the rest stay on the wall, pending`, async () => {
      await setting('reports_per_minute = 0, counted_reports_per_day = 100')
      const ids = await seedThoughts(engine, 12)
      await everyoneReports(['198.51.100.1', '198.51.100.2', '198.51.100.3'], ids)
      expect(await wallIds(engine)).toEqual(ids.slice(BUDGET))
      expect((await reviewList(engine)).map((row) => row.status)).toEqual([
        ...Array<string>(BUDGET).fill('hidden'),
        ...Array<string>(12 - BUDGET).fill('pending'),
      ])
      expect(await count('select count(*)::int as n from private.void_reports')).toBe(36)
    })

    it('an hour later the budget is whole again, and the thoughts that waited leave first', async () => {
      await setting('reports_per_minute = 0, counted_reports_per_day = 100')
      const first = await seedThoughts(engine, BUDGET + 1)
      await everyoneReports(['198.51.100.1', '198.51.100.2', '198.51.100.3'], first)
      await advanceClock(engine, '59 minutes')
      const later = await seedThoughts(engine, 2)
      await everyoneReports(['198.51.100.4', '198.51.100.5', '198.51.100.6'], later)
      // Still inside the hour of the first hides: nothing more is hidden.
      expect(await wallIds(engine)).toEqual([first[BUDGET]!, ...later])
      await advanceClock(engine, '2 minutes')
      // The next write finds room: the three that waited leave. A report of a waiting thought is
      // recorded and spends nothing.
      await everyoneReports(['198.51.100.7'], [first[BUDGET]!])
      expect(await wallIds(engine)).toEqual([])
      const next = await seedThoughts(engine, 3)
      await everyoneReports(['198.51.100.4', '198.51.100.5', '198.51.100.6'], next)
      // Two hides were left in the hour; the third waits.
      expect(await wallIds(engine)).toEqual([next[2]])
      expect((await reviewList(engine)).find((row) => row.id === next[2])?.status).toBe('pending')
    })

    it('two reports at once with one hide left hide exactly one thought', async () => {
      await setting(`auto_hides_per_hour = 1, reports_per_minute = 0`)
      const [a, b] = await seedThoughts(engine, 2)
      await everyoneReports(['198.51.100.1', '198.51.100.2'], [a!, b!])
      let firstReported!: () => void
      const reported = new Promise<void>((resolve) => (firstReported = resolve))
      const first = engine.transaction(async (tx) => {
        await tx.query(
          `select set_config('request.headers', $1, true), set_config('role', 'anon', true)`,
          [JSON.stringify(from('198.51.100.3'))],
        )
        await tx.query('insert into public.void_reports (thought_id) values ($1)', [a])
        firstReported()
        // Still uncommitted while the other report arrives.
        await tx.query('select pg_sleep(0.3)')
      })
      await reported
      const second = reportFrom(engine, '198.51.100.4', b!)
      await first
      expect(await second).toEqual({ status: 201 })
      expect(await wallIds(engine)).toEqual([b])
      expect((await reviewList(engine)).map((row) => row.status)).toEqual(['hidden', 'pending'])
    })

    it('a budget of 0 hides nothing automatically; every thought reported enough waits', async () => {
      await setting('auto_hides_per_hour = 0')
      const [thought] = await seedThoughts(engine, 1)
      await everyoneReports(['198.51.100.1', '198.51.100.2', '198.51.100.3'], [thought!])
      expect(await wallIds(engine)).toEqual([thought])
      expect(await reviewList(engine)).toEqual([
        { id: thought, status: 'pending', reports: 3, counting: 3 },
      ])
    })
  })

  describe("an owner's decision stands", () => {
    it('a restored thought is never hidden automatically again, by new addresses or days later', async () => {
      const [thought] = await seedThoughts(engine, 1)
      await everyoneReports(['198.51.100.1', '198.51.100.2', '198.51.100.3'], [thought!])
      expect(await wallIds(engine)).toEqual([])
      await asOwner(backend, 'select private.restore_thought($1)', [thought])
      await everyoneReports(['198.51.100.4', '198.51.100.5', '198.51.100.6'], [thought!])
      // Two days on, the first reporters are strangers again (their old names are gone).
      await advanceClock(engine, '49 hours')
      await everyoneReports(['198.51.100.1', '198.51.100.2', '198.51.100.3'], [thought!])
      expect(await wallIds(engine)).toEqual([thought])
      expect(await reviewList(engine)).toEqual([
        // Reports of a thought the owner decided are recorded and count for nothing.
        { id: thought, status: 'restored', reports: 6, counting: 0 },
      ])
    })

    it('a kept thought stays; a pending one the owner hides leaves without using the budget', async () => {
      await setting('auto_hides_per_hour = 0')
      const [kept, hidden, later] = await seedThoughts(engine, 3)
      await everyoneReports(['198.51.100.1', '198.51.100.2', '198.51.100.3'], [kept!, hidden!])
      await asOwner(backend, 'select private.keep_thought($1), private.hide_thought($2)', [
        kept,
        hidden,
      ])
      await setting('auto_hides_per_hour = 1')
      await everyoneReports(['198.51.100.4', '198.51.100.5', '198.51.100.6'], [kept!, later!])
      expect(await wallIds(engine)).toEqual([kept])
      expect((await reviewList(engine)).map(({ id, status }) => ({ id, status }))).toEqual([
        { id: kept, status: 'kept' },
        { id: hidden, status: 'hidden' },
        { id: later, status: 'hidden' },
      ])
    })
  })

  describe('the reporter', () => {
    it('three /64s of one IPv6 /48 are one reporter; three /48s are three', async () => {
      const [thought, other] = await seedThoughts(engine, 2)
      await everyoneReports(
        ['2001:db8:7:1::1', '2001:db8:7:2::1', '2001:db8:7:ffff::1'],
        [thought!],
      )
      expect(await wallIds(engine)).toEqual([thought, other])
      await everyoneReports(['2001:db8:8::1', '2001:db8:9::1', '2001:db8:a::1'], [other!])
      expect(await wallIds(engine)).toEqual([thought])
    })

    it('65,536 /64s of one /48 share one report bucket', async () => {
      const ids = await seedThoughts(engine, 15)
      const answers = []
      for (const [i, id] of ids.entries())
        answers.push((await reportFrom(engine, `2001:db8:7:${i.toString(16)}::1`, id)).status)
      expect(answers).toEqual([...Array<number>(10).fill(201), ...Array<number>(5).fill(429)])
    })

    it('reports past counted_reports_per_day are recorded for the owner and hide nothing', async () => {
      await setting('reports_per_minute = 0, auto_hides_per_hour = 100, report_threshold = 1')
      const ids = await seedThoughts(engine, 8)
      for (const id of ids)
        expect(await reportFrom(engine, '198.51.100.9', id)).toEqual({ status: 201 })
      expect(await wallIds(engine)).toEqual(ids.slice(5))
      expect((await reviewList(engine)).slice(5)).toEqual(
        ids.slice(5).map((id) => ({ id, status: 'visible', reports: 1, counting: 0 })),
      )
      // The salt's rotation does not give the reporter a new day: its number is per rolling 24 hours.
      await advanceClock(engine, '23 hours')
      await asOwner(
        backend,
        `update private.void_report_salt set made_at = made_at - interval '1 day'`,
      )
      const [beforeTheDay, afterTheDay] = await seedThoughts(engine, 2)
      expect(await reportFrom(engine, '198.51.100.9', beforeTheDay!)).toEqual({ status: 201 })
      expect(await wallIds(engine)).toContain(beforeTheDay)
      // A day after its first reports, it counts again.
      await advanceClock(engine, '2 hours')
      expect(await reportFrom(engine, '198.51.100.9', afterTheDay!)).toEqual({ status: 201 })
      expect(await wallIds(engine)).not.toContain(afterTheDay)
    })

    it('the salt is replaced after a day and kept one more, then gone; a reporter never counts twice', async () => {
      await setting('reports_per_minute = 0')
      const [thought] = await seedThoughts(engine, 1)
      await everyoneReports(['198.51.100.1', '198.51.100.2'], [thought!])
      const salts = () =>
        engine.transaction((tx) =>
          tx.query<{ salt: string; previous: string | null }>(
            `select encode(salt, 'hex') as salt, encode(previous_salt, 'hex') as previous
               from private.void_report_salt`,
          ),
        )
      const [before] = await salts()
      await advanceClock(engine, '1 day 1 minute')
      // One new reporter does not make three with the two of yesterday, and the same address again
      // is known under yesterday's name: a repeat, stored once.
      await everyoneReports(['198.51.100.3', '198.51.100.1'], [thought!])
      expect(await wallIds(engine)).toEqual([thought])
      const [rotated] = await salts()
      expect(rotated!.salt).not.toBe(before!.salt)
      expect(rotated!.previous).toBe(before!.salt)
      expect(await reviewList(engine)).toEqual([
        { id: thought, status: 'visible', reports: 3, counting: 1 },
      ])
      // A day later no report under the old salt is less than a day old: it is wiped by the next write.
      await advanceClock(engine, '1 day 1 minute')
      await everyoneReports(['198.51.100.4'], [thought!])
      const [later] = await salts()
      expect([later!.salt, later!.previous]).not.toContain(before!.salt)
      expect(await salts()).toHaveLength(1)
    })

    it('the report bucket holds no address, and reports prune idle buckets as offers do', async () => {
      // Seeded first: the seeding insert prunes too.
      const [thought] = await seedThoughts(engine, 1)
      await asOwner(
        backend,
        `insert into private.void_write_buckets (kind, client_address, tokens, refilled_at)
         select 'offers', '10.0.0.' || g, 0, now() - interval '2 minutes' from generate_series(1, 150) g`,
      )
      await reportFrom(engine, '198.51.100.77', thought!)
      expect(await count('select count(*)::int as n from private.void_write_buckets')).toBe(51)
      const keys = await engine.transaction((tx) =>
        tx.query<{ key: string }>(
          `select client_address as key from private.void_write_buckets where kind = 'reports'`,
        ),
      )
      expect(keys).toHaveLength(1)
      expect(keys[0]!.key).toMatch(/^reporter [0-9a-f]{64}$/)
    })
  })

  describe('no oracle in the limits (HTTP)', () => {
    it('offers: a statement with a blank last row answers 400 whether the bucket is full or spent', async () => {
      const probe = [{ text: 'a' }, { text: 'b' }, { text: 'c' }, { text: '   ' }]
      const full = await post('void_thoughts', probe)
      // A housemate (the same address) spends the bucket.
      expect(
        (
          await post(
            'void_thoughts',
            Array.from({ length: 10 }, (_, i) => ({ text: `${i}` })),
          )
        ).status,
      ).toBe(201)
      const spent = await post('void_thoughts', probe)
      expect(full.status).toBe(400)
      expect(spent).toEqual(full)
    })

    it('offers: more rows than the bucket holds get the same 429 whatever it holds', async () => {
      const rows = Array.from({ length: 11 }, (_, i) => ({ text: `${i}` }))
      const full = await realFetch(`${backend.url}/rest/v1/void_thoughts`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify(rows),
      })
      await post(
        'void_thoughts',
        Array.from({ length: 7 }, (_, i) => ({ text: `${i}` })),
      )
      const partly = await realFetch(`${backend.url}/rest/v1/void_thoughts`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify(rows),
      })
      expect([full.status, full.headers.get('retry-after'), await full.text()]).toEqual([
        partly.status,
        partly.headers.get('retry-after'),
        await partly.text(),
      ])
      expect(full.status).toBe(429)
    })

    it('reports: [X, 10 others, 9000000000000000000] answers the same whether a housemate reported X', async () => {
      await setting('report_threshold = 0')
      const [x1, x2, ...others] = await seedThoughts(engine, 12)
      expect((await post('void_reports', { thought_id: x1 })).status).toBe(201)
      const batch = (x: number) => [
        ...[x, ...others].map((id) => ({ thought_id: id })),
        { thought_id: '9000000000000000000' },
      ]
      await asOwner(backend, 'delete from private.void_write_buckets')
      const reportedBefore = await post('void_reports', batch(x1!))
      await asOwner(backend, 'delete from private.void_write_buckets')
      const notReported = await post('void_reports', batch(x2!))
      expect(reportedBefore).toEqual(notReported)
      expect(reportedBefore.status).toBe(400)
      expect(JSON.parse(reportedBefore.body)).toMatchObject({ code: '22023' })
    })

    it('reports: an unknown id answers 409 with the bucket spent, not 429', async () => {
      const ids = await seedThoughts(engine, 10)
      for (const id of ids) await post('void_reports', { thought_id: id })
      expect((await post('void_reports', { thought_id: 987654 })).status).toBe(409)
    })
  })

  describe('hidden ids do not leak (HTTP)', () => {
    it('a hidden id and a never-used id answer the same, naming neither', async () => {
      await setting('report_threshold = 1')
      const [hidden, shown] = await seedThoughts(engine, 2)
      expect((await post('void_reports', { thought_id: hidden })).status).toBe(201)
      expect(await wallIds(engine)).toEqual([shown])
      const neverUsed = shown! + 1000
      const answers = [
        await post('void_reports', { thought_id: hidden }),
        await post('void_reports', { thought_id: neverUsed }),
      ]
      expect(answers[0]).toEqual(answers[1])
      expect(answers[0]!.status).toBe(409)
      expect(answers[0]!.body).not.toContain(String(hidden))
      expect(answers[0]!.body).not.toContain(String(neverUsed))
      // A batch naming a hidden id and a huge one says nothing about either.
      const batch = await post('void_reports', [
        { thought_id: hidden },
        { thought_id: '9000000000000000000' },
      ])
      expect(batch.status).toBe(400)
      expect(batch.body).not.toMatch(/9000000000000000000|"details":"[^"]*\d/)
    })
  })

  describe('never a 5xx, never internals (HTTP)', () => {
    it('[A×3000, B] and [B×3000, A] at once, three rounds: a 400 each, nothing stored', async () => {
      await setting('report_threshold = 0, reports_per_minute = 0')
      const [a, b] = await seedThoughts(engine, 2)
      const batch = (x: number, y: number) => [
        ...Array.from({ length: 3000 }, () => ({ thought_id: x })),
        { thought_id: y },
      ]
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all([
          post('void_reports', batch(a!, b!)),
          post('void_reports', batch(b!, a!)),
        ])
        for (const answer of answers) {
          expect(answer.status).toBe(400)
          expect(JSON.parse(answer.body)).toMatchObject({
            code: '22023',
            message: 'One report per request',
          })
          expect(answer.body).not.toMatch(/process|transaction|deadlock/i)
        }
      }
      expect(await count('select count(*)::int as n from private.void_reports')).toBe(0)
    })

    it('a 1 MiB body of 80,000 repeats of a claimed key is refused at the row cap', async () => {
      const key = crypto.randomUUID()
      expect(
        (await post('void_thoughts', { text: 'claimed' }, { 'idempotency-key': key })).status,
      ).toBe(201)
      const rows = Array.from({ length: 80_000 }, () => ({ text: 'a' }))
      const answer = await post('void_thoughts', rows, { 'idempotency-key': key })
      expect(answer.status).toBe(429)
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'P0429' })
      expect(await wallIds(engine)).toHaveLength(1)
    })

    it('the owner and the server role are not capped', async () => {
      const ids = await seedThoughts(engine, 3)
      await setting('report_threshold = 0')
      for (const role of ['service_role', 'postgres'])
        expect(
          await answerOf(
            engine,
            'insert into public.void_reports (thought_id) select unnest($1::bigint[])',
            [ids],
            { headers: from('198.51.100.50'), role },
          ),
        ).toEqual({ status: 201 })
      expect(await count('select count(*)::int as n from private.void_reports')).toBe(3)
      const stored = await asRequest<{ n: number }>(
        engine,
        `with s as (insert into public.void_thoughts (text) select 'x' from generate_series(1, 50) returning 1)
         select count(*)::int as n from s`,
        [],
        { role: 'service_role' },
      )
      expect(stored[0]!.n).toBe(50)
    })
  })
})

describe.each(ENGINES)('the moderation migration on %s', (engineName) => {
  it('upgrades a database with thoughts, reports, hidden thoughts, buckets and keys, keeping every row', async () => {
    allowNetwork()
    const before = mkdtempSync(join(tmpdir(), 'unburden-before-moderation-'))
    for (const file of readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql')))
      if (file < MIGRATION) copyFileSync(join(MIGRATIONS_DIR, file), join(before, file))
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
      const dataDir = mkdtempSync(join(tmpdir(), 'unburden-moderation-upgrade-'))
      engine = await openPglite(dataDir)
      stop = async () => {
        await engine.close()
        rmSync(dataDir, { recursive: true, force: true })
      }
    }
    try {
      await migrate(engine, before)
      // The previous version's state: thoughts, three reports hiding one (an hour and a half ago),
      // one restored by the owner, one hidden ten minutes ago, a reported one, buckets and keys.
      await engine.exec(`
        update private.void_settings set report_threshold = 3;
        insert into public.void_thoughts (text) select 'old ' || g from generate_series(1, 6) g;
        insert into private.void_reports (thought_id, reporter, reported_at, dismissed_at)
        select t, sha256(convert_to(t || '/' || r, 'UTF8')), now() - interval '2 hours',
               case when t = 2 then now() - interval '1 hour' end
          from (values (1), (2), (3)) ts(t), generate_series(1, 3) r;
        insert into private.void_reports (thought_id, reporter) values (4, sha256('\\x04'::bytea));
        with gone as (delete from public.void_thoughts where id in (1, 3) returning *)
        insert into private.void_hidden_thoughts (id, text, created_at, hidden_at)
        select id, text, created_at,
               case when id = 1 then now() - interval '90 minutes' else now() - interval '10 minutes' end
          from gone;
        insert into private.void_write_buckets (kind, client_address, tokens, refilled_at)
        values ('offers', '203.0.113.1', 3, now()), ('reports', '203.0.113.2', 4, now());
        insert into private.void_offer_keys (client_id, thought_id) values (gen_random_uuid(), 5);
      `)
      const snapshot = `select json_build_object(
          'thoughts', (select json_agg(t order by t.id) from public.void_thoughts t),
          'reports', (select json_agg(json_build_object('t', r.thought_id, 'r', r.reporter,
                        'at', r.reported_at, 'd', r.dismissed_at) order by r.thought_id, r.reporter)
                        from private.void_reports r),
          'hidden', (select json_agg(h order by h.id) from private.void_hidden_thoughts h),
          'buckets', (select json_agg(b order by b.kind) from private.void_write_buckets b),
          'keys', (select json_agg(k) from private.void_offer_keys k),
          'salt', (select encode(s.salt, 'hex') from private.void_report_salt s),
          'count', public.void_thought_count())::text as state`
      const [old] = await engine.transaction((tx) => tx.query<{ state: string }>(snapshot))
      // This migration and the review's (20261125010000, which changes no row); the later ones
      // have their own upgrade on data (upgrade-on-data.test.ts).
      for (const file of [MIGRATION, REVIEW])
        copyFileSync(join(MIGRATIONS_DIR, file), join(before, file))
      expect(await migrate(engine, before)).toEqual(
        [MIGRATION, REVIEW].map((name) => name.slice(0, 14)),
      )
      const [now] = await engine.transaction((tx) => tx.query<{ state: string }>(snapshot))
      expect(JSON.parse(now!.state)).toEqual(JSON.parse(old!.state))

      const [state] = await engine.transaction((tx) =>
        tx.query<{ settings: unknown; reviewed: unknown; ledger: unknown; statuses: unknown }>(
          `select (select json_build_object('budget', auto_hides_per_hour, 'daily', counted_reports_per_day)
                     from private.void_settings) as settings,
                  (select json_agg(json_build_object('id', id, 'decision', decision)) from private.void_reviewed_thoughts) as reviewed,
                  (select json_agg(thought_id) from private.void_auto_hides) as ledger,
                  (select json_agg(json_build_object('id', id, 'status', status) order by id)
                     from private.void_reported_thoughts) as statuses`,
        ),
      )
      expect(state).toEqual({
        settings: { budget: 5, daily: 5 },
        // The thought the owner restored: the decision stands from now on.
        reviewed: [{ id: 2, decision: 'restored' }],
        // Only the hide of the last hour uses the budget.
        ledger: [3],
        statuses: [
          { id: 1, status: 'hidden' },
          { id: 2, status: 'restored' },
          { id: 3, status: 'hidden' },
          { id: 4, status: 'visible' },
        ],
      })
    } finally {
      await stop()
      rmSync(before, { recursive: true, force: true })
    }
  })
})
