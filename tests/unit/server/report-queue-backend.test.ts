/**
 * Reports in the offer queue against the real backend, on PGlite and PostgreSQL: a report waits in the
 * same queue as offers, goes out in its own request (never mixed with offers), is recorded exactly
 * once even when sent again, waits while the backend is down, and a report of a thought no longer on
 * the wall (409) leaves the queue instead of holding the offers behind it.
 */
import { describe, expect, it, vi } from 'vitest'
import type { QueuedOffer } from '../../../src/offering/shared/offer'
import {
  OFFER_SEND_TIMEOUT_MS,
  flushOfferQueue,
} from '../../../src/offering/shared/offer-queue-policy'
import { sendOffer } from '../../../src/offering/shared/offer-wire'
import { makeOffer, memoryStorage } from '../../fixtures/offers'
import {
  asOwner,
  DEPLOYED_ENGINES,
  ownerRows,
  realFetch,
  useTestBackend,
  type TestBackend,
} from './support/backend'

vi.setConfig({ testTimeout: 60_000 })

const makeReport = (thoughtId: number): QueuedOffer =>
  makeOffer({ text: '', origin: 'void', report: { thoughtId } })

describe.each(DEPLOYED_ENGINES)('reports in the queue against the backend on %s', (engine) => {
  let backend: TestBackend

  useTestBackend(engine, {
    started: (started) => (backend = started),
    eachTest: async () => {
      await control('/__reset', {})
      await asOwner(
        backend,
        'update private.void_settings set writes_per_minute = 0, report_threshold = 1',
      )
    },
  })

  /** A tester control request (with the backend's control token); fails the test unless it worked. */
  async function control(path: string, body: unknown): Promise<void> {
    const response = await realFetch(`${backend.url}${path}`, {
      method: 'POST',
      headers: { 'x-unburden-control-token': backend.controlToken },
      body: JSON.stringify(body),
    })
    expect(response.status, `${path} answered ${response.status}`).toBeLessThan(300)
    await response.arrayBuffer()
  }

  const requests: string[] = []
  // The queue hands one offer (or report) to each attempt: one request each.
  const send = (offer: QueuedOffer) =>
    sendOffer(
      async (input, init) => {
        requests.push(new URL(String(input)).pathname)
        return realFetch(input, init)
      },
      { url: backend.url, anonKey: backend.anonKey },
      offer,
      OFFER_SEND_TIMEOUT_MS,
    )

  async function seed(...texts: string[]): Promise<number[]> {
    const rows = await backend.engine.transaction((tx) =>
      tx.query<{ id: string }>(
        'insert into public.void_thoughts (text) select unnest($1::text[]) returning id::text',
        [texts],
      ),
    )
    return rows.map((row) => Number(row.id))
  }

  const recordedReports = async (): Promise<number> => {
    const [row] = await backend.engine.transaction((tx) =>
      tx.query<{ n: number }>('select count(*)::int as n from private.void_reports'),
    )
    return row!.n
  }

  it('offers and reports go out in order, each kind in its own request, and all arrive', async () => {
    const [, hurtful] = await seed('kind words', 'hurtful words')
    requests.length = 0
    const queue = [
      makeOffer({ text: 'first offer' }),
      makeReport(hurtful!),
      makeOffer({ text: 'second offer' }),
    ]
    const storage = memoryStorage(queue)
    const result = await flushOfferQueue({ storage, send, onRefused: async () => undefined })
    expect(result.delivered.map((o) => o.clientId)).toEqual(queue.map((o) => o.clientId))
    expect(requests).toEqual([
      '/rest/v1/void_thoughts',
      '/rest/v1/void_reports',
      '/rest/v1/void_thoughts',
    ])
    expect(await storage.list()).toEqual([])
    // The threshold is 1 here: the report took the thought off the wall.
    expect((await ownerRows(backend)).map((r) => r.text).sort()).toEqual(
      ['first offer', 'kind words', 'second offer'].sort(),
    )
  })

  it('a report sent again (its answer lost) is recorded once', async () => {
    await asOwner(backend, 'update private.void_settings set report_threshold = 0')
    const [thought] = await seed('words')
    const report = makeReport(thought!)
    for (let i = 0; i < 3; i++) {
      const storage = memoryStorage([report])
      await flushOfferQueue({ storage, send, onRefused: async () => undefined })
    }
    expect(await recordedReports()).toBe(1)
  })

  it('while the backend is down the report waits; when it is back it is delivered once', async () => {
    const [thought] = await seed('words')
    const storage = memoryStorage([makeReport(thought!)])
    await control('/__faults', { mode: 'drop' })
    const down = await flushOfferQueue({ storage, send, onRefused: async () => undefined })
    expect(down.stoppedBy).toEqual({ kind: 'network-error' })
    expect(await storage.list()).toHaveLength(1)
    await control('/__faults', { mode: 'none' })
    const back = await flushOfferQueue({ storage, send, onRefused: async () => undefined })
    expect(back.delivered).toHaveLength(1)
    expect(await storage.list()).toEqual([])
    expect(await recordedReports()).toBe(1)
    expect(await ownerRows(backend)).toEqual([])
  })

  it('a report of a thought no longer on the wall (409) leaves the queue; the offer behind is sent', async () => {
    const storage = memoryStorage([makeReport(987654), makeOffer({ text: 'after the report' })])
    const refused: QueuedOffer[] = []
    const result = await flushOfferQueue({
      storage,
      send,
      onRefused: async (o) => {
        refused.push(o)
      },
    })
    expect(refused).toEqual([])
    expect(result.delivered).toHaveLength(2)
    expect((await ownerRows(backend)).map((r) => r.text)).toEqual(['after the report'])
    expect(await recordedReports()).toBe(0)
  })
})
