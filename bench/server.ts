/**
 * `npm run bench:server`: the local backend on PGlite with 100,000 rows on the wall, through
 * supabase-js as the app calls it. Prints p50/p95 of the first feed page and of a deep keyset page,
 * inserts per second with 20 concurrent clients (write limit off), and the start-up time on an
 * existing data folder. Targets: both pages p95 ≤ 10 ms, ≥ 400 inserts/s, warm start ≤ 1 s.
 * The server runs in its own process (`npm run server`), as it does for the app; the clients here.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { startBackend, type Backend } from '../server/index'
import { spawnBackend } from './backend-process'
import { percentile } from './stats'
import { sendOffer } from '../src/offering/shared/offer-wire'
import { freePort } from '../tests/fixtures/free-port'

const ROWS = 100_000
const SAMPLES = 300
const WRITERS = 20
const INSERTS = 3000

const dataDir = mkdtempSync(join(tmpdir(), 'unburden-bench-'))
const options = { port: 0, host: '127.0.0.1', dataDir, log: false as const, writeLimitPerMinute: 0 }

function client(backend: Pick<Backend, 'url' | 'anonKey'>): SupabaseClient {
  return createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })
}

/** Starts `npm run server` on the data folder; resolves with a stop function once it is ready. */
async function serverProcess(port: number): Promise<() => Promise<void>> {
  const server = await spawnBackend({
    API_PORT: String(port),
    API_HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    VOID_WRITE_LIMIT_PER_MINUTE: '0',
    LOG_REQUESTS: '0',
  })
  return server.stop
}

/** Sends INSERTS offers from WRITERS concurrent loops and prints the rate. */
async function timeInserts(label: string, send: (i: number) => PromiseLike<number>) {
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      while (next < INSERTS) {
        next++
        const status = await send(writer)
        if (status !== 201) throw new Error(`${label}: an insert answered ${status}`)
      }
    }),
  )
  const perSecond = INSERTS / ((performance.now() - started) / 1000)
  console.log(
    `${label.padEnd(42)} ${perSecond.toFixed(0)}/s  ${perSecond >= 400 ? 'ok' : 'UNDER the 400/s target'}`,
  )
}

const ms = (value: number) => `${value.toFixed(2)} ms`

/** Times a page read SAMPLES times; `target` says whether the 10 ms p95 target applies. */
async function timePages(
  label: string,
  run: () => PromiseLike<{ error: unknown; data: unknown[] | null }>,
  target = true,
) {
  for (let i = 0; i < 20; i++) await run() // warm-up
  const samples: number[] = []
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now()
    const { error, data } = await run()
    samples.push(performance.now() - started)
    if (error || data?.length !== 50)
      throw new Error(`${label}: ${JSON.stringify(error)} (${data?.length} rows)`)
  }
  const p95 = percentile(samples, 95)
  const verdict = !target ? '(no target)' : p95 <= 10 ? 'ok' : 'OVER the 10 ms target'
  console.log(`${label.padEnd(42)} p50 ${ms(percentile(samples, 50))}  p95 ${ms(p95)}  ${verdict}`)
}

let stopServer: (() => Promise<void>) | undefined
try {
  const coldStart = performance.now()
  let backend = await startBackend(options)
  console.log(`${'fresh data folder start'.padEnd(42)} ${ms(performance.now() - coldStart)}`)

  // 100,000 rows over the last few days; every tenth shares its created_at with the row before.
  const seeded = performance.now()
  await backend.engine.transaction((tx) =>
    tx.query(
      `with offered as (
         insert into public.void_thoughts (text, created_at)
         select 'Thought number ' || i || ', let go.',
                now() - ((i - (i % 10 = 0)::int) * interval '2 seconds')
           from generate_series(1, $1::int) i
         returning id)
       insert into private.void_offer_keys (client_id, thought_id)
       select gen_random_uuid(), id from offered`,
      [ROWS],
    ),
  )
  // What the server's maintenance (PGlite's stand-in for autovacuum) does after a bulk load.
  await backend.engine.exec('vacuum analyze public.void_thoughts')
  console.log(`${`seed ${ROWS} rows`.padEnd(42)} ${ms(performance.now() - seeded)}`)

  const [cursor] = await backend.engine.transaction((tx) =>
    tx.query<{ created_at: string; id: number }>(
      `select to_json(created_at)#>>'{}' as created_at, id from public.void_thoughts
        order by created_at desc, id desc offset 90000 limit 1`,
    ),
  )
  if (!cursor) throw new Error('no cursor row')
  await backend.close()

  const port = await freePort()
  stopServer = await serverProcess(port)
  const remote = { url: `http://127.0.0.1:${port}`, anonKey: backend.anonKey }
  const supabase = client(remote)
  const feed = () =>
    supabase
      .from('void_thoughts')
      .select('id,text,created_at')
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(50)
  await timePages('first page', () => feed())
  // The app's first page also asks for the total: PostgREST counts every row (count(*)).
  await timePages(
    'first page with count=exact',
    () =>
      supabase
        .from('void_thoughts')
        .select('id,text,created_at', { count: 'exact' })
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(50),
    false,
  )

  await timePages('deep keyset page (after row 90,000)', () =>
    feed().or(
      `created_at.lt."${cursor.created_at}",and(created_at.eq."${cursor.created_at}",id.lt.${cursor.id})`,
    ),
  )

  const supabaseWriters = Array.from({ length: WRITERS }, () => client(remote))
  await timeInserts(`inserts, ${WRITERS} concurrent supabase-js clients`, (i) =>
    supabaseWriters[i % WRITERS]!.from('void_thoughts')
      .insert({ text: 'A thought offered in the bench.' })
      .setHeader('Idempotency-Key', crypto.randomUUID())
      .then(({ status }) => status),
  )
  // The app's one offer sender (src/offering/shared/offer-wire.ts), as the page and the service worker use it.
  await timeInserts(`inserts, ${WRITERS} concurrent clients of the app's offer sender`, (_i) =>
    sendOffer(fetch, remote, {
      clientId: crypto.randomUUID(),
      text: 'A thought offered in the bench.',
    }).then((answer) => (answer.kind === 'status' ? answer.status : 0)),
  )

  await stopServer()
  stopServer = undefined
  const warmStarted = performance.now()
  backend = await startBackend(options)
  const warm = performance.now() - warmStarted
  const { error } = await client(backend).from('void_thoughts').select('id').limit(1)
  if (error) throw new Error(JSON.stringify(error))
  console.log(
    `${'warm start (existing data folder)'.padEnd(42)} ${ms(warm)}  ${warm <= 1000 ? 'ok' : 'OVER the 1 s target'}`,
  )
  await backend.close()
} finally {
  await stopServer?.()
  rmSync(dataDir, { recursive: true, force: true })
}
