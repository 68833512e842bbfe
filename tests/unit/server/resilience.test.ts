/**
 * Fault injection, the data-folder lock, and durability: `kill -9` of the server in the middle of a
 * burst of offers, then a restart, keeps every offer that was answered with a 2xx.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startBackend } from '../../../server/index'
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, signJwt } from '../../../server/jwt'
import { MIGRATIONS_DIR } from '../../../server/migrations'
import { probeBackendFaults } from '../../../src/features/lab/lab-backend'
import { allowNetwork } from '../setup/no-network'
import {
  asOwner,
  ENGINES,
  freshPgliteDir,
  ownerRows,
  realFetch,
  startTestBackend,
  voidClient,
  type TestBackend,
} from './support/backend'
import { startTestPostgres, type TestPostgres } from './support/postgres'
import { freePort } from '../../fixtures/free-port'

vi.setConfig({ testTimeout: 60_000 })

const TABLE = 'void_thoughts'
const uuid = () => crypto.randomUUID()

beforeEach(() => allowNetwork())

describe.each(ENGINES)('faults on %s', (engine) => {
  let backend: TestBackend
  let supabase: SupabaseClient

  // The app's lab runs on this port: its page may call the controls with the token.
  const APP_PORT = 4999
  beforeAll(async () => {
    backend = await startTestBackend(engine, { appPort: APP_PORT })
    supabase = voidClient(backend.url, backend.anonKey)
  }, 120_000)
  afterAll(() => backend?.stop(), 60_000)

  const control = async (method: string, path: string, body?: unknown) => {
    const response = await realFetch(`${backend.url}${path}`, {
      method,
      headers: {
        'x-unburden-control-token': backend.controlToken,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    // No CORS: no page of any origin may read the controls (issue 12, item 8).
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
    return { status: response.status, body: (await response.json()) as unknown }
  }
  const offer = (text: string, clientId: string = uuid()) =>
    supabase.from(TABLE).insert({ text }).setHeader('Idempotency-Key', clientId)
  const feed = () =>
    supabase
      .from(TABLE)
      .select('id,text,created_at')
      .order('created_at', { ascending: false })
      .retry(false)

  beforeEach(async () => {
    expect((await control('POST', '/__reset')).status).toBe(200)
  })

  it('503 answers every REST request with a PostgREST error, never a control request', async () => {
    await control('POST', '/__faults', { mode: '503', latencyMs: 0 })
    const read = await feed()
    expect(read.status).toBe(503)
    expect(read.error?.code).toBe('PGRST001')
    expect((await offer('not now')).status).toBe(503)
    expect((await control('GET', '/__faults')).body).toEqual({ mode: '503', latencyMs: 0 })
    expect(await ownerRows(backend)).toEqual([])
  })

  it('drop closes the connection without an answer', async () => {
    await control('POST', '/__faults', { mode: 'drop', latencyMs: 0 })
    const read = await feed()
    expect(read.error).not.toBeNull()
    expect(read.status).toBe(0)
    await expect(
      realFetch(`${backend.url}/rest/v1/${TABLE}?select=id`, {
        headers: { apikey: backend.anonKey },
      }),
    ).rejects.toThrow()
  })

  it('reject-inserts refuses offers with a 400 and still serves reads', async () => {
    await control('POST', '/__faults', { mode: 'reject-inserts', latencyMs: 0 })
    const refused = await offer('refused')
    expect(refused.status).toBe(400)
    expect(refused.error?.code).toBe('P0001')
    expect((await feed()).status).toBe(200)
    expect(await ownerRows(backend)).toEqual([])
  })

  it('store-then-drop stores the offer, then drops the answer; sending it again stores nothing more', async () => {
    await control('POST', '/__faults', { mode: 'store-then-drop', latencyMs: 0 })
    const clientId = uuid()
    const lost = await offer('answer lost', clientId)
    expect(lost.error).not.toBeNull()
    expect(lost.status).toBe(0)
    expect((await ownerRows(backend)).map((row) => row.offer_key)).toEqual([clientId])
    await control('POST', '/__faults', { mode: 'none', latencyMs: 0 })
    expect((await offer('answer lost', clientId)).status).toBe(201)
    expect(await ownerRows(backend)).toHaveLength(1)
  })

  it('latency delays REST answers only', async () => {
    await control('POST', '/__faults', { mode: 'none', latencyMs: 400 })
    const started = performance.now()
    expect((await feed()).status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(390)
    const controlStarted = performance.now()
    await control('GET', '/__faults')
    expect(performance.now() - controlStarted).toBeLessThan(390)
  })

  it('the request log, seeding, rows and reset', async () => {
    await control('POST', '/__seed', {
      rows: [
        { text: 'seeded old', createdAt: '2026-01-01T00:00:00.000001Z' },
        { text: 'seeded now' },
      ],
    })
    await feed()
    await offer('offered')
    await realFetch(`${backend.url}/rest/v1/${TABLE}`, { method: 'OPTIONS' })
    const log = (await control('GET', '/__requests')).body as {
      method: string
      path: string
      query: string
      status: number
    }[]
    expect(log.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([
      `GET /rest/v1/${TABLE} 200`,
      `POST /rest/v1/${TABLE} 201`,
    ])
    expect(log[0]?.query).toContain('select=id%2Ctext%2Ccreated_at')
    const rows = (await control('GET', '/__rows')).body as Record<string, unknown>[]
    expect(rows.map((row) => row.text)).toEqual(['offered', 'seeded now', 'seeded old'])
    // The rows, and whether a key was claimed for each: never the key itself.
    expect(rows.map((row) => Object.keys(row).sort())).toEqual(
      Array(3).fill(['created_at', 'id', 'keyed', 'text']),
    )
    expect(rows[2]).toMatchObject({
      created_at: '2026-01-01T00:00:00.000001+00:00',
      keyed: false,
    })
    expect(rows[0]?.keyed).toBe(true)

    const many = Array.from({ length: 20_000 }, (_, i) => ({ text: `bulk ${i}` }))
    expect((await control('POST', '/__seed', { rows: many })).status).toBe(201)
    expect(await ownerRows(backend)).toHaveLength(20_003)
    if (engine === 'pglite') {
      // PGlite has no autovacuum: the backend vacuums after a bulk load itself.
      const [stats] = await backend.engine.transaction((tx) =>
        tx.query<{ vacuums: number }>(
          `select vacuum_count::int as vacuums from pg_stat_user_tables where relname = 'void_thoughts'`,
        ),
      )
      expect(stats?.vacuums).toBeGreaterThan(0)
    }

    await control('POST', '/__faults', { mode: 'drop', latencyMs: 5 })
    for (const sql of [
      'insert into private.void_auto_hides (thought_id, hidden_at) values (1, now())',
      'insert into private.void_pending_thoughts (id, pending_since) values (2, now())',
      `insert into private.void_reviewed_thoughts (id, decision, decided_at) values (3, 'kept', now())`,
    ])
      await asOwner(backend, sql)
    await control('POST', '/__reset')
    expect(await control('GET', '/__faults')).toEqual({
      status: 200,
      body: { mode: 'none', latencyMs: 0 },
    })
    expect((await control('GET', '/__requests')).body).toEqual([])
    expect((await control('GET', '/__rows')).body).toEqual([])
    // A reset wall moderates as a new one: no spent budget, no decisions.
    const [moderation] = await backend.engine.transaction((tx) =>
      tx.query<{ traces: number }>(
        `select ((select count(*) from private.void_auto_hides)
              + (select count(*) from private.void_pending_thoughts)
              + (select count(*) from private.void_reviewed_thoughts))::int as traces`,
      ),
    )
    expect(moderation).toEqual({ traces: 0 })
  })

  it('a control request without the token, or from another origin, is refused and changes nothing', async () => {
    await control('POST', '/__seed', { rows: [{ text: 'still here' }] })
    const attempts: [string, RequestInit][] = [
      ['/__reset', { method: 'POST' }],
      ['/__reset?token=wrong', { method: 'POST' }],
      // A cross-site form post: text/plain, the page's origin, even with the token in the URL.
      [
        `/__reset?token=${backend.controlToken}`,
        {
          method: 'POST',
          headers: { origin: 'http://evil.example', 'content-type': 'text/plain' },
          body: '{}',
        },
      ],
      [
        '/__faults',
        {
          method: 'POST',
          headers: { origin: 'http://evil.example', 'content-type': 'text/plain' },
          body: '{"mode":"drop"}',
        },
      ],
      ['/__rows', { headers: { origin: 'http://evil.example' } }],
      ['/__requests', {}],
    ]
    for (const [path, init] of attempts) {
      const response = await realFetch(`${backend.url}${path}`, init)
      expect(response.status, path).toBe(403)
      expect(response.headers.get('access-control-allow-origin')).toBeNull()
      expect(Object.keys((await response.json()) as object).sort()).toEqual([
        'code',
        'details',
        'hint',
        'message',
      ])
    }
    expect((await ownerRows(backend)).map((row) => row.text)).toEqual(['still here'])
    expect((await control('GET', '/__faults')).body).toEqual({ mode: 'none', latencyMs: 0 })
    // The token as a query parameter works for a tester's curl.
    const withQuery = await realFetch(`${backend.url}/__faults?token=${backend.controlToken}`)
    expect(withQuery.status).toBe(200)
  })

  it('bad control requests get a 400', async () => {
    expect((await control('POST', '/__faults', { mode: 'explode' })).status).toBe(400)
    expect((await control('POST', '/__seed', { rows: [{ text: 42 }] })).status).toBe(400)
    for (const faults of [
      { mode: '503', retryAfterSeconds: 5 },
      { mode: '429', retryAfterSeconds: -1 },
      { mode: '429', retryAfterSeconds: 1.5 },
      { mode: '503', count: 0 },
      { mode: '503', count: 'two' },
      { mode: 'none', count: 3 },
    ]) {
      const refused = await control('POST', '/__faults', faults)
      expect(refused.status, JSON.stringify(faults)).toBe(400)
      expect(refused.body).toMatchObject({ code: 'PGRST102' })
    }
    expect((await control('GET', '/__faults')).body).toEqual({ mode: 'none', latencyMs: 0 })
  })

  it('429 answers with Retry-After, which the page may read, and stores nothing', async () => {
    await control('POST', '/__faults', { mode: '429', retryAfterSeconds: 7 })
    expect((await control('GET', '/__faults')).body).toEqual({
      mode: '429',
      latencyMs: 0,
      retryAfterSeconds: 7,
    })
    const response = await realFetch(`${backend.url}/rest/v1/${TABLE}`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        'content-type': 'application/json',
        'idempotency-key': uuid(),
        origin: 'http://localhost:4999',
      },
      body: JSON.stringify({ text: 'too soon' }),
    })
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBe('7')
    expect(response.headers.get('access-control-expose-headers')).toContain('retry-after')
    expect(await response.json()).toEqual({
      code: 'P0429',
      message: 'Too many offers from this address. Try again later.',
      details: 'Fault injection: 429',
      hint: null,
    })
    expect(await ownerRows(backend)).toEqual([])
    // Without a Retry-After of its own, a 429 says 2 seconds.
    await control('POST', '/__faults', { mode: '429' })
    expect((await control('GET', '/__faults')).body).toMatchObject({ retryAfterSeconds: 2 })
  })

  it('count plays a fault on the next N requests, then turns it off by itself', async () => {
    await control('POST', '/__faults', { mode: '503', count: 2 })
    expect((await control('GET', '/__faults')).body).toEqual({
      mode: '503',
      latencyMs: 0,
      count: 2,
    })
    expect((await feed()).status).toBe(503)
    expect((await control('GET', '/__faults')).body).toMatchObject({ count: 1 })
    expect((await offer('second try')).status).toBe(503)
    expect((await control('GET', '/__faults')).body).toEqual({ mode: 'none', latencyMs: 0 })
    expect((await offer('third try')).status).toBe(201)

    // The insert-only modes count inserts: reads in between neither suffer nor use it up.
    await control('POST', '/__faults', { mode: 'store-then-drop', count: 1 })
    expect((await feed()).status).toBe(200)
    const clientId = uuid()
    expect((await offer('answer lost once', clientId)).status).toBe(0)
    expect((await control('GET', '/__faults')).body).toEqual({ mode: 'none', latencyMs: 0 })
    expect((await offer('answer lost once', clientId)).status).toBe(201)
    expect((await ownerRows(backend)).map((row) => row.text)).toEqual([
      'answer lost once',
      'third try',
    ])
    const log = (await control('GET', '/__requests')).body as { method: string; status: number }[]
    expect(log.map(({ method, status }) => `${method} ${status}`)).toEqual([
      'GET 503',
      'POST 503',
      'POST 201',
      'GET 200',
      'POST 0',
      'POST 201',
    ])
  })

  it('GET /__lab says the backend has faults on, to anyone, and nothing more', async () => {
    const probe = await realFetch(`${backend.url}/__lab`, {
      headers: { origin: 'http://evil.example' },
    })
    expect(probe.status).toBe(200)
    expect(probe.headers.get('access-control-allow-origin')).toBe('*')
    expect(await probe.json()).toEqual({ faults: true })
    expect(await probeBackendFaults(realFetch, backend.url)).toBe(true)
  })

  it("the app's own page may call the controls with the token in the header, and no other page", async () => {
    const app = `http://localhost:${APP_PORT}`
    const preflight = await realFetch(`${backend.url}/__faults`, {
      method: 'OPTIONS',
      headers: {
        origin: app,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-unburden-control-token',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(app)
    expect(preflight.headers.get('access-control-allow-headers')).toContain(
      'x-unburden-control-token',
    )
    const set = await realFetch(`${backend.url}/__faults`, {
      method: 'POST',
      headers: {
        origin: app,
        'content-type': 'application/json',
        'x-unburden-control-token': backend.controlToken,
      },
      body: JSON.stringify({ mode: '503', count: 1 }),
    })
    expect(set.status).toBe(200)
    expect(set.headers.get('access-control-allow-origin')).toBe(app)
    expect(await set.json()).toEqual({ mode: '503', latencyMs: 0, count: 1 })

    const refused: [string, RequestInit][] = [
      // The app's page, but the token only in the address (a form or a link could carry that).
      [`/__reset?token=${backend.controlToken}`, { method: 'POST', headers: { origin: app } }],
      // The app's page without the token.
      ['/__reset', { method: 'POST', headers: { origin: app } }],
      // Another port, or another host on the app's port, with the token.
      [
        '/__reset',
        {
          method: 'POST',
          headers: {
            origin: `http://localhost:${APP_PORT + 1}`,
            'x-unburden-control-token': backend.controlToken,
          },
        },
      ],
      [
        '/__reset',
        {
          method: 'POST',
          headers: {
            origin: `http://evil.example:${APP_PORT}`,
            'x-unburden-control-token': backend.controlToken,
          },
        },
      ],
    ]
    for (const [path, init] of refused) {
      const response = await realFetch(`${backend.url}${path}`, init)
      expect(response.status, JSON.stringify(init.headers)).toBe(403)
      // The app's page may read why (so the lab can say the token is wrong); no other page may.
      const origin = (init.headers as Record<string, string>).origin
      expect(response.headers.get('access-control-allow-origin')).toBe(origin === app ? app : null)
    }
    const other = await realFetch(`${backend.url}/__faults`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    })
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
    // Nothing was reset: the fault set by the app is still there.
    expect((await control('GET', '/__faults')).body).toMatchObject({ mode: '503', count: 1 })
  })
})

describe('without the faults flag', () => {
  let postgres: TestPostgres
  beforeAll(async () => {
    postgres = await startTestPostgres()
  }, 60_000)
  afterAll(() => postgres?.stop())

  it('there are no control endpoints; the lab probe answers that faults are off', async () => {
    const backend = await startBackend({
      port: 0,
      host: '127.0.0.1',
      databaseUrl: postgres.url,
      log: false,
    })
    try {
      for (const path of ['/__faults', '/__rows', '/__requests']) {
        const response = await realFetch(`${backend.url}${path}`)
        expect(response.status).toBe(404)
        expect(await response.json()).toMatchObject({ code: 'PGRST125' })
      }
      expect((await realFetch(`${backend.url}/__reset`, { method: 'POST' })).status).toBe(404)
      // The app's page probes at every load: a 2xx its page may read, so no failed request is
      // logged in its console, saying the faults are off, which the app takes as no lab control.
      const probe = await realFetch(`${backend.url}/__lab`, {
        headers: { origin: 'http://localhost:4173' },
      })
      expect(probe.status).toBe(200)
      expect(probe.headers.get('access-control-allow-origin')).toBe('*')
      expect(await probe.json()).toEqual({ faults: false })
      const asked = vi.fn(realFetch)
      expect(await probeBackendFaults(asked, backend.url)).toBe(false)
      expect((await asked.mock.results[0]!.value) as Response).toMatchObject({ status: 200 })
    } finally {
      await backend.close()
    }
  })
})

describe('the data folder lock', () => {
  it('a second backend on the same folder stops with a clear message; after close it may start, and applies nothing twice', async () => {
    const dataDir = await freshPgliteDir()
    try {
      const first = await startBackend({ port: 0, host: '127.0.0.1', dataDir, log: false })
      await expect(
        startBackend({ port: 0, host: '127.0.0.1', dataDir, log: false }),
      ).rejects.toThrow(/Another backend \(pid \d+\) is using the data folder/)
      await first.close()
      const second = await startBackend({ port: 0, host: '127.0.0.1', dataDir, log: false })
      // Reopening applied no migration twice (a second `create table` would have failed anyway).
      const applied = await second.engine.transaction((tx) =>
        tx.query<{ version: string }>(
          'select version from supabase_migrations.schema_migrations order by version',
        ),
      )
      expect(applied.map((row) => row.version)).toEqual(
        readdirSync(MIGRATIONS_DIR)
          .filter((file) => file.endsWith('.sql'))
          .sort()
          .map((file) => file.split('_')[0]),
      )
      await second.close()
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 180_000)
})

/** Starts `npm run server` as a child process and waits for its ready line. */
async function spawnServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, VOID_WRITE_LIMIT_PER_MINUTE: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The server did not start: ${output}`)),
      120_000,
    )
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Anon key')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', (code) => reject(new Error(`The server exited (${code}): ${output}`)))
  })
  child.stdout!.resume()
  child.stderr!.resume()
  return child
}

describe('two server processes on one data folder', () => {
  it('the second stops with a clear message and the first keeps serving', async () => {
    const dataDir = await freshPgliteDir()
    const [port, otherPort] = [await freePort(), await freePort()]
    let first: ChildProcess | undefined
    try {
      first = await spawnServer({
        API_PORT: String(port),
        API_HOST: '127.0.0.1',
        DATA_DIR: dataDir,
      })
      await expect(
        spawnServer({ API_PORT: String(otherPort), API_HOST: '127.0.0.1', DATA_DIR: dataDir }),
      ).rejects.toThrow(/exited \(1\).*Another backend \(pid \d+\) is using the data folder/s)
      const response = await realFetch(`http://127.0.0.1:${port}/rest/v1/${TABLE}?select=id`, {
        headers: { apikey: LOCAL_ANON_KEY },
      })
      expect(response.status).toBe(200)
    } finally {
      if (first && first.exitCode === null && first.signalCode === null) {
        const exited = new Promise((resolve) => first!.once('exit', resolve))
        first.kill('SIGTERM')
        await exited
      }
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 240_000)
})

describe.each(ENGINES)('kill -9 on %s', (engine) => {
  it('every offer answered with a 2xx before the kill is there after a restart', async () => {
    const port = await freePort()
    const dataDir =
      engine === 'pglite' ? await freshPgliteDir() : mkdtempSync(join(tmpdir(), 'unburden-kill-'))
    const postgres = engine === 'postgres' ? await startTestPostgres() : undefined
    const env = {
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      ...(postgres ? { DATABASE_URL: postgres.url } : { DATA_DIR: dataDir }),
    }
    let child: ChildProcess | undefined
    try {
      child = await spawnServer(env)
      const url = `http://127.0.0.1:${port}/rest/v1/${TABLE}`
      const acknowledged: string[] = []
      let killed = false
      const sender = async () => {
        while (!killed) {
          const clientId = uuid()
          try {
            const response = await realFetch(url, {
              method: 'POST',
              headers: {
                apikey: LOCAL_ANON_KEY,
                'content-type': 'application/json',
                'idempotency-key': clientId,
              },
              body: JSON.stringify({ text: `in the burst ${clientId}` }),
            })
            if (response.ok) acknowledged.push(clientId)
          } catch {
            // The server is gone: this offer's fate is unknown, which is allowed.
          }
        }
      }
      const senders = Array.from({ length: 8 }, sender)
      const deadline = Date.now() + 60_000
      while (acknowledged.length < 150 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 5))
      const exited = new Promise((resolve) => child!.once('exit', resolve))
      child.kill('SIGKILL')
      killed = true
      await Promise.all(senders)
      await exited
      expect(acknowledged.length).toBeGreaterThanOrEqual(150)

      child = await spawnServer(env)
      const service = signJwt({ role: 'service_role' }, LOCAL_JWT_SECRET)
      const response = await realFetch(`${url}?select=text`, { headers: { apikey: service } })
      expect(response.status).toBe(200)
      const stored = new Set(
        ((await response.json()) as { text: string }[]).map((row) =>
          row.text.slice('in the burst '.length),
        ),
      )
      const missing = acknowledged.filter((clientId) => !stored.has(clientId))
      expect(missing).toEqual([])
      expect(stored.size).toBeGreaterThanOrEqual(acknowledged.length)
    } finally {
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child!.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      await postgres?.stop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 240_000)
})
