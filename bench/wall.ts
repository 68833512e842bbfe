/**
 * `npm run bench:wall`: a wall of 1 million, then 10 million thoughts on real PostgreSQL (a throwaway
 * cluster, removed at the end), read and written through the local backend's HTTP API with the anon
 * key, as the app does. For each size, p50/p95 over 200 sequential requests (100 for the old
 * count=exact page) of:
 * - the first page with its count: before, one GET with `Prefer: count=exact` (PostgreSQL counts
 *   every row); after, the page and `GET rpc/void_thought_count` together (the app's two requests);
 * - a deep keyset page (the cursor 90% down the wall): before, the `or` filter alone; after, the
 *   query src/shared/void-page-query.ts builds now. The local backend reads that `or` as a row
 *   comparison; hosted PostgREST does not, so the same page is also timed as the SQL PostgREST
 *   runs for it (as anon, under the anon role's 3 s statement timeout), straight to the database;
 * - a one-row offer (src/offering/shared/offer-wire.ts, with its Idempotency-Key): before, without the
 *   counter's insert trigger; after, with it.
 * Target: p95 under 50 ms for every "after" at both sizes.
 *
 * The write limit stays on (its token trigger and pruning run for every offer) but is raised to
 * WRITE_LIMIT a minute: the local backend keys it on the socket's address, so every request of this
 * bench comes from one address, and at the hosted 10 a minute it would refuse all but the first ten.
 * Seeding runs as the owner with triggers bypassed (`session_replication_role = replica`), then the
 * counter is set with private.recount_thoughts() and the table analysed.
 */
import { openPostgres, type Engine } from '../server/engine'
import { LOCAL_ANON_KEY } from '../server/jwt'
import { sendOffer } from '../src/offering/shared/offer-wire'
import { voidPageQuery } from '../src/shared/void-page-query'
import { VOID_COUNT_FUNCTION, VOID_TABLE, type VoidCursor } from '../src/shared/void-rest'
import { freePort } from '../tests/fixtures/free-port'
import { startTestPostgres, type TestPostgres } from '../tests/unit/server/support/postgres'
import { spawnBackend } from './backend-process'
import { percentile } from './stats'

/** The wall's sizes, in order (`BENCH_SIZES=1000000` for one); each is seeded on top of the last. */
const SIZES = (process.env.BENCH_SIZES ?? '1000000,10000000').split(',').map(Number)
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200)
/** The old first page counts every row: at 10M rows each takes seconds, so it is sampled less. */
const BEFORE_COUNT_SAMPLES = Math.min(SAMPLES, 100)
const WARM_UP = 10
const TARGET_MS = 50
const WRITE_LIMIT = 1_000_000

const ms = (value: number) => `${value.toFixed(1)} ms`

/** Starts `npm run server` on the cluster; resolves with a stop function once it is ready. */
async function serverProcess(port: number, databaseUrl: string): Promise<() => Promise<void>> {
  const server = await spawnBackend({
    API_PORT: String(port),
    API_HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    VOID_WRITE_LIMIT_PER_MINUTE: String(WRITE_LIMIT),
    LOG_REQUESTS: '0',
  })
  return server.stop
}

interface Figure {
  what: string
  size: number
  p50: number
  p95: number
  failed: number
}

/** Times `run` SAMPLES times after a warm-up; a run returns false when its answer was wrong. */
async function measure(
  what: string,
  size: number,
  run: () => Promise<boolean>,
  samples = SAMPLES,
): Promise<Figure> {
  for (let i = 0; i < WARM_UP; i++) await run()
  const times: number[] = []
  let failed = 0
  for (let i = 0; i < samples; i++) {
    const started = performance.now()
    if (!(await run())) failed++
    times.push(performance.now() - started)
  }
  const figure = { what, size, p50: percentile(times, 50), p95: percentile(times, 95), failed }
  console.log(
    `  ${what.padEnd(44)} p50 ${ms(figure.p50).padStart(10)}  p95 ${ms(figure.p95).padStart(10)}${failed ? `  ${failed}/${samples} FAILED` : ''}`,
  )
  return figure
}

/** Adds rows `from`..`to` as the owner: one per second of 2026 onwards, of mixed length. */
async function seed(engine: Engine, from: number, to: number): Promise<void> {
  await engine.transaction(async (tx) => {
    await tx.query("set local session_replication_role = 'replica'")
    await tx.query('drop index public.void_thoughts_created_at_id_idx')
    await tx.query(
      `insert into public.void_thoughts (text, created_at)
       select 'Thought ' || g || ', let go.' || repeat(' And more.', (g % 23)::int),
              timestamptz '2026-01-01 00:00:00+00' + g * interval '1 second'
         from generate_series($1::bigint, $2::bigint) g`,
      [from, to],
    )
    await tx.query("set local maintenance_work_mem = '256MB'")
    await tx.query(
      'create index void_thoughts_created_at_id_idx on public.void_thoughts (created_at desc, id desc)',
    )
  })
  await engine.exec('select private.recount_thoughts()')
  await engine.exec('vacuum analyze public.void_thoughts')
}

const headers = {
  apikey: LOCAL_ANON_KEY,
  Authorization: `Bearer ${LOCAL_ANON_KEY}`,
  'Accept-Profile': 'public',
  Accept: 'application/json',
}

/** The keyset filter alone, as the app built it before (no bound the index can start from). */
function orOnlyQuery(cursor: VoidCursor): string {
  const at = `"${cursor.created_at}"`
  return new URLSearchParams({
    select: 'id,text,created_at',
    order: 'created_at.desc,id.desc',
    limit: '50',
    or: `(created_at.lt.${at},and(created_at.eq.${at},id.lt.${cursor.id}))`,
  }).toString()
}

let postgres: TestPostgres | undefined
let stopServer: (() => Promise<void>) | undefined
let owner: Engine | undefined
const rows: { name: string; before: Figure; after: Figure }[] = []
const compare = (name: string, before: Figure, after: Figure) => rows.push({ name, before, after })

async function cleanUp(): Promise<void> {
  await owner?.close().catch(() => undefined)
  owner = undefined
  await stopServer?.()
  stopServer = undefined
  await postgres?.stop()
  postgres = undefined
}
// Interrupted: the cluster and its gigabytes go too.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)))

try {
  postgres = await startTestPostgres()
  const port = Number(process.env.API_PORT ?? 0) || (await freePort())
  stopServer = await serverProcess(port, postgres.url) // applies the migrations
  owner = await openPostgres(postgres.url, 2)
  const api = `http://127.0.0.1:${port}/rest/v1`
  const get = (path: string, extra: Record<string, string> = {}) =>
    fetch(`${api}/${path}`, { headers: { ...headers, ...extra } })

  let seeded = 0
  for (const size of SIZES) {
    const started = performance.now()
    await seed(owner, seeded + 1, size)
    seeded = size
    console.log(
      `\n${size.toLocaleString('en')} thoughts (seeded and analysed in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
    )

    const pageOk = async (response: Response, total: number | null) => {
      const rows = (await response.json()) as unknown[]
      return response.ok && rows.length === 50 && (total === null || total >= size)
    }
    const firstPage = voidPageQuery(null)
    compare(
      'first page with count',
      await measure(
        'first page, count=exact',
        size,
        async () => {
          const response = await get(`${VOID_TABLE}?${firstPage}`, { Prefer: 'count=exact' })
          const total = Number(response.headers.get('content-range')?.split('/')[1])
          return pageOk(response, Number.isNaN(total) ? -1 : total)
        },
        BEFORE_COUNT_SAMPLES,
      ),
      await measure('first page + rpc count, together', size, async () => {
        const [page, count] = await Promise.all([
          get(`${VOID_TABLE}?${firstPage}`),
          get(`rpc/${VOID_COUNT_FUNCTION}`),
        ])
        const total = count.ok ? ((await count.json()) as number) : -1
        return pageOk(page, total)
      }),
    )

    // The cursor 90% down the wall, as the API hands it out.
    const deepId = Math.round(size * 0.1)
    const [row] = (await (
      await get(`${VOID_TABLE}?select=id,created_at&id=eq.${deepId}`)
    ).json()) as VoidCursor[]
    if (!row) throw new Error(`no row ${deepId}`)
    compare(
      'deep keyset page (local backend)',
      await measure('deep keyset page, or filter alone', size, async () =>
        pageOk(await get(`${VOID_TABLE}?${orOnlyQuery(row)}`), null),
      ),
      await measure('deep keyset page, as the app asks now', size, async () =>
        pageOk(await get(`${VOID_TABLE}?${voidPageQuery(row)}`), null),
      ),
    )
    // Hosted PostgREST sends the `or` as written (the local backend reads that keyset `or` as a row
    // comparison): the same page as the SQL PostgREST runs for it, as anon, straight to the database.
    const hosted = (bound: boolean) => async () => {
      const [result] = await owner!.transaction(async (tx) => {
        // As PostgREST runs it: as anon, under the anon role's 3 s statement timeout.
        await tx.query(
          `select set_config('role', 'anon', true), set_config('statement_timeout', '3s', true)`,
        )
        return tx.query<{ rows: number }>(
          `select count(*)::int as rows, coalesce(json_agg(t), '[]')::text as body
             from (select id, text, created_at from public.void_thoughts
                    where (created_at < $1 or (created_at = $1 and id < $2))
                          ${bound ? 'and created_at <= $1' : ''}
                    order by created_at desc, id desc limit 50) t`,
          [row.created_at, row.id],
        )
      })
      return result?.rows === 50
    }
    const hostedOrFailed = (bound: boolean) => () => hosted(bound)().catch(() => false)
    compare(
      "deep keyset page, hosted PostgREST's SQL",
      await measure(
        "  the same as hosted PostgREST's SQL",
        size,
        hostedOrFailed(false),
        BEFORE_COUNT_SAMPLES,
      ),
      await measure("  with the app's created_at bound", size, hostedOrFailed(true)),
    )

    const offer = async () => {
      const answer = await sendOffer(
        fetch,
        { url: `http://127.0.0.1:${port}`, anonKey: LOCAL_ANON_KEY },
        { clientId: crypto.randomUUID(), text: 'A thought offered in the bench.' },
      )
      return answer.kind === 'status' && answer.status === 201
    }
    await owner.exec(
      'alter table public.void_thoughts disable trigger void_thoughts_count_inserted',
    )
    const withoutCounter = await measure('one offer, without the counter', size, offer)
    await owner.exec('alter table public.void_thoughts enable trigger void_thoughts_count_inserted')
    await owner.exec('select private.recount_thoughts()')
    compare('one offer', withoutCounter, await measure('one offer, with the counter', size, offer))
    const [check] = await owner.transaction((tx) =>
      tx.query<{ counter: string; exact: string }>(
        `select public.void_thought_count()::text as counter,
                (select count(*) from public.void_thoughts)::text as exact`,
      ),
    )
    console.log(
      `  counter ${check?.counter} = count(*) ${check?.exact}: ${check?.counter === check?.exact}`,
    )
    // Back to the seeded rows only (the offers were the newest), before the next size.
    await owner.exec(
      `delete from public.void_thoughts where created_at >= timestamptz '2026-06-01'`,
    )
  }

  console.log(
    `\nBefore / after, p95 (p50) in ms, ${SAMPLES} sequential requests each, anon key over HTTP:`,
  )
  console.log(
    `| ${'request'.padEnd(40)} | ${'rows'.padEnd(10)} | ${'before'.padEnd(26)} | ${'after'.padEnd(26)} | target < ${TARGET_MS} ms |`,
  )
  console.log(
    `|${'-'.repeat(42)}|${'-'.repeat(12)}|${'-'.repeat(28)}|${'-'.repeat(28)}|${'-'.repeat(16)}|`,
  )
  for (const { name, before, after } of rows) {
    const cell = (f: Figure) =>
      `${f.p95.toFixed(1)} (${f.p50.toFixed(1)})${f.failed ? ` ${f.failed} failed` : ''}`.padEnd(26)
    const ok = after.p95 < TARGET_MS && after.failed === 0
    console.log(
      `| ${name.padEnd(40)} | ${after.size.toLocaleString('en').padEnd(10)} | ${cell(before)} | ${cell(after)} | ${(ok ? 'ok' : 'MISSED').padEnd(14)} |`,
    )
  }
} finally {
  await cleanUp()
}
