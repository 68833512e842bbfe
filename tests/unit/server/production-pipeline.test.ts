/**
 * A production start (no `--faults`, no UNBURDEN_FAULTS) builds its request pipeline from the
 * product's steps alone: no fault or control step is in it, and every request for a tester control
 * is answered exactly as a request for a path that names nothing. A backend started with the
 * controls has the tester's steps, at their points among the same product steps.
 */
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { optionsFromEnv } from '../../../server/config'
import { startBackend, type Backend } from '../../../server/index'
import { CONTROL_TOKEN_HEADER } from '../../../src/shared/local-backend'
import { allowNetwork } from '../setup/no-network'
import { freshPgliteDir, realFetch, startTestBackend, type TestBackend } from './support/backend'

/** The product's steps, in the order each request runs through them. */
const PRODUCT_STEPS = [
  'host',
  'preflight',
  'lab probe',
  'route',
  'key',
  'body',
  'nesting',
  'run',
  'answer',
]

beforeEach(() => allowNetwork())

describe('a production start', () => {
  let backend: Backend
  let dataDir: string
  const options = optionsFromEnv({}, ['node', 'server/main.ts'])

  beforeAll(async () => {
    dataDir = await freshPgliteDir()
    backend = await startBackend({ ...options, port: 0, host: '127.0.0.1', dataDir, log: false })
  }, 120_000)
  afterAll(async () => {
    await backend?.close()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  }, 60_000)

  it('is one without the controls', () => {
    expect(options.faults).toBe(false)
  })

  it("runs each request through the product's steps only: no fault or control step", () => {
    expect(backend.steps).toEqual(PRODUCT_STEPS)
  })

  /** Status, headers (but the date and the length) and body of an answer, its path named `path`. */
  const seen = async (response: Response, path: string) => {
    const headers = Object.fromEntries(
      [...response.headers].filter(([name]) => name !== 'date' && name !== 'content-length'),
    )
    const body = (await response.text()).split(path).join('<path>')
    return { status: response.status, headers, body }
  }

  it('answers every tester control exactly as it answers a path that names nothing', async () => {
    const app = `http://localhost:${options.appPort}`
    const token = { [CONTROL_TOKEN_HEADER]: backend.controlToken }
    const json = { 'content-type': 'application/json' }
    const requests: [string, RequestInit][] = [
      ['/__faults', { headers: token }],
      ['/__faults', { method: 'POST', headers: { ...token, ...json }, body: '{"mode":"drop"}' }],
      [`/__faults?token=${backend.controlToken}`, {}],
      ['/__reset', { method: 'POST', headers: token }],
      ['/__requests', { headers: token }],
      ['/__seed', { method: 'POST', headers: { ...token, ...json }, body: '{"rows":[]}' }],
      ['/__rows', { headers: { ...token, origin: app } }],
      ['/__rows', { headers: { origin: 'http://evil.example' } }],
      [
        '/__faults',
        {
          method: 'OPTIONS',
          headers: { origin: app, 'access-control-request-method': 'POST' },
        },
      ],
    ]
    for (const [path, init] of requests) {
      const unknown = path.replace(/^\/__[a-z]+/, '/__nothing')
      const pathname = path.split('?')[0]!
      const control = await seen(await realFetch(`${backend.url}${path}`, init), pathname)
      const nothing = await seen(
        await realFetch(`${backend.url}${unknown}`, init),
        unknown.split('?')[0]!,
      )
      expect(control, `${init.method ?? 'GET'} ${path}`).toEqual(nothing)
    }
    // The wall was not touched: a seed would have been a write, a reset would have emptied it.
    const [row] = await backend.engine.transaction((tx) =>
      tx.query<{ n: number }>('select count(*)::int as n from public.void_thoughts'),
    )
    expect(row?.n).toBe(0)
  })

  it('answers the lab probe that the controls are off', async () => {
    const probe = await realFetch(`${backend.url}/__lab`)
    expect(probe.status).toBe(200)
    expect(await probe.json()).toEqual({ faults: false })
  })
})

describe('a start with the tester controls', () => {
  let backend: TestBackend
  beforeAll(async () => {
    backend = await startTestBackend('pglite', { faults: true })
  }, 120_000)
  afterAll(() => backend?.stop(), 60_000)

  it("adds the tester's steps at their points among the same product steps", () => {
    expect(backend.steps.filter((name) => !name.startsWith('tester: '))).toEqual(PRODUCT_STEPS)
    expect(backend.steps).toEqual([
      'tester: control CORS',
      'tester: request log',
      'host',
      'preflight',
      'tester: lab probe',
      'tester: controls',
      'tester: faults before routing',
      'lab probe',
      'route',
      'key',
      'body',
      'tester: rejected inserts',
      'nesting',
      'run',
      'tester: dropped after store',
      'answer',
    ])
  })

  it('answers a control, where a production start answers as for a path that names nothing', async () => {
    const control = await realFetch(`${backend.url}/__faults`, {
      headers: { [CONTROL_TOKEN_HEADER]: backend.controlToken },
    })
    expect(control.status).toBe(200)
    expect(await control.json()).toEqual({ mode: 'none', latencyMs: 0 })
  })
})
