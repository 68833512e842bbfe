/**
 * `npm run bench:abuse`: the local backend (PGlite, its own process, the hosted write limit of 10
 * offers a minute) under one attacking address. Prints the rows it stored per minute while trying
 * the tricks (batches of 15,000 rows, a rotating X-Forwarded-For, a spoofed cf-connecting-ip, many
 * 1-row requests), the slowest hostile read over 45,000 rows, the 5xx count of a hostile-request
 * fuzz run, and the backend's resident memory afterwards. Then the rows the /64s of one IPv6 /48
 * store in a minute, and the moderation part (bench/moderation.ts):
 * a simulated day per attacker (one hiding other people's thoughts with 3, 50 and 65,536 addresses, one
 * burning the budget on its own decoys with 3, 72 and 500) while honest people report abusive
 * thoughts. `ABUSE_PARTS=moderation` (or `limits`) runs one part; `BENCH_SIZE=small` runs the
 * moderation part's short day.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, signJwt } from '../server/jwt'
import { freePort } from '../tests/fixtures/free-port'
import { hostileRequests } from '../tests/fixtures/hostile-requests'
import { spawnBackend } from './backend-process'
import { moderationBench, offersFromOne48 } from './moderation'

/**
 * Which parts run: `limits` (the offer limit, hostile reads, fuzz), `networks` (offers from the /64s
 * of one IPv6 /48), `moderation`; all by default.
 */
const PARTS = (process.env.ABUSE_PARTS ?? 'limits,networks,moderation').split(',')
const ATTACK_SECONDS = Number(process.env.ABUSE_SECONDS ?? 70)
/** The first seconds drain the full bucket (10 rows at once); the rate is measured after them. */
const BURST_SECONDS = 10
const FUZZ_REQUESTS = Number(process.env.ABUSE_FUZZ ?? 3000)
const READ_TIMEOUT_MS = 60_000
const TOKEN = 'bench-abuse-control-token'

/** The offer limit under one address, hostile reads and the fuzz run, against a spawned backend. */
async function limitsBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'unburden-abuse-'))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const service = signJwt({ role: 'service_role' }, LOCAL_JWT_SECRET)

  const server = await spawnBackend({
    API_PORT: String(port),
    API_HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    VOID_WRITE_LIMIT_PER_MINUTE: '10',
    UNBURDEN_FAULTS: '1',
    UNBURDEN_CONTROL_TOKEN: TOKEN,
    LOG_REQUESTS: '0',
  })

  const control = (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-unburden-control-token': TOKEN },
      body: JSON.stringify(body),
    })

  async function storedRows(): Promise<number> {
    const response = await fetch(`${url}/rest/v1/void_thoughts?select=id&limit=1`, {
      headers: { apikey: service, prefer: 'count=exact' },
    })
    await response.arrayBuffer()
    return Number(response.headers.get('content-range')?.split('/')[1] ?? NaN)
  }

  const attackStatuses = new Map<number, number>()
  /**
   * One attacking request as the app's own client would send it: one row with an Idempotency-Key
   * header (a fresh key each time, so the database never skips it as a repeat), or a batch of `count`
   * rows (a plain spec insert; one request carries one key).
   */
  const offer = (count: number, headers: Record<string, string> = {}) =>
    fetch(`${url}/rest/v1/void_thoughts`, {
      method: 'POST',
      headers: {
        apikey: LOCAL_ANON_KEY,
        'content-type': 'application/json',
        ...(count === 1 ? { 'idempotency-key': crypto.randomUUID() } : {}),
        ...headers,
      },
      body: JSON.stringify(
        count === 1 ? { text: 'flood' } : Array.from({ length: count }, () => ({ text: 'flood' })),
      ),
    })
      .then(async (response) => {
        await response.arrayBuffer()
        return response.status
      })
      .catch(() => 0)
      .then((status) => {
        attackStatuses.set(status, (attackStatuses.get(status) ?? 0) + 1)
        return status
      })

  try {
    // 1. One address, every trick at once, for ATTACK_SECONDS.
    const before = await storedRows()
    const until = Date.now() + ATTACK_SECONDS * 1000
    let requests = 0
    const trick = async (send: (i: number) => Promise<number>) => {
      for (let i = 0; Date.now() < until; i++) {
        requests++
        await send(i)
      }
    }
    let afterBurst = before
    await Promise.all([
      trick(() => offer(15_000)),
      trick((i) => offer(1, { 'x-forwarded-for': `203.0.113.${i % 250}` })),
      trick((i) => offer(1, { 'cf-connecting-ip': `198.51.100.${i % 250}` })),
      trick(() => offer(1)),
      new Promise((done) => setTimeout(done, BURST_SECONDS * 1000)).then(
        async () => (afterBurst = await storedRows()),
      ),
    ])
    const stored = (await storedRows()) - before
    const perMinute = (((await storedRows()) - afterBurst) * 60) / (ATTACK_SECONDS - BURST_SECONDS)
    const answers = [...attackStatuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status || 'no answer'} ×${n}`)
      .join(', ')
    console.log(
      `rows stored per minute by one address       ${perMinute.toFixed(1)} after the first ${BURST_SECONDS} s (limit 10; ${stored} rows in ${ATTACK_SECONDS} s, the first 10 at once; ${requests} requests: ${answers})`,
    )

    // 2. Hostile reads over 45,000 rows.
    await control('/__reset', {})
    await control('/__seed', {
      rows: Array.from({ length: 45_000 }, (_, i) => ({ text: `thought ${i} let go` })),
    })
    const reads: [string, string][] = [
      ['700 ilike filters', Array.from({ length: 700 }, (_, i) => `text=ilike.*${i}zz*`).join('&')],
      [
        '10 ilike filters in or=()',
        `or=(${Array.from({ length: 10 }, (_, i) => `text.ilike.*${i}zz*`).join(',')})`,
      ],
      ['100 neq filters', Array.from({ length: 100 }, (_, i) => `text=neq.${i}`).join('&')],
      ['or= nested 2,500 deep', `or=(${'or('.repeat(2500)}id.eq.1${')'.repeat(2500)})`],
      [
        '1,700 select items',
        `select=${Array.from({ length: 1700 }, (_, i) => `a${i}:text`).join(',')}`,
      ],
      ['the whole table', 'select=*'],
    ]
    let slowest = { label: '', ms: 0, status: 0 }
    for (const [label, query] of reads) {
      const started = performance.now()
      const status = await fetch(`${url}/rest/v1/void_thoughts?${query}`, {
        headers: { apikey: LOCAL_ANON_KEY },
        signal: AbortSignal.timeout(READ_TIMEOUT_MS),
      })
        .then(async (response) => {
          await response.arrayBuffer()
          return response.status
        })
        .catch(() => 0)
      const ms = performance.now() - started
      console.log(`  ${label.padEnd(40)} ${status || 'no answer'} in ${ms.toFixed(0)} ms`)
      if (ms > slowest.ms) slowest = { label, ms, status }
    }
    console.log(
      `slowest hostile read                        ${slowest.ms.toFixed(0)} ms (${slowest.label}; anon's statement_timeout: 3000 ms)`,
    )

    // 3. The fuzz run.
    const make = hostileRequests(20261123)
    const statuses = new Map<number, number>()
    let sent = 0
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (sent < FUZZ_REQUESTS) {
          sent++
          const request = make()
          const status = await fetch(`${url}${request.url}`, request)
            .then(async (response) => {
              await response.arrayBuffer()
              return response.status
            })
            .catch(() => 0)
          statuses.set(status, (statuses.get(status) ?? 0) + 1)
        }
      }),
    )
    const fivexx = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0)
    console.log(
      `fuzz: 5xx answers                           ${fivexx} of ${sent} (no answer: ${statuses.get(0) ?? 0})`,
    )

    const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1]
    console.log(`backend RSS after                           ${Math.round(Number(rss) / 1024)} MB`)
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (PARTS.includes('limits')) await limitsBench()
if (PARTS.includes('networks')) {
  const sixtyFours = Number(process.env.ABUSE_64S ?? 1000)
  const { stored, seconds } = await offersFromOne48(sixtyFours)
  console.log(
    `rows stored by ${sixtyFours.toLocaleString('en')} /64s of one /48      ${stored.toLocaleString('en')} in ${seconds.toFixed(1)} s, within one minute of the limits' clock (a request of 10 rows from each /64; /64 limit 10 a minute)`,
  )
}
if (PARTS.includes('moderation')) await moderationBench()
