/**
 * Hostile requests, generated (tests/fixtures/hostile-requests.ts). Every answer must be a 4xx (or a 2xx) with PostgREST's error shape, no internal text,
 * and the wall must be unchanged. The generator is seeded: a failure prints its seed and request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hostileRequests } from '../../fixtures/hostile-requests'
import { allowNetwork } from '../setup/no-network'
import {
  ENGINES,
  ownerRows,
  realFetch,
  startTestBackend,
  type TestBackend,
} from './support/backend'

const REQUESTS = 10_000
const CONCURRENCY = 8
const SEED = Number(process.env.FUZZ_SEED ?? 20261123)

describe.each(ENGINES)('hostile requests on %s', (engine) => {
  let backend: TestBackend
  beforeAll(async () => {
    allowNetwork()
    backend = await startTestBackend(engine)
    await backend.engine.transaction((tx) =>
      tx.query(`insert into public.void_thoughts (text)
                select 'row ' || i from generate_series(1, 30) i`),
    )
  }, 120_000)
  afterAll(() => backend?.stop(), 60_000)

  it(`${REQUESTS} generated hostile requests: no 5xx, no internals, the wall unchanged`, async () => {
    allowNetwork()
    const before = await ownerRows(backend)
    const make = hostileRequests(SEED + (engine === 'postgres' ? 1 : 0))
    const failures: string[] = []
    let sent = 0
    const deadline = Date.now() + 240_000
    const worker = async () => {
      while (sent < REQUESTS && Date.now() < deadline && failures.length < 5) {
        sent++
        const request = make()
        let status: number
        let text: string
        try {
          const response = await realFetch(`${backend.url}${request.url}`, request)
          status = response.status
          text = await response.text()
        } catch (error) {
          failures.push(
            `no answer (${(error as Error).message}): ${JSON.stringify(request).slice(0, 300)}`,
          )
          continue
        }
        const shaped = (() => {
          if (status < 400 || request.method === 'HEAD' || status === 431) return true
          try {
            return (
              Object.keys(JSON.parse(text) as object)
                .sort()
                .join() === 'code,details,hint,message'
            )
          } catch {
            return false
          }
        })()
        if (status >= 500 || !shaped || /stack|at \w+ \(|node:|\.ts:\d/i.test(text))
          failures.push(
            `${status} ${text.slice(0, 200)} ← ${JSON.stringify(request).slice(0, 300)}`,
          )
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))
    expect(failures, `seed ${SEED}`).toEqual([])
    expect(sent).toBeGreaterThanOrEqual(REQUESTS)
    expect(await ownerRows(backend)).toEqual(before)
  }, 300_000)
})
