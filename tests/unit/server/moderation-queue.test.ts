/**
 * Honest reports still win while someone attacks the wall (issue 36;
 * supabase/migrations/20261127000000_moderation_queue.sql), on PGlite, PostgreSQL and a database
 * deployed by the Supabase CLI. Each attack of the issue as an attacker who has read
 * docs/moderation.md would send it: decoys that spend the hourly budget, the reporter's daily number
 * at the salt's rotation, reports on thoughts already waiting, a /48 of offers, a report or offer
 * waiting on a row held past the timeout, and an owner's setting that moves the clock.
 */
import { describe, expect, it, vi } from 'vitest'
import type { Engine } from '../../../server/engine'
import { fromDatabaseError, isDatabaseError } from '../../../server/errors'
import {
  advanceClock,
  answerOf,
  from,
  reportFrom,
  reviewList,
  seedThoughts,
  wallIds,
} from '../../fixtures/moderation'
import {
  asOwner,
  DEPLOYED_ENGINES,
  emptyWall,
  useTestBackend,
  type TestBackend,
} from './support/backend'

vi.setConfig({ testTimeout: 120_000 })

const ATTACKER = ['198.51.100.1', '198.51.100.2', '198.51.100.3']
const HONEST = ['192.0.2.10', '203.0.113.20', '2001:db8:aaaa::1']

describe.each(DEPLOYED_ENGINES)('the moderation queue on %s', (engineName) => {
  let backend: TestBackend
  let engine: Engine

  useTestBackend(engineName, {
    started: (started) => {
      backend = started
      engine = started.engine
    },
    eachTest: async () => {
      await emptyWall(backend)
      await asOwner(
        backend,
        `update private.void_settings
            set report_threshold = 3, reports_per_minute = 10, auto_hides_per_hour = 1,
                counted_reports_per_day = 5, writes_per_minute = 10, offers_48_in_64s = 6,
                reports_kept_for = interval '30 days'`,
      )
    },
  })

  const setting = (sql: string) => asOwner(backend, `update private.void_settings set ${sql}`)
  const everyoneReports = async (addresses: string[], id: number) => {
    for (const address of addresses)
      expect((await reportFrom(engine, address, id)).status).toBe(201)
  }
  const statusOf = async (id: number) =>
    (await reviewList(engine)).find((row) => row.id === id)?.status
  const one = async <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    (await engine.transaction((tx) => tx.query<R>(sql, params)))[0]!

  describe('pending is a queue, not immunity', () => {
    it('a thought reported while the budget is spent is hidden when room returns, at the next write', async () => {
      const [decoy, abusive] = await seedThoughts(engine, 2)
      await everyoneReports(ATTACKER, decoy!)
      await everyoneReports(HONEST, abusive!)
      expect(await statusOf(abusive!)).toBe('pending')
      expect(await wallIds(engine)).toEqual([abusive])

      await advanceClock(engine, '61 minutes')
      // Any write decides the queue: here an offer, from someone else entirely.
      const offered = await answerOf(
        engine,
        `insert into public.void_thoughts (text) values ('hello')`,
        [],
        {
          headers: from('192.0.2.99'),
        },
      )
      expect(offered.status).toBe(201)
      expect(await statusOf(abusive!)).toBe('hidden')
      expect(await wallIds(engine)).not.toContain(abusive)
    })

    it('room goes first to reporters who have hidden nothing; the decoys of burned reporters wait', async () => {
      const [burned, abusive, secondDecoy] = await seedThoughts(engine, 3)
      await everyoneReports(ATTACKER, burned!) // spends the hour's budget of 1
      await everyoneReports(HONEST, abusive!)
      await everyoneReports(ATTACKER, secondDecoy!) // pending after the honest one...
      await advanceClock(engine, '61 minutes')
      // ...and the attacker makes the first write after the hour, hoping to take the room.
      await reportFrom(engine, '198.51.100.4', secondDecoy!)
      expect(await statusOf(abusive!)).toBe('hidden')
      expect(await statusOf(secondDecoy!)).toBe('pending')
      const [weights] = await engine.transaction((tx) =>
        tx.query<{ honest: number; decoy: number }>(
          `select private.pending_weight($1, date_trunc('hour', now())) as honest,
                  private.pending_weight($2, date_trunc('hour', now())) as decoy`,
          [abusive, secondDecoy],
        ),
      )
      // The honest reporters had hidden nothing (3 × 1); each attacker address had hidden one (3 × ½).
      expect(weights).toEqual({ honest: 3, decoy: 1.5 })
    })

    it('a restore gives its budget back and decides the queue; a restored thought is never hidden again', async () => {
      const [decoy, abusive] = await seedThoughts(engine, 2)
      await everyoneReports(ATTACKER, decoy!)
      await everyoneReports(HONEST, abusive!)
      expect(await statusOf(abusive!)).toBe('pending')
      await asOwner(backend, 'select private.restore_thought($1)', [decoy])
      expect(await statusOf(abusive!)).toBe('hidden')
      expect(await statusOf(decoy!)).toBe('restored')
      await advanceClock(engine, '2 hours')
      await everyoneReports(['198.51.100.7', '198.51.100.8', '198.51.100.9'], decoy!)
      expect(await statusOf(decoy!)).toBe('restored')
      expect(await wallIds(engine)).toContain(decoy)
    })

    it('reporters whose hides the owner restored weigh less than fresh ones', async () => {
      const [wronged, spend, abusive, again] = await seedThoughts(engine, 4)
      await everyoneReports(ATTACKER, wronged!)
      await asOwner(backend, 'select private.restore_thought($1)', [wronged])
      // The restore gave the budget back; someone else spends it.
      await everyoneReports(['198.51.100.7', '198.51.100.8', '198.51.100.9'], spend!)
      await everyoneReports(ATTACKER, again!)
      await everyoneReports(HONEST, abusive!)
      expect(await statusOf(again!)).toBe('pending')
      expect(await statusOf(abusive!)).toBe('pending')
      const weights = await one<{ honest: number; wronged: number }>(
        `select private.pending_weight($1, date_trunc('hour', now())) as honest,
                private.pending_weight($2, date_trunc('hour', now())) as wronged`,
        [abusive, again],
      )
      // Each attacker address: one thought the owner restored, 1 / (1 + 2).
      expect(weights.honest).toBe(3)
      expect(weights.wronged).toBeCloseTo(1, 9)
      await advanceClock(engine, '61 minutes')
      const [unrelated] = await seedThoughts(engine, 1)
      expect((await reportFrom(engine, '192.0.2.200', unrelated!)).status).toBe(201)
      expect(await statusOf(abusive!)).toBe('hidden')
      expect(await statusOf(again!)).toBe('pending')
    })
    it('a decoy reported over days by the same addresses weighs no more than three honest people, and the thought that joined first leaves first', async () => {
      // The decoy is the oldest thought: its id would win a tie broken by id.
      const [decoy, spent, abusive] = await seedThoughts(engine, 3)
      const newDay = async () => {
        await advanceClock(engine, '2 days')
        await asOwner(
          backend,
          `update private.void_report_salt set made_at = made_at - interval '1 day'`,
        )
      }
      await everyoneReports(['198.51.100.21', '198.51.100.22'], decoy!)
      await newDay()
      await everyoneReports(['198.51.100.21', '198.51.100.22'], decoy!)
      await newDay()
      await everyoneReports(['198.51.100.1', '198.51.100.2', '198.51.100.3'], spent!) // the hour's budget
      await everyoneReports(HONEST, abusive!)
      await everyoneReports(['198.51.100.21', '198.51.100.22', '198.51.100.23'], decoy!)
      const queue = await engine.transaction((tx) =>
        tx.query<{ id: string; weight: number }>(
          'select id::text, weight from private.void_pending_thoughts order by joined',
        ),
      )
      // Seven counted reports of the decoy, five of them days old: it weighs three reporters.
      expect(queue).toEqual([
        { id: String(abusive), weight: 3 },
        { id: String(decoy), weight: 3 },
      ])
      await advanceClock(engine, '61 minutes')
      const [unrelated] = await seedThoughts(engine, 1)
      await reportFrom(engine, '192.0.2.201', unrelated!)
      expect(await statusOf(abusive!)).toBe('hidden')
      expect(await statusOf(decoy!)).toBe('pending')
    })
  })

  describe('limits by time, not by salt', () => {
    it('a reporter counts 5 reports in any 24 hours, across the salt’s rotation', async () => {
      const ids = await seedThoughts(engine, 10)
      await setting('report_threshold = 0')
      for (const id of ids.slice(0, 5)) await reportFrom(engine, '198.51.100.1', id)
      // The salt is a day old an hour later: the next report replaces it.
      await advanceClock(engine, '23 hours')
      await asOwner(
        backend,
        `update private.void_report_salt set made_at = made_at - interval '1 day'`,
      )
      for (const id of ids.slice(5)) await reportFrom(engine, '198.51.100.1', id)
      const counted = await one<{ counted: number; salts: number }>(
        `select count(*) filter (where counts)::int as counted, count(distinct reporter)::int as salts
           from private.void_reports`,
      )
      expect(counted).toEqual({ counted: 5, salts: 2 })
      // A day after the first five, the reporter counts again.
      await advanceClock(engine, '2 hours')
      const [later] = await seedThoughts(engine, 1)
      await reportFrom(engine, '198.51.100.1', later!)
      expect(
        (
          await one<{ counts: boolean }>(
            'select counts from private.void_reports where thought_id = $1',
            [later],
          )
        ).counts,
      ).toBe(true)
    })

    it('a repeat under the previous salt stores nothing: one reporter never counts twice for a thought', async () => {
      await setting('report_threshold = 2')
      const [id] = await seedThoughts(engine, 1)
      await reportFrom(engine, '198.51.100.1', id!)
      await advanceClock(engine, '2 hours')
      await asOwner(
        backend,
        `update private.void_report_salt set made_at = made_at - interval '1 day'`,
      )
      await reportFrom(engine, '198.51.100.1', id!)
      expect(await wallIds(engine)).toEqual([id])
      expect((await reviewList(engine))[0]).toMatchObject({ reports: 1 })
    })

    it('reports on pending, restored or kept thoughts are recorded and spend nothing', async () => {
      const [decoy, waiting, kept, ...others] = await seedThoughts(engine, 8)
      await everyoneReports(ATTACKER, decoy!)
      await everyoneReports(HONEST, waiting!)
      await asOwner(backend, 'select private.keep_thought($1)', [kept])
      await asOwner(backend, 'select private.restore_thought($1)', [decoy])
      for (const id of [waiting!, kept!, decoy!, ...others])
        await reportFrom(engine, '192.0.2.77', id)
      const counted = await engine.transaction((tx) =>
        tx.query<{ id: string }>(
          `select thought_id::text as id from private.void_reports
            where counts and reporter = (select reporter from private.void_reports where thought_id = $1)
            order by thought_id`,
          [others[0]],
        ),
      )
      // Of its eight reports, the five of open thoughts count: the three others spent nothing.
      expect(counted.map((row) => Number(row.id))).toEqual(others)
      const waitingCounted = await one<{ n: number }>(
        `select count(*)::int as n from private.void_reports where thought_id = $1 and counts`,
        [waiting],
      )
      expect(waitingCounted.n).toBe(3)
    })

    it('reports are dated to the hour and deleted after reports_kept_for (at most 30 days)', async () => {
      await setting('report_threshold = 0')
      const [id, later] = await seedThoughts(engine, 2)
      await reportFrom(engine, '198.51.100.1', id!)
      const stamp = await one<{ exact: boolean }>(
        `select reported_at = date_trunc('hour', reported_at) as exact from private.void_reports`,
      )
      expect(stamp.exact).toBe(true)
      await expect(setting(`reports_kept_for = interval '31 days'`)).rejects.toThrow(
        /check constraint/,
      )
      await advanceClock(engine, '31 days')
      await reportFrom(engine, '198.51.100.2', later!)
      expect((await reviewList(engine)).map((row) => row.id)).toEqual([later])
    })
  })

  describe('offers by /48 too', () => {
    it('six /64s’ worth a minute from one IPv6 /48, then 429; another /48 is untouched', async () => {
      const offer = (address: string) =>
        answerOf(engine, `insert into public.void_thoughts (text) values ('a thought')`, [], {
          headers: from(address),
        })
      const answers: number[] = []
      for (let i = 0; i < 61; i += 1)
        answers.push((await offer(`2001:db8:77:${i.toString(16)}::1`)).status)
      expect(answers.filter((status) => status === 201)).toHaveLength(60)
      expect(answers[60]).toBe(429)
      expect((await offer('2001:db8:78::1')).status).toBe(201)
      expect((await offer('192.0.2.1')).status).toBe(201)
      await expect(setting('offers_48_in_64s = 7')).rejects.toThrow(/check constraint/)
    })
  })

  // PGlite has one connection and no statement_timeout: nothing can hold a row while a request
  // waits, so these run on the PostgreSQL engines only.
  if (engineName !== 'pglite')
    describe('a timeout is a retryable answer, never a 500', () => {
      /** `sql` as an anon request with the hosted role's timeout shortened, while `hold` holds rows. */
      async function whileHeld(hold: string, sql: string, params: unknown[]) {
        let release!: () => void
        let held!: () => void
        const isHeld = new Promise<void>((resolve) => (held = resolve))
        const holder = engine.transaction(async (tx) => {
          await tx.query(hold)
          held()
          await new Promise<void>((resolve) => (release = resolve))
        })
        await isHeld
        try {
          await engine.transaction(async (tx) => {
            await tx.query(
              `select set_config('request.headers', $1, true), set_config('role', 'anon', true),
                    set_config('statement_timeout', '300ms', true)`,
              [JSON.stringify(from('192.0.2.50'))],
            )
            await tx.query(sql, params)
          })
          return { status: 201, code: undefined, headers: {} as Record<string, string> }
        } catch (error) {
          if (!isDatabaseError(error)) throw error
          return fromDatabaseError(error, 'anon')
        } finally {
          release()
          await holder
        }
      }

      it('a report waiting on a thought the owner holds answers 503 with Retry-After, and stores nothing', async () => {
        const [id] = await seedThoughts(engine, 1)
        const answer = await whileHeld(
          `select id from public.void_thoughts where id = ${id} for update`,
          'insert into public.void_reports (thought_id) values ($1)',
          [id],
        )
        expect(answer).toMatchObject({
          status: 503,
          code: 'P0503',
          headers: { 'Retry-After': '5' },
        })
        expect(await reviewList(engine)).toEqual([])
      })

      it('an offer never waits for the salt a report is turning', async () => {
        await asOwner(
          backend,
          `update private.void_report_salt
            set previous_salt = salt, made_at = date_trunc('hour', now()) - interval '25 hours'`,
        )
        const answer = await whileHeld(
          'select * from private.void_report_salt for update',
          `insert into public.void_thoughts (text) values ('not held')`,
          [],
        )
        expect(answer).toMatchObject({ status: 201 })
        expect(await wallIds(engine)).toHaveLength(1)
      })

      it('an offer waiting on the wall’s count answers 503 with Retry-After, and stores nothing', async () => {
        const answer = await whileHeld(
          'select * from private.void_thought_counts for update',
          `insert into public.void_thoughts (text) values ('held')`,
          [],
        )
        expect(answer).toMatchObject({
          status: 503,
          code: 'P0503',
          headers: { 'Retry-After': '5' },
        })
        expect(await wallIds(engine)).toEqual([])
      })
    })

  describe('the simulation clock has left production', () => {
    it('no setting moves the wall’s clock', async () => {
      const columns = await engine.transaction((tx) =>
        tx.query<{ column_name: string; data_type: string }>(
          `select column_name, data_type from information_schema.columns
            where table_schema = 'private' and table_name = 'void_settings' order by 1`,
        ),
      )
      expect(columns.map((column) => column.column_name)).not.toContain('clock_offset')
      const drift = await one<{ seconds: number }>(
        `select abs(extract(epoch from private.void_clock() - clock_timestamp()))::float8 as seconds`,
      )
      expect(drift.seconds).toBeLessThan(1)
    })
  })
})
