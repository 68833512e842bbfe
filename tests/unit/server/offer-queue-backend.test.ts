/**
 * The offer queue's policy against the real backend, on PGlite and PostgreSQL: an answer that did not
 * store the row keeps the words, and the batch size fits the write limit.
 */
import { describe, expect, it, vi } from 'vitest'
import { flushOfferQueue } from '../../../src/offering/shared/offer-queue-policy'
import { sendOffer } from '../../../src/offering/shared/offer-wire'
import { makeOffer, memoryStorage } from '../../fixtures/offers'
import {
  asOwner,
  emptyWall,
  DEPLOYED_ENGINES,
  ownerRows,
  realFetch,
  useTestBackend,
  type TestBackend,
} from './support/backend'

vi.setConfig({ testTimeout: 60_000 })

describe.each(DEPLOYED_ENGINES)('the offer queue against the backend on %s', (engine) => {
  let backend: TestBackend

  useTestBackend(engine, {
    started: (started) => (backend = started),
    eachTest: async () => {
      await emptyWall(backend)
      await asOwner(backend, 'update private.void_settings set writes_per_minute = 0')
    },
  })

  const send = (offer: { clientId: string; text: string }) =>
    sendOffer(realFetch, { url: backend.url, anonKey: backend.anonKey }, offer)

  it('a 409 (the id sequence fell behind: nothing stored) keeps the offer in the queue', async () => {
    await asOwner(
      backend,
      `insert into public.void_thoughts (text) values ('first'), ('second'), ('third')`,
    )
    await asOwner(backend, `select setval('public.void_thoughts_id_seq', 1, false)`)
    const offer = makeOffer({ text: 'words that must not be lost' })
    const storage = memoryStorage([offer])
    const handedBack: string[] = []
    const result = await flushOfferQueue({
      storage,
      send,
      onRefused: async (o) => {
        handedBack.push(o.text)
        await storage.remove([o])
      },
    })
    expect(result.stoppedBy).toEqual({ kind: 'status', status: 409 })
    expect(result.delivered).toEqual([])
    expect((await ownerRows(backend)).map((r) => r.text)).not.toContain(offer.text)
    // The words are still queued (or, at the very least, handed back): never dropped.
    expect([...(await storage.list()).map((o) => o.text), ...handedBack]).toEqual([offer.text])
  })

  it('with 10 offers a minute, 25 queued offers deliver 10 now and wait for the rest', async () => {
    await asOwner(backend, 'update private.void_settings set writes_per_minute = 10')
    const offers = Array.from({ length: 25 }, () => makeOffer())
    const storage = memoryStorage(offers)
    const result = await flushOfferQueue({ storage, send, onRefused: async () => undefined })
    expect(result.delivered.map((o) => o.clientId)).toEqual(
      offers.slice(0, 10).map((o) => o.clientId),
    )
    expect(result.stoppedBy).toMatchObject({ kind: 'status', status: 429 })
    expect(result.retryInMs).toBeGreaterThanOrEqual(5000)
    expect(await ownerRows(backend)).toHaveLength(10)
    expect(storage.items.size).toBe(15)
  })
})
