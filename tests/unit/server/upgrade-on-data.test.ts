/**
 * Upgrades on data: every migration in supabase/migrations, in order, applied to a database holding
 * what the version before it made. For each file N (found in the folder, so a file added later is
 * covered the day it lands): a database with files 1..N-1 applied by the runner, rows put in through
 * that version's own API (each request one transaction as PostgREST runs it: the gateway's headers,
 * the anon role, the pre-request function, so that version's triggers do the work: offers with their
 * keys, reports from several addresses that hide, the owner's restores and decisions, pending thoughts
 * when the budget is spent, buckets), then file N applied by the same runner, and what its data steps
 * promise checked on those rows.
 *
 * Every file has its entry in UPGRADES, `{ file, seed, check }`: a file without one fails here, so no
 * migration lands without an upgrade-on-data check. Beside each entry's own checks, every upgrade
 * keeps the wall and the hidden thoughts as they were (no thought lost, none moved), every report's
 * thought and reporter, every claimed key (and a key sent again still stores nothing), and the wall's
 * count equal to the table. A flaw found on data is marked where it shows (knownFlaw): the right
 * assertion, failing today, so that the mark goes when a later migration fixes the data.
 *
 * Time passes by moving every timestamp the `private` schema holds back by the interval (the
 * buckets refill, the salt ages, hides leave the hour): the same on every version, none of which
 * needs a clock setting for it.
 */
import { randomUUID } from 'node:crypto'
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { openPglite, openPostgres, type Engine } from '../../../server/engine'
import { fromDatabaseError, isDatabaseError } from '../../../server/errors'
import { MIGRATIONS_DIR, migrate } from '../../../server/migrations'
import { advanceClock, from } from '../../fixtures/moderation'
import { allowNetwork } from '../setup/no-network'
import { ENGINES } from './support/backend'
import { startTestPostgres } from './support/postgres'

vi.setConfig({ testTimeout: 180_000 })

/** Every migration, in the order the runner and `supabase db push` apply them. */
const FILES = readdirSync(MIGRATIONS_DIR)
  .filter((file) => file.endsWith('.sql'))
  .sort()

// Databases ------------------------------------------------------------------------------------------

async function openDatabase(
  engineName: (typeof ENGINES)[number],
): Promise<{ engine: Engine; stop(): Promise<void> }> {
  if (engineName === 'postgres') {
    const postgres = await startTestPostgres()
    const engine = await openPostgres(postgres.url, 2)
    return {
      engine,
      stop: async () => {
        await engine.close()
        await postgres.stop()
      },
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'unburden-upgrade-on-data-'))
  const engine = await openPglite(dataDir)
  return {
    engine,
    stop: async () => {
      await engine.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

type Row = Record<string, unknown>

/** The rows of `sql` as JSON gives them (numbers, ISO timestamps, bytea as \x…), on either engine. */
async function rows<T = Row>(engine: Engine, sql: string, params: unknown[] = []): Promise<T[]> {
  const [row] = await engine.transaction((tx) =>
    tx.query<{ body: string }>(
      `select coalesce(json_agg(q), '[]')::text as body from (${sql}) q`,
      params,
    ),
  )
  return JSON.parse(row!.body) as T[]
}

/** Runs SQL as the owner (the SQL editor, the owner's review). */
async function owner(engine: Engine, sql: string, params: unknown[] = []): Promise<Row[]> {
  return engine.transaction((tx) => tx.query(sql, params))
}

// Requests, as PostgREST runs them -----------------------------------------------------------------

let addresses = 0
/** An address no request of this test used before: a new client, with full buckets. */
function fresh(): string {
  addresses++
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`
}

interface Answer {
  status: number
  code?: string
  rows: Row[]
}

/** The requests of a test, one after another in the order they were made. */
let requests: Promise<unknown> = Promise.resolve()

/**
 * One API request: its transaction sets what PostgREST sets (request.headers, request.method, the
 * JWT's claims, the role anon), runs the pre-request function the version configured, then `sql`.
 * The answer is the status a client would get. Requests made together (`ids.map(offer)`) still run
 * one at a time, in order, so ids and times follow the order of the seed on either engine.
 */
function request(
  engine: Engine,
  sql: string,
  params: unknown[],
  headers: Record<string, string>,
): Promise<Answer> {
  const answer = requests.then(() => requestNow(engine, sql, params, headers))
  requests = answer.catch(() => undefined)
  return answer
}

async function requestNow(
  engine: Engine,
  sql: string,
  params: unknown[],
  headers: Record<string, string>,
): Promise<Answer> {
  try {
    const result = await engine.transaction(async (tx) => {
      await tx.query(
        `select set_config('request.headers', $1, true), set_config('request.method', 'POST', true),
                set_config('request.jwt.claims', '{"role":"anon"}', true),
                set_config('role', 'anon', true)`,
        [JSON.stringify(headers)],
      )
      await tx.query('select private.void_pre_request()')
      return tx.query(sql, params)
    })
    return { status: 201, rows: result }
  } catch (error) {
    if (!isDatabaseError(error)) throw error
    const answer = fromDatabaseError(error, 'anon')
    return { status: answer.status, code: answer.code, rows: [] }
  }
}

/** An offer as the app sends it since the spec's API: `insert({ text })`, its key in a header. */
async function offer(
  engine: Engine,
  text: string,
  address: string,
  key: string | null = randomUUID(),
): Promise<Answer & { id?: number }> {
  const answer = await request(
    engine,
    'insert into public.void_thoughts (text) values ($1) returning id',
    [text],
    { ...from(address), ...(key ? { 'idempotency-key': key } : {}) },
  )
  return { ...answer, id: answer.rows[0] ? Number(answer.rows[0].id) : undefined }
}

/** An offer as the first version's app sent it: the key in the client_id column. */
async function offerWithClientId(
  engine: Engine,
  text: string,
  address: string,
  key: string = randomUUID(),
): Promise<Answer & { id?: number }> {
  const answer = await request(
    engine,
    'insert into public.void_thoughts (text, client_id) values ($1, $2) returning id',
    [text, key],
    from(address),
  )
  return { ...answer, id: answer.rows[0] ? Number(answer.rows[0].id) : undefined }
}

/** Offers that must be stored; their ids. */
async function stored(offers: Promise<Answer & { id?: number }>[]): Promise<number[]> {
  const ids: number[] = []
  for (const pending of offers) {
    const answer = await pending
    expect(answer.status).toBe(201)
    expect(answer.id).toBeTypeOf('number')
    ids.push(answer.id!)
  }
  return ids
}

/** A report as the app sends it: `.from('void_reports').insert({ thought_id })`. */
const report = (engine: Engine, address: string, thoughtId: number): Promise<Answer> =>
  request(
    engine,
    'insert into public.void_reports (thought_id) values ($1)',
    [thoughtId],
    from(address),
  )

/** Every address in `from` reports every thought in `ids`; each answer must be 201. */
async function everyoneReports(engine: Engine, from: string[], ids: number[]): Promise<void> {
  for (const id of ids)
    for (const address of from) expect((await report(engine, address, id)).status).toBe(201)
}

/** Of `tries` offers from `address`, how many the write limit refused (429). */
async function refusedOf(engine: Engine, address: string, tries: number): Promise<number> {
  let refused = 0
  for (let i = 0; i < tries; i++) {
    const answer = await offer(engine, `try ${i} from a spent address`, address)
    if (answer.status === 429) refused++
    else expect(answer.status).toBe(201)
  }
  return refused
}

// What every upgrade keeps --------------------------------------------------------------------------

/** The tables an upgrade is checked on, with a stable order for each. */
const TABLES = {
  wall: ['public.void_thoughts', 'id'],
  hidden: ['private.void_hidden_thoughts', 'id'],
  reports: ['private.void_reports', 'thought_id, reporter'],
  keys: ['private.void_offer_keys', 'client_id'],
  buckets: ['private.void_write_buckets', 'client_address, refilled_at'],
  settings: ['private.void_settings', 'id'],
  salt: ['private.void_report_salt', 'id'],
  pending: ['private.void_pending_thoughts', 'id'],
  reviewed: ['private.void_reviewed_thoughts', 'id'],
  autoHides: ['private.void_auto_hides', 'thought_id, hidden_at'],
  counts: ['private.void_thought_counts', 'stripe'],
} as const

/** Every row of every table above that exists (all columns), and the wall's count where kept. */
interface State {
  tables: Partial<Record<keyof typeof TABLES, Row[]>>
  count?: number
}

async function stateOf(engine: Engine): Promise<State> {
  const tables: State['tables'] = {}
  for (const [name, [table, order]] of Object.entries(TABLES) as [
    keyof typeof TABLES,
    (typeof TABLES)[keyof typeof TABLES],
  ][]) {
    const [exists] = await rows<{ exists: boolean }>(
      engine,
      'select to_regclass($1) is not null as exists',
      [table],
    )
    if (exists!.exists)
      tables[name] = await rows(engine, `select * from ${table} order by ${order}`)
  }
  const [counted] = await rows<{ exists: boolean }>(
    engine,
    `select to_regprocedure('public.void_thought_count()') is not null as exists`,
  )
  if (!counted!.exists) return { tables }
  const [count] = await rows<{ n: number }>(engine, 'select public.void_thought_count() as n')
  return { tables, count: count!.n }
}

const pick = (list: Row[] | undefined, fields: string[]): Row[] =>
  (list ?? []).map((row) => Object.fromEntries(fields.map((field) => [field, row[field]])))

/**
 * What no upgrade may change, whatever else it does. `moved`: the thoughts the migration itself
 * takes off the wall into the hidden ones (its entry says which), none other.
 */
function expectKept(before: State, after: State, moved: number[] = []): void {
  const thought = ['id', 'text', 'created_at']
  const byId = (x: Row, y: Row) => Number(x.id) - Number(y.id)
  // No thought lost from the wall or from the hidden ones, none moved between them but `moved`,
  // none changed.
  if (before.tables.wall)
    expect(pick(after.tables.wall, thought)).toEqual(
      pick(before.tables.wall, thought).filter((row) => !moved.includes(Number(row.id))),
    )
  if (before.tables.hidden)
    expect(pick(after.tables.hidden, thought)).toEqual(
      [
        ...pick(before.tables.hidden, thought),
        ...pick(before.tables.wall, thought).filter((row) => moved.includes(Number(row.id))),
      ].sort(byId),
    )
  else expect(moved).toEqual([])
  // Every report keeps its thought and its reporter.
  const reported = ['thought_id', 'reporter']
  if (before.tables.reports)
    expect(pick(after.tables.reports, reported)).toEqual(pick(before.tables.reports, reported))
  // Every claimed key stays claimed, for the row it was claimed for.
  if (before.tables.keys) {
    const fields = before.tables.keys.some((key) => 'thought_id' in key)
      ? ['client_id', 'thought_id']
      : ['client_id']
    expect(pick(after.tables.keys, fields)).toEqual(pick(before.tables.keys, fields))
  }
  // The count, where the database keeps one, is the table's.
  if (after.count !== undefined) expect(after.count).toBe(after.tables.wall?.length)
}

/**
 * Every key claimed before the upgrade, sent again after it as an offer's Idempotency-Key (from an
 * address with a full bucket): nothing is stored, the answer is still 201.
 */
async function expectKeysStillRefuseRepeats(engine: Engine, before: State): Promise<void> {
  const keys = (before.tables.keys ?? []).map((key) => String(key.client_id))
  if (keys.length === 0) return
  const [{ n: onTheWall }] = (await rows<{ n: number }>(
    engine,
    'select count(*)::int as n from public.void_thoughts',
  )) as [{ n: number }]
  for (const key of keys) {
    const again = await offer(engine, 'sent again after the upgrade', fresh(), key)
    expect(again.status).toBe(201)
    expect(again.id).toBeUndefined()
  }
  expect(await rows(engine, 'select count(*)::int as n from public.void_thoughts')).toEqual([
    { n: onTheWall },
  ])
}

/**
 * A flaw found on data and reported, marked where it shows: `right` asserts what should hold. It fails
 * today (an assertion, nothing else: any other error fails the test); the day it holds, this fails,
 * so the mark goes with the fix. Applied migrations are never edited: a later one fixes the data.
 */
async function knownFlaw(what: string, right: () => Promise<void>): Promise<void> {
  try {
    await right()
  } catch (error) {
    if ((error as Error).name === 'AssertionError') return
    throw error
  }
  throw new Error(`Known flaw no longer seen, remove its mark: ${what}`)
}

// Moderation, as the owner's review reads it -------------------------------------------------------

/** Every reported thought's status, by id. */
async function statuses(engine: Engine): Promise<Record<number, string>> {
  const list = await rows<{ id: number; status: string }>(
    engine,
    'select id, status from private.void_reported_thoughts order by id',
  )
  return Object.fromEntries(list.map((row) => [row.id, row.status]))
}

async function onTheWall(engine: Engine, id: number): Promise<boolean> {
  return (await rows(engine, 'select 1 from public.void_thoughts where id = $1', [id])).length === 1
}

async function isHidden(engine: Engine, id: number): Promise<boolean> {
  return (
    (await rows(engine, 'select 1 from private.void_hidden_thoughts where id = $1', [id]))
      .length === 1
  )
}

/** Three reporters who never reported before. */
const threeNewReporters = (): string[] => [fresh(), fresh(), fresh()]

/** Whether the database has `signature`, a function (`private.decide_pending(boolean)`). */
async function hasFunction(engine: Engine, signature: string): Promise<boolean> {
  const [found] = await rows<{ exists: boolean }>(
    engine,
    'select to_regprocedure($1) is not null as exists',
    [signature],
  )
  return found!.exists
}

async function hasColumn(engine: Engine, table: string, column: string): Promise<boolean> {
  return (
    (
      await rows(
        engine,
        `select 1 from information_schema.columns
          where table_schema = 'private' and table_name = $1 and column_name = $2`,
        [table, column],
      )
    ).length === 1
  )
}

/** The reporters of the moderation seed. E is IPv6 (a reporter is its /48). */
const R = {
  A: '192.0.2.1',
  B: '192.0.2.2',
  C: '192.0.2.3',
  D: '192.0.2.4',
  E: '2001:db8:5::1',
  F: '192.0.2.6',
  G: '192.0.2.7',
  H: '192.0.2.8',
  V: '192.0.2.22',
  P: '192.0.2.31',
  Q: '2001:db8:32::1',
  S: '192.0.2.33',
  old: '192.0.2.99',
} as const

/** The thoughts seedModeration offers, by name (and text). */
const SEEDED = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'pOld',
  'pHand',
  'kept',
  'ownerHid',
  'v1',
  'v2',
  'y',
  'x1',
  'x2',
  'x3',
  'x4',
  'x5',
  'q1',
  'q2',
  'q3',
  'z',
  'untouched',
] as const

/**
 * A month and two days of moderation by a version with the budget (20261125000000_moderation_budget
 * and later), through its own API, with the shipped settings (threshold 3, budget 5 an hour, 5
 * counted reports a reporter a day):
 * - a month ago, a thought reported once (`ancient`);
 * - day 0: A, B and C hide h1..h5 (the hour's budget spent); D, E and F report pOld and pHand
 *   enough while it is spent (pending); D and E report `kept`, which the owner keeps; the owner
 *   restores h1, hides pHand (a pending thought) and `ownerHid` (never reported) by hand; A's sixth
 *   report of the day (v1) is recorded, never counted;
 * - 23 hours later V reports y under that day's salt; 2 hours later G's report turns the salt over;
 * - today: J, K and L hide x1..x3, 40 minutes later M, N and O hide x4 and x5 (budget spent again),
 *   then q1 (by J, K, L: reporters who hid three), q2 (by M, N, O: who hid two) and q3 (by three who
 *   hid nothing) are reported enough; 30 minutes later (x1..x3 out of the hour) H reports pOld;
 * - with clock_offset (where the version has it) an hour forward, a report of v2, dated ahead.
 * From the queue's version on (20261127000000_moderation_queue), a restore gives its hide back and
 * pending thoughts are hidden as soon as the budget has room, so the same requests leave fewer
 * pending: there, three more reporters report z once the budget is spent, which waits.
 */
async function seedModeration(engine: Engine) {
  const queue = await hasFunction(engine, 'private.decide_pending(boolean)')
  const [ancient] = (await stored([offer(engine, 'reported a month ago', fresh(), null)])) as [
    number,
  ]
  await everyoneReports(engine, [R.old], [ancient])
  await advanceClock(engine, '31 days')

  const id = Object.fromEntries(
    (
      await stored(
        SEEDED.map((text, i) =>
          offer(engine, text, `198.51.100.${i + 1}`, i % 5 === 4 ? null : randomUUID()),
        ),
      )
    ).map((thought, i) => [SEEDED[i], thought]),
  ) as Record<(typeof SEEDED)[number], number>
  const t = (name: (typeof SEEDED)[number]) => id[name]

  // Day 0.
  await everyoneReports(engine, [R.A, R.B, R.C], (['h1', 'h2', 'h3', 'h4', 'h5'] as const).map(t))
  await everyoneReports(engine, [R.D, R.E, R.F], [t('pOld'), t('pHand')])
  await everyoneReports(engine, [R.D, R.E], [t('kept')])
  if (!queue)
    expect(await statuses(engine)).toMatchObject({
      [t('h1')]: 'hidden',
      [t('h5')]: 'hidden',
      [t('pOld')]: 'pending',
      [t('pHand')]: 'pending',
      [t('kept')]: 'visible',
    })
  // The owner looks a few minutes later (a hand's hide is never the same moment as a report's).
  await advanceClock(engine, '3 minutes')
  for (const [call, name] of [
    ['keep_thought', 'kept'],
    ['restore_thought', 'h1'],
    ['hide_thought', 'ownerHid'],
    ['hide_thought', 'pHand'],
  ] as const)
    expect(await owner(engine, `select private.${call}($1) as ok`, [t(name)])).toEqual([
      { ok: true },
    ])
  expect((await report(engine, R.A, t('v1'))).status).toBe(201)
  expect(
    await rows(engine, 'select counts from private.void_reports where thought_id = $1', [t('v1')]),
  ).toEqual([{ counts: false }])
  const [dayZeroSalt] = await rows<{ salt: string }>(
    engine,
    'select salt from private.void_report_salt',
  )

  await advanceClock(engine, '23 hours')
  expect((await report(engine, R.V, t('y'))).status).toBe(201)
  await advanceClock(engine, '2 hours')
  expect((await report(engine, R.G, t('v1'))).status).toBe(201)
  const [todaysSalt] = await rows<{ salt: string }>(
    engine,
    'select salt from private.void_report_salt',
  )
  expect(todaysSalt).not.toEqual(dayZeroSalt)

  // Today.
  const [J, K, L, M, N, O] = [fresh(), fresh(), fresh(), fresh(), fresh(), fresh()]
  await everyoneReports(engine, [J!, K!, L!], [t('x1'), t('x2'), t('x3')])
  await advanceClock(engine, '40 minutes')
  await everyoneReports(engine, [M!, N!, O!], [t('x4'), t('x5')])
  await everyoneReports(engine, [J!, K!, L!], [t('q1')])
  await everyoneReports(engine, [M!, N!, O!], [t('q2')])
  await everyoneReports(engine, threeNewReporters(), [t('q3')])
  if (!queue)
    expect(await statuses(engine)).toMatchObject({
      [t('x1')]: 'hidden',
      [t('x5')]: 'hidden',
      [t('q1')]: 'pending',
      [t('q2')]: 'pending',
      [t('q3')]: 'pending',
    })
  await advanceClock(engine, '30 minutes')
  // Before the queue, pending stays pending with one more report; with it, pOld is hidden already
  // (the restore gave its hide back) and this report is the write that decides the queue.
  const reportedMore = (await onTheWall(engine, t('pOld'))) ? t('pOld') : t('v1')
  expect((await report(engine, R.H, reportedMore)).status).toBe(201)
  if (!queue) expect(await statuses(engine)).toMatchObject({ [t('pOld')]: 'pending' })
  else {
    await everyoneReports(engine, [R.P, R.Q, R.S], [t('z')])
    expect(await statuses(engine)).toMatchObject({ [t('z')]: 'pending' })
  }

  if (await hasColumn(engine, 'void_settings', 'clock_offset')) {
    await owner(engine, `update private.void_settings set clock_offset = interval '1 hour'`)
    expect((await report(engine, fresh(), t('v2'))).status).toBe(201)
  }
  return { ...id, ancient }
}

// The entries ---------------------------------------------------------------------------------------

interface Upgrade<S> {
  /** The migration's file name in supabase/migrations. */
  file: string
  /** What the version before `file` made, through its own API; handed to `check`. */
  seed(engine: Engine): Promise<S>
  /** After `file` was applied: what its data steps promise, on the rows `seed` put in. */
  check(engine: Engine, seeded: S, before: State, after: State): Promise<void>
  /** The thoughts `file` itself takes off the wall (hidden), if any: every other one stays. */
  movesToHidden?(seeded: S): number[]
}

const upgrade = <S>(entry: Upgrade<S>): Upgrade<unknown> => entry as Upgrade<unknown>

const UPGRADES: Upgrade<unknown>[] = [
  upgrade({
    // Before it: a new Supabase project, nothing but the platform's roles and default privileges.
    file: '20261121000000_void_thoughts.sql',
    seed: async () => undefined,
    check: async (engine, _seeded, _before, after) => {
      expect(after.tables.wall).toEqual([])
      expect(after.tables.keys).toEqual([])
      expect(after.tables.settings).toEqual([{ id: true, writes_per_minute: 10 }])
      const first = await offerWithClientId(engine, 'the first thought', fresh())
      expect(first.status).toBe(201)
    },
  }),

  upgrade({
    // Offers with their keys in client_id, from several addresses (the pre-request gate keyed on the
    // leftmost x-forwarded-for), a repeat of a key, an address that spent its bucket, the owner's row.
    file: '20261123000000_spec_api.sql',
    seed: async (engine) => {
      const keys = [randomUUID(), randomUUID(), randomUUID()]
      await stored([
        offerWithClientId(engine, 'first', '203.0.113.1', keys[0]),
        offerWithClientId(engine, 'second', '203.0.113.1', keys[1]),
        offerWithClientId(engine, 'third', '2001:db8:1::1', keys[2]),
      ])
      // The same offer sent again (its answer was lost): 201, nothing stored.
      const again = await offerWithClientId(engine, 'first', '203.0.113.1', keys[0])
      expect(again).toMatchObject({ status: 201, id: undefined })
      const spent = '203.0.113.9'
      for (let i = 0; i < 10; i++)
        expect((await offerWithClientId(engine, `spent ${i}`, spent)).status).toBe(201)
      expect((await offerWithClientId(engine, 'one too many', spent)).status).toBe(429)
      await owner(engine, `insert into public.void_thoughts (text) values ('the owner''s import')`)
      return { spent }
    },
    check: async (engine, { spent }, before, after) => {
      const columns = await rows<{ name: string }>(
        engine,
        `select column_name as name from information_schema.columns
          where table_schema = 'public' and table_name = 'void_thoughts' order by ordinal_position`,
      )
      expect(columns.map((column) => column.name)).toEqual(['id', 'text', 'created_at'])
      // Every key now names the row it was claimed for; a row without a key has none.
      const expected = before.tables
        .wall!.filter((row) => row.client_id !== null)
        .map((row) => ({ client_id: row.client_id, thought_id: row.id }))
        .sort((x, y) => String(x.client_id).localeCompare(String(y.client_id)))
      expect(pick(after.tables.keys, ['client_id', 'thought_id'])).toEqual(expected)
      expect(after.tables.keys!.every((key) => typeof key.claimed_at === 'string')).toBe(true)
      // The buckets as they were: the address that spent its bucket is still refused.
      expect(after.tables.buckets).toEqual(before.tables.buckets)
      expect(await refusedOf(engine, spent, 10)).toBeGreaterThanOrEqual(5)
    },
  }),

  upgrade({
    // Offers keyed by the Idempotency-Key header, one request of two rows under one key, an offer
    // without a key, a repeat, and an address that spent its (per-request) bucket.
    file: '20261123010000_write_limit_rows.sql',
    seed: async (engine) => {
      const [one, two] = [randomUUID(), randomUUID()]
      await stored([
        offer(engine, 'keyed', '203.0.113.1', one),
        offer(engine, 'without a key', '203.0.113.2', null),
        offer(engine, 'from IPv6', '2001:db8:1:2::3'),
      ])
      const pair = await request(
        engine,
        `insert into public.void_thoughts (text) values ('one of two'), ('two of two') returning id`,
        [],
        { ...from('203.0.113.3'), 'idempotency-key': two },
      )
      expect(pair.rows).toHaveLength(2)
      expect(await offer(engine, 'keyed', '203.0.113.1', one)).toMatchObject({
        status: 201,
        id: undefined,
      })
      const spent = '203.0.113.9'
      for (let i = 0; i < 10; i++)
        expect((await offer(engine, `spent ${i}`, spent)).status).toBe(201)
      expect((await offer(engine, 'one too many', spent)).status).toBe(429)
      return { spent }
    },
    check: async (engine, { spent }, before, after) => {
      // Every bucket is now an offers bucket, as it was.
      expect(after.tables.buckets).toEqual(
        before.tables.buckets!.map((bucket) => ({ ...bucket, kind: 'offers' })),
      )
      // Keys keep when they were claimed (the column was already there): pruned 30 days after it.
      expect(after.tables.keys).toEqual(before.tables.keys)
      expect(after.tables.settings).toEqual([
        { ...before.tables.settings![0], offer_keys_kept_for: '30 days' },
      ])
      // The spent bucket is the one the row trigger now takes from: still spent.
      expect(await refusedOf(engine, spent, 10)).toBeGreaterThanOrEqual(5)
    },
  }),

  upgrade({
    // Offers from IPv4 and IPv6 clients (cf-connecting-ip), a batch without a key, buckets, one spent.
    file: '20261123030000_void_reports.sql',
    seed: async (engine) => {
      const ids = await stored([
        offer(engine, 'from a', '203.0.113.1'),
        offer(engine, 'from b', '203.0.113.2'),
        offer(engine, 'from IPv6', '2001:db8:1:2::3'),
      ])
      const batch = await request(
        engine,
        `insert into public.void_thoughts (text) values ('batch 1'), ('batch 2'), ('batch 3') returning id`,
        [],
        from('203.0.113.4'),
      )
      expect(batch.rows).toHaveLength(3)
      const spent = '203.0.113.9'
      for (let i = 0; i < 10; i++)
        expect((await offer(engine, `spent ${i}`, spent)).status).toBe(201)
      expect((await offer(engine, 'one too many', spent)).status).toBe(429)
      return { ids, spent }
    },
    check: async (engine, { ids, spent }, before, after) => {
      expect(after.tables.settings).toEqual([
        { ...before.tables.settings![0], report_threshold: 3, reports_per_minute: 10 },
      ])
      const [salt] = await rows<{ bytes: number }>(
        engine,
        'select octet_length(salt) as bytes from private.void_report_salt',
      )
      expect(salt).toEqual({ bytes: 32 })
      expect(after.tables.reports).toEqual([])
      expect(after.tables.hidden).toEqual([])
      expect(after.tables.buckets).toEqual(before.tables.buckets)
      expect(await refusedOf(engine, spent, 10)).toBeGreaterThanOrEqual(5)
      // A thought offered before can be reported, and three reporters hide it as it was.
      const old = before.tables.wall!.find((row) => row.id === ids[2])!
      await everyoneReports(engine, ['192.0.2.1', '192.0.2.2', '192.0.2.3'], [ids[2]!])
      expect(
        await rows(engine, 'select id, text, created_at from private.void_hidden_thoughts'),
      ).toEqual([{ id: old.id, text: old.text, created_at: old.created_at }])
    },
  }),

  upgrade({
    // Reports from several addresses: one thought hidden, one hidden then restored by the owner, one
    // below the threshold (a repeat, and two IPv6 addresses of one /64), a report of a hidden one,
    // one reported thought the owner deleted.
    file: '20261123040000_void_count.sql',
    seed: async (engine) => {
      const [hidden, restored, reported, deleted] = (await stored(
        ['hidden', 'restored', 'reported', 'deleted'].map((text) => offer(engine, text, fresh())),
      )) as [number, number, number, number]
      await stored([offer(engine, 'quiet', fresh()), offer(engine, 'quiet too', fresh(), null)])
      const [a, b, c, d] = ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4'] as const
      await everyoneReports(engine, [a, b, c], [hidden, restored])
      expect(await owner(engine, 'select private.restore_thought($1) as ok', [restored])).toEqual([
        { ok: true },
      ])
      // Two reporters (the two IPv6 addresses share a /64): below the threshold; a repeats.
      await everyoneReports(engine, [a, '2001:db8:7:7::1', '2001:db8:7:7::2', a], [reported])
      await everyoneReports(engine, [d], [hidden, deleted])
      await owner(engine, 'delete from public.void_thoughts where id = $1', [deleted])
      expect(await isHidden(engine, hidden)).toBe(true)
      expect(await onTheWall(engine, reported)).toBe(true)
      return { hidden, restored }
    },
    check: async (engine, { hidden }, before, after) => {
      // The count starts from the rows on the wall: the hidden and deleted thoughts are not counted.
      expect(after.count).toBe(before.tables.wall!.length)
      expect(after.tables.reports).toEqual(before.tables.reports)
      const [anon] = (
        await request(engine, 'select public.void_thought_count() as n', [], from(fresh()))
      ).rows
      expect(Number(anon!.n)).toBe(before.tables.wall!.length)
      // Moves after the upgrade keep it: a restore, a new offer, a hide by reports.
      await owner(engine, 'select private.restore_thought($1)', [hidden])
      const [added] = await stored([offer(engine, 'after the upgrade', fresh())])
      await everyoneReports(engine, threeNewReporters(), [added!])
      const now = await stateOf(engine)
      expect(now.count).toBe(before.tables.wall!.length + 1)
      expect(now.count).toBe(now.tables.wall!.length)
    },
  }),

  upgrade({
    // Two days of moderation by the version before the budget: a reporter's five reports two days
    // ago; hides 2½ hours ago, restores by the owner an hour later (one restored thought hidden again
    // by new reporters half an hour ago, one deleted, one reported once more), a thought reported
    // twice (one reporter IPv6), a hide just now.
    file: '20261125000000_moderation_budget.sql',
    seed: async (engine) => {
      const ids = await stored(
        ['t1', 't2', 't3', 't4', 't5', 't6', 't7', 'w1', 'w2', 'w3', 'w4', 'w5'].map((text) =>
          offer(engine, text, fresh()),
        ),
      )
      const [t1, t2, t3, t4, t5, t6, t7, ...earlier] = ids as [
        number,
        number,
        number,
        number,
        number,
        number,
        number,
        ...number[],
      ]
      const [a, b, c, d, e, f] = [
        '192.0.2.1',
        '192.0.2.2',
        '192.0.2.3',
        '192.0.2.4',
        '192.0.2.5',
        '192.0.2.6',
      ] as const
      const daysAgo = '198.51.100.50'
      await everyoneReports(engine, [daysAgo], earlier)
      await advanceClock(engine, '2 days')
      await everyoneReports(engine, [a, b, c], [t1, t2, t5, t6, t7])
      await advanceClock(engine, '1 hour')
      for (const id of [t2, t5, t6, t7])
        expect(await owner(engine, 'select private.restore_thought($1) as ok', [id])).toEqual([
          { ok: true },
        ])
      await owner(engine, 'delete from public.void_thoughts where id = $1', [t6])
      await advanceClock(engine, '1 hour')
      await everyoneReports(engine, [d, e, f], [t5])
      await everyoneReports(engine, [d], [t7])
      await everyoneReports(engine, [d, '2001:db8:6:6::1'], [t4])
      await advanceClock(engine, '30 minutes')
      await everyoneReports(engine, [a, b, c], [t3])
      for (const id of [t1, t3, t5]) expect(await isHidden(engine, id)).toBe(true)
      for (const id of [t2, t4, t7]) expect(await onTheWall(engine, id)).toBe(true)
      return { t1, t2, t3, t4, t5, t6, t7, earlier, daysAgo }
    },
    check: async (engine, seeded, before, after) => {
      const { t1, t2, t3, t4, t5, t6, t7, earlier, daysAgo } = seeded
      const settings = after.tables.settings![0]!
      expect(settings).toMatchObject({
        ...before.tables.settings![0],
        auto_hides_per_hour: 5,
        counted_reports_per_day: 5,
        clock_offset: '00:00:00',
      })
      // Reports keep every field; the new `counts` is true on every old one.
      expect(after.tables.reports).toEqual(
        before.tables.reports!.map((row) => ({ ...row, counts: true })),
      )
      // The hidden thoughts keep when they were hidden.
      expect(after.tables.hidden).toEqual(before.tables.hidden)
      // The salt is the one in use, dated from the upgrade (after every report made before it).
      expect(after.tables.salt![0]!.salt).toBe(before.tables.salt![0]!.salt)
      const lastReport = Math.max(
        ...before.tables.reports!.map((row) => Date.parse(String(row.reported_at))),
      )
      expect(Date.parse(String(after.tables.salt![0]!.made_at))).toBeGreaterThan(lastReport)
      // Each thought the owner restored and that is on the wall: the decision stands, dated when it
      // was made. One hidden again since, or deleted, is not there.
      const dismissedAt = (id: number) =>
        before.tables
          .reports!.filter((row) => row.thought_id === id && row.dismissed_at !== null)
          .map((row) => String(row.dismissed_at))
          .sort()
          .at(-1)
      expect(after.tables.reviewed).toEqual([
        { id: t2, decision: 'restored', decided_at: dismissedAt(t2) },
        { id: t7, decision: 'restored', decided_at: dismissedAt(t7) },
      ])
      // The hides of the last hour use the budget, with their times; the older one does not.
      const hiddenAt = (id: number) => before.tables.hidden!.find((row) => row.id === id)!.hidden_at
      expect(after.tables.autoHides).toEqual(
        [
          { thought_id: t3, hidden_at: hiddenAt(t3) },
          { thought_id: t5, hidden_at: hiddenAt(t5) },
        ].sort((x, y) => x.thought_id - y.thought_id),
      )
      expect(after.tables.pending).toEqual([])
      expect(await statuses(engine)).toEqual({
        [t1]: 'hidden',
        [t2]: 'restored',
        [t3]: 'hidden',
        [t4]: 'visible',
        [t5]: 'hidden',
        [t6]: 'gone',
        [t7]: 'restored',
        ...Object.fromEntries(earlier.map((id) => [id, 'visible'])),
      })

      // Restored stays restored: three new reporters do not hide it.
      await everyoneReports(engine, threeNewReporters(), [t2])
      expect(await onTheWall(engine, t2)).toBe(true)
      // Reports made before the upgrade do not count toward hiding (the header says so): one new
      // report of a thought reported three times before is the only one counting.
      await everyoneReports(engine, [fresh()], [t4])
      expect(
        await rows(
          engine,
          'select counting_reports as n from private.void_reported_thoughts where id = $1',
          [t4],
        ),
      ).toEqual([{ n: 1 }])
      // A reporter whose five reports are two days old reports a new thought and, again, one it
      // reported then. Each should count one report today. The salt in use (never replaced before
      // this migration) is dated from the upgrade, so for a day, until it turns over, its reports of
      // every earlier day are today's: the new report is past the day's five and does not count, and
      // the other is a repeat (nothing stored) of a report that no longer counts. A new salt, or one
      // dated a day back, would have ended both.
      const [later] = await stored([offer(engine, 'reported by the old reporter', fresh())])
      await everyoneReports(engine, [daysAgo], [later!, earlier[0]!])
      await knownFlaw(
        "20261125000000 dates the salt from the upgrade: a reporter's earlier days use up its first day",
        async () =>
          expect(
            await rows(
              engine,
              `select id, counting_reports as counting from private.void_reported_thoughts
                where id = any($1::bigint[]) order by id`,
              [[earlier[0], later]],
            ),
          ).toEqual([
            { id: earlier[0], counting: 1 },
            { id: later, counting: 1 },
          ]),
      )
      // The budget: 5 an hour, 2 spent by the hides of the last hour: 3 hidden, the 4th pending.
      const fresher = await stored([1, 2, 3, 4].map((i) => offer(engine, `new ${i}`, fresh())))
      await everyoneReports(engine, threeNewReporters(), fresher)
      expect(await statuses(engine)).toMatchObject({
        [fresher[0]!]: 'hidden',
        [fresher[1]!]: 'hidden',
        [fresher[2]!]: 'hidden',
        [fresher[3]!]: 'pending',
      })
    },
  }),

  upgrade({
    // The budget's moderation (seedModeration): hidden, pending, restored, kept, hidden by the
    // owner, a report not counted, a salt turned over, a report dated ahead under clock_offset.
    file: '20261125010000_moderation_review.sql',
    seed: seedModeration,
    check: async (engine, seeded, before, after) => {
      // Nothing here changes a row.
      expect(after).toEqual(before)
      // The clock cannot move back over the report dated ahead of it; forward it still moves.
      await expect(
        owner(engine, `update private.void_settings set clock_offset = interval '0'`),
      ).rejects.toMatchObject({ code: '23514' })
      await owner(engine, `update private.void_settings set clock_offset = interval '2 hours'`)
      // Pending stays pending, kept stays kept, restored stays restored, whoever reports them.
      const { h1, pOld, q1, kept } = seeded
      await everyoneReports(engine, threeNewReporters(), [pOld, kept, h1])
      for (const thought of [pOld, q1, kept, h1])
        expect(await onTheWall(engine, thought)).toBe(true)
      expect(await statuses(engine)).toMatchObject({
        [pOld]: 'pending',
        [q1]: 'pending',
        [kept]: 'kept',
        [h1]: 'restored',
      })
    },
  }),

  upgrade({
    // The review's moderation (seedModeration): at the upgrade four thoughts pending (pOld from the
    // day before, q1..q3 from the last 70 minutes) and room for three hides in the hour (x1..x3
    // left it, x4 and x5 are 30 minutes old); a report a month old; a report dated an hour ahead.
    file: '20261127000000_moderation_queue.sql',
    seed: seedModeration,
    // The queue is decided at the upgrade, heaviest reporters first: q3 (three who never hid: 3),
    // pOld (D, E, F, H: 2 or more), q2 (three who hid two each: 3 × 1/3); q1 (three who hid three
    // each: 3 × 1/4) waits for the budget.
    movesToHidden: ({ q3, pOld, q2 }) => [q3, pOld, q2],
    check: async (engine, seeded, before, after) => {
      const { h1, h2, h3, h4, h5, x1, x2, x3, x4, x5, q1, q2, q3, pOld, pHand, ownerHid } = seeded
      const { kept, y, ancient } = seeded
      const hour = (at: unknown) => {
        const date = new Date(typeof at === 'number' ? at : String(at))
        date.setUTCMinutes(0, 0, 0)
        return date.getTime()
      }
      const stamp = (at: unknown) => Date.parse(String(at))
      const now = Date.now()

      // Settings: clock_offset gone, the two new ones at their defaults, the rest as it was.
      const { clock_offset: _gone, ...kept_settings } = before.tables.settings![0]!
      expect(after.tables.settings).toEqual([
        { ...kept_settings, offers_48_in_64s: 6, reports_kept_for: '30 days' },
      ])
      // Reports: each keeps its thought, reporter and dismissal; its time is dated to the hour, and
      // one dated ahead (clock_offset) to the upgrade's hour. None is lost, even the month-old one
      // (pruned by the writes after). Each keeps whether it counts, except a report made under a
      // salt the review's version had already overwritten, of a thought still open to reports: its
      // reporter's name is lost, so it no longer counts (else that reporter could count twice).
      const saltMade = stamp(before.tables.salt![0]!.made_at)
      const among = (table: Row[] | undefined, id: unknown) =>
        (table ?? []).some((row) => row.id === id)
      const open = (id: unknown) =>
        among(before.tables.wall, id) &&
        !among(before.tables.pending, id) &&
        !among(before.tables.reviewed, id)
      expect(
        pick(after.tables.reports, ['thought_id', 'reporter', 'counts', 'dismissed_at']),
      ).toEqual(
        before.tables.reports!.map((old) => ({
          thought_id: old.thought_id,
          reporter: old.reporter,
          counts:
            old.counts === true && !(stamp(old.reported_at) < saltMade && open(old.thought_id)),
          dismissed_at: old.dismissed_at,
        })),
      )
      expect(
        before.tables.reports!.some(
          (old) => old.counts === true && stamp(old.reported_at) < saltMade && open(old.thought_id),
        ),
      ).toBe(true)
      before.tables.reports!.forEach((old, i) => {
        const at = stamp(after.tables.reports![i]!.reported_at)
        expect(at).toBe(hour(Math.min(stamp(old.reported_at), at + 3_600_000 - 1)))
        expect(at).toBeLessThanOrEqual(now)
      })
      expect(before.tables.reports!.some((old) => stamp(old.reported_at) > now)).toBe(true)
      // The salt: the same, dated to its hour, no previous one (it was overwritten when it turned).
      expect(after.tables.salt).toEqual([
        {
          ...before.tables.salt![0],
          made_at: after.tables.salt![0]!.made_at,
          previous_salt: null,
        },
      ])
      expect(stamp(after.tables.salt![0]!.made_at)).toBe(hour(before.tables.salt![0]!.made_at))
      // Buckets: as they were, one refilled ahead of the clock brought back to it.
      expect(pick(after.tables.buckets, ['kind', 'client_address', 'tokens'])).toEqual(
        pick(before.tables.buckets, ['kind', 'client_address', 'tokens']),
      )
      for (const bucket of after.tables.buckets!)
        expect(stamp(bucket.refilled_at)).toBeLessThanOrEqual(now)
      // The owner's decisions as they were.
      expect(after.tables.reviewed).toEqual(before.tables.reviewed)

      // Hidden thoughts: the hides the reports made are automatic, dated to the hour; the owner's
      // are not, and keep their time. The three decided now are automatic, at the upgrade's hour.
      const automatic = [h2, h3, h4, h5, x1, x2, x3, x4, x5].map(Number)
      const hidden = new Map(after.tables.hidden!.map((row) => [Number(row.id), row]))
      for (const old of before.tables.hidden!) {
        const row = hidden.get(Number(old.id))!
        if (Number(old.id) === pHand) continue // below
        const reportsHid = automatic.includes(Number(old.id))
        expect({ id: row.id, automatic: row.automatic }).toEqual({
          id: old.id,
          automatic: reportsHid,
        })
        expect(stamp(row.hidden_at)).toBe(reportsHid ? hour(old.hidden_at) : stamp(old.hidden_at))
      }
      expect(hidden.get(ownerHid)!.automatic).toBe(false)
      for (const decided of [q3, pOld, q2]) {
        const row = hidden.get(decided)!
        expect(row.automatic).toBe(true)
        expect(stamp(row.hidden_at)).toBe(hour(row.hidden_at))
        expect(now - stamp(row.hidden_at)).toBeLessThan(2 * 3_600_000)
      }
      // The hour's budget: the two hides of the last hour and the three decided now.
      expect(
        after.tables
          .autoHides!.filter((row) => now - stamp(row.hidden_at) < 3_600_000)
          .map((row) => row.thought_id)
          .sort(),
      ).toEqual([x4, x5, q3, pOld, q2].sort())
      // q1 waits in the queue, dated to the hour it was reported enough, weighed: J, K and L each
      // helped hide three others (x1..x3), 3 × 1/(1 + 3).
      const waited = before.tables.pending!.find((row) => row.id === q1)!
      expect(after.tables.pending).toEqual([
        { id: q1, pending_since: expect.any(String), weight: 0.75, joined: expect.anything() },
      ])
      expect(stamp(after.tables.pending![0]!.pending_since)).toBe(hour(waited.pending_since))
      expect(await statuses(engine)).toMatchObject({
        [h1]: 'restored',
        [kept]: 'kept',
        [q1]: 'pending',
        [q3]: 'hidden',
        [pOld]: 'hidden',
        [q2]: 'hidden',
      })

      // A pending thought the owner hid by hand before the upgrade: the owner's hide, not automatic
      // (so its reporters D, E and F do not weigh as if they had spent the budget).
      expect(hidden.get(pHand)).toMatchObject({
        automatic: false,
        hidden_at: before.tables.hidden!.find((row) => row.id === pHand)!.hidden_at,
      })

      // Reports of restored or kept thoughts are recorded, spend nothing, hide nothing; the writes
      // prune the month-old report.
      await everyoneReports(engine, threeNewReporters(), [kept, h1])
      expect(
        await rows(
          engine,
          `select thought_id, bool_or(counts) as counts from private.void_reports
            where thought_id = any($1::bigint[]) and reported_at > now() - interval '2 hours'
              and dismissed_at is null group by thought_id order by thought_id`,
          [[kept, h1]],
        ),
      ).toEqual([
        { thought_id: Math.min(kept, h1), counts: false },
        { thought_id: Math.max(kept, h1), counts: false },
      ])
      for (const thought of [kept, h1]) expect(await onTheWall(engine, thought)).toBe(true)
      expect(
        await rows(engine, 'select 1 from private.void_reports where thought_id = $1', [ancient]),
      ).toEqual([])

      // When the budget returns, the next write decides the queue: q1 is hidden.
      await advanceClock(engine, '61 minutes')
      await stored([offer(engine, 'an offer an hour later', fresh())])
      expect(await isHidden(engine, q1)).toBe(true)
      expect(await rows(engine, 'select id from private.void_pending_thoughts')).toEqual([])

      // V reported y three hours before the upgrade, under the salt before the current one, which
      // the previous version overwrote when it turned: the upgrade cannot know that name, yet counts
      // the report. V reporting y again counts a second time (no reporter may count twice for one
      // thought), and with one more reporter, two people make three counting reports.
      await everyoneReports(engine, [R.V], [y])
      expect(
        await rows(
          engine,
          'select counting_reports as n from private.void_reported_thoughts where id = $1',
          [y],
        ),
      ).toEqual([{ n: 1 }])
    },
  }),
  upgrade({
    // The queue's moderation (seedModeration: hidden, pending z, restored, kept, reports from IPv4
    // and IPv6 reporters under two salts), and an address that spent its offers bucket. The
    // gateway's headers name each client in cf-connecting-ip and as x-forwarded-for's last entry,
    // as on hosted Supabase (the header comment: there both are the address Cloudflare saw).
    file: '20261127010000_client_address_header.sql',
    seed: async (engine) => {
      const seeded = await seedModeration(engine)
      const spent = '203.0.113.9'
      for (let i = 0; i < 10; i++)
        expect((await offer(engine, `spent ${i}`, spent)).status).toBe(201)
      expect((await offer(engine, 'one too many', spent)).status).toBe(429)
      return { ...seeded, spent }
    },
    check: async (engine, { kept, z, spent }, before, after) => {
      // One setting more, at its default; no other row changes.
      expect(after.tables.settings).toEqual([
        { ...before.tables.settings![0], client_address_from: 'x-forwarded-for' },
      ])
      expect({ ...after, tables: { ...after.tables, settings: [] } }).toEqual({
        ...before,
        tables: { ...before.tables, settings: [] },
      })
      // Every client keeps its key: reporters (IPv4 and IPv6, under today's salt and yesterday's)
      // are the same reporters, so their reports again store nothing...
      const reportsOf = (ids: number[]) =>
        rows(
          engine,
          'select count(*)::int as n from private.void_reports where thought_id = any($1)',
          [ids],
        )
      const earlier = await reportsOf([kept, z])
      await everyoneReports(engine, [R.D, R.E], [kept])
      await everyoneReports(engine, [R.P, R.Q, R.S], [z])
      expect(await reportsOf([kept, z])).toEqual(earlier)
      expect(await statuses(engine)).toMatchObject({ [kept]: 'kept', [z]: 'pending' })
      // ...and the spent bucket is still spent, now whatever cf-connecting-ip a client sends.
      let refused = 0
      for (let i = 0; i < 10; i++) {
        const answer = await request(
          engine,
          'insert into public.void_thoughts (text) values ($1) returning id',
          [`try ${i}`],
          { 'x-forwarded-for': spent, 'cf-connecting-ip': fresh() },
        )
        if (answer.status === 429) refused++
        else expect(answer.status).toBe(201)
      }
      expect(refused).toBeGreaterThanOrEqual(5)
    },
  }),
]

// The runs ------------------------------------------------------------------------------------------

describe.each(ENGINES)(
  'each migration on the data of the version before it, on %s',
  (engineName) => {
    for (const [index, file] of FILES.entries()) {
      it(file, async () => {
        allowNetwork()
        const entry = UPGRADES.find((candidate) => candidate.file === file)
        if (!entry)
          throw new Error(
            `${file} has no entry in UPGRADES (tests/unit/server/upgrade-on-data.test.ts): say what the version before it holds and what this migration must keep or change on it`,
          )
        const folder = mkdtempSync(join(tmpdir(), 'unburden-migrations-before-'))
        const database = await openDatabase(engineName)
        try {
          for (const earlier of FILES.slice(0, index))
            copyFileSync(join(MIGRATIONS_DIR, earlier), join(folder, earlier))
          expect(await migrate(database.engine, folder)).toHaveLength(index)
          const seeded = await entry.seed(database.engine)
          const before = await stateOf(database.engine)
          copyFileSync(join(MIGRATIONS_DIR, file), join(folder, file))
          expect(await migrate(database.engine, folder)).toEqual([file.slice(0, file.indexOf('_'))])
          const after = await stateOf(database.engine)
          expectKept(before, after, entry.movesToHidden?.(seeded))
          await entry.check(database.engine, seeded, before, after)
          await expectKeysStillRefuseRepeats(database.engine, before)
        } finally {
          await database.stop()
          rmSync(folder, { recursive: true, force: true })
        }
      })
    }
  },
)

describe('the upgrade-on-data entries', () => {
  it('name migrations that exist, each once', () => {
    const named = UPGRADES.map((entry) => entry.file)
    expect(new Set(named).size).toBe(named.length)
    expect(named.filter((file) => !FILES.includes(file))).toEqual([])
  })
})
