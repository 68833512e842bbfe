import { describe, expect, it, vi } from 'vitest'
import type { OfferAnswer, QueuedOffer } from '../../../../src/offering/shared/offer'
import {
  OFFER_BACKOFF,
  OFFER_MAX_AGE_MS,
  backoffDelayMs,
  flushOfferQueue,
  offerKey,
  type OfferQueueStorage,
} from '../../../../src/offering/shared/offer-queue-policy'
import { fakeVoid, makeOffer, memoryStorage } from '../../../fixtures/offers'

const refuseTo =
  (storage: OfferQueueStorage, handedBack: QueuedOffer[]) => async (o: QueuedOffer) => {
    handedBack.push(o)
    await storage.remove([o])
  }

describe('flushOfferQueue: each answer class', () => {
  it.each([200, 201, 204])('%i delivers the offer and removes it', async (status) => {
    const offer = makeOffer()
    const storage = memoryStorage([offer])
    const result = await flushOfferQueue({
      storage,
      send: async () => ({ kind: 'status', status }),
      onRefused: async () => undefined,
    })
    expect(result.delivered.map((o) => o.clientId)).toEqual([offer.clientId])
    expect(result.retryInMs).toBeNull()
    expect(storage.items.size).toBe(0)
  })

  it.each([400, 413, 422])(
    '%i refuses for good: hands the words back and goes on with the next offer',
    async (status) => {
      const [refused, next] = [makeOffer(), makeOffer()]
      const storage = memoryStorage([refused, next])
      const wall = fakeVoid()
      const handedBack: QueuedOffer[] = []
      const result = await flushOfferQueue({
        storage,
        send: async (offer) =>
          offer.clientId === refused.clientId
            ? { kind: 'status', status }
            : wall.acceptAll([offer]),
        onRefused: refuseTo(storage, handedBack),
      })
      expect(handedBack.map((o) => o.text)).toEqual([refused.text])
      expect(result.refused).toHaveLength(1)
      expect(wall.rows.map((r) => r.text)).toEqual([next.text])
      expect(storage.items.size).toBe(0)
    },
  )

  it.each<[string, OfferAnswer]>([
    ['429', { kind: 'status', status: 429 }],
    ['500', { kind: 'status', status: 500 }],
    ['503', { kind: 'status', status: 503 }],
    ['408', { kind: 'status', status: 408 }],
    ['409 (nothing was stored)', { kind: 'status', status: 409 }],
    ['401 (a rotated key)', { kind: 'status', status: 401 }],
    ['403', { kind: 'status', status: 403 }],
    ['404 (a moved project)', { kind: 'status', status: 404 }],
    ['a network error', { kind: 'network-error' }],
    ['a timeout', { kind: 'timeout' }],
  ])('%s stops the flush and keeps every offer, in order, for a later retry', async (_, answer) => {
    const offers = [makeOffer(), makeOffer(), makeOffer()]
    const storage = memoryStorage(offers)
    const send = vi.fn(async () => answer)
    const result = await flushOfferQueue({
      storage,
      send,
      onRefused: async () => undefined,
      random: () => 0.5,
    })
    expect(send).toHaveBeenCalledTimes(1)
    expect(result.delivered).toEqual([])
    expect(result.waiting).toBe(3)
    expect(result.stoppedBy).toEqual(answer)
    expect(result.retryInMs).toBe(750)
    const left = await storage.list()
    expect(left.map((o) => o.clientId)).toEqual(offers.map((o) => o.clientId))
    // Only the oldest was tried.
    expect(left.map((o) => o.attempts)).toEqual([1, 0, 0])
  })

  it("a 429's Retry-After is honoured when longer than the backoff, and capped at 5 minutes", async () => {
    const flushWith = (retryAfterMs: number) =>
      flushOfferQueue({
        storage: memoryStorage([makeOffer()]),
        send: async () => ({ kind: 'status', status: 429, retryAfterMs }),
        onRefused: async () => undefined,
        random: () => 0.5,
      })
    expect((await flushWith(12_000)).retryInMs).toBe(12_000)
    expect((await flushWith(100)).retryInMs).toBe(750)
    expect((await flushWith(3_600_000)).retryInMs).toBe(300_000)
  })

  it('counts a send that throws as a network error', async () => {
    const storage = memoryStorage([makeOffer()])
    const result = await flushOfferQueue({
      storage,
      send: () => Promise.reject(new Error('boom')),
      onRefused: async () => undefined,
    })
    expect(result.stoppedBy).toEqual({ kind: 'network-error' })
    expect(storage.items.size).toBe(1)
  })
})

describe('flushOfferQueue: an answer that did not store the row never loses the words', () => {
  it('a 409 keeps the offer in the queue (the old policy took it as delivered and dropped it)', async () => {
    const offer = makeOffer()
    const storage = memoryStorage([offer])
    const result = await flushOfferQueue({
      storage,
      send: async () => ({ kind: 'status', status: 409 }),
      onRefused: async () => undefined,
    })
    expect(result.delivered).toEqual([])
    expect((await storage.list()).map((o) => o.text)).toEqual([offer.text])
  })

  it.each([401, 403, 404])(
    '%i holds every queued offer, in order, instead of handing them all back',
    async (status) => {
      const offers = Array.from({ length: 25 }, () => makeOffer())
      const storage = memoryStorage(offers)
      const onRefused = vi.fn(async () => undefined)
      const result = await flushOfferQueue({
        storage,
        send: async () => ({ kind: 'status', status }),
        onRefused,
      })
      expect(onRefused).not.toHaveBeenCalled()
      expect(result.retryInMs).not.toBeNull()
      expect((await storage.list()).map((o) => o.clientId)).toEqual(offers.map((o) => o.clientId))
    },
  )
})

describe('flushOfferQueue: an offer that keeps failing', () => {
  const day = 24 * 60 * 60_000

  it('records its first attempt once and keeps it across retries', async () => {
    const storage = memoryStorage([makeOffer()])
    let now = 1_000_000
    const flush = () =>
      flushOfferQueue({
        storage,
        send: async () => ({ kind: 'status', status: 503 }),
        onRefused: async () => undefined,
        now: () => now,
      })
    await flush()
    now += day
    await flush()
    const [offer] = await storage.list()
    expect(offer).toMatchObject({
      attempts: 2,
      firstAttemptAt: 1_000_000,
      lastAttemptAt: 1_000_000 + day,
    })
  })

  it.each([503, 409, 401])(
    'always %i: 7 days after its first attempt it is handed back (expired) and the queue moves on',
    async (status) => {
      const stuck = makeOffer()
      const next = makeOffer()
      const storage = memoryStorage([stuck, next])
      const wall = fakeVoid()
      let now = 5_000_000
      const handedBack: [string, OfferAnswer | null, string][] = []
      const flush = () =>
        flushOfferQueue({
          storage,
          send: async (offer) =>
            offer.clientId === stuck.clientId
              ? { kind: 'status', status }
              : wall.acceptAll([offer]),
          onRefused: async (offer, answer, reason) => {
            handedBack.push([offer.text, answer, reason])
            await storage.remove([offer])
          },
          now: () => now,
        })
      await flush()
      now += OFFER_MAX_AGE_MS - 1
      await flush()
      // Still within 7 days: kept, and the offer behind it waits, in order.
      expect(handedBack).toEqual([])
      expect(wall.rows).toEqual([])
      now += 1
      const result = await flush()
      expect(handedBack).toEqual([[stuck.text, null, 'expired']])
      expect(result.refused.map((o) => o.clientId)).toEqual([stuck.clientId])
      expect(wall.rows.map((r) => r.clientId)).toEqual([next.clientId])
      expect(storage.items.size).toBe(0)
      // The expired offer was not sent again.
      expect(wall.received).not.toContain(stuck.clientId)
    },
  )

  it('offers waiting behind a failing one start their 7 days with it: after that, one try each', async () => {
    const offers = Array.from({ length: 25 }, () => makeOffer())
    const storage = memoryStorage(offers)
    let now = 9_000_000
    const handedBack: string[] = []
    const send = vi.fn(async (_offer: QueuedOffer): Promise<OfferAnswer> => ({
      kind: 'status',
      status: 401,
    }))
    const flush = () =>
      flushOfferQueue({
        storage,
        send,
        onRefused: async (offer, _answer, reason) => {
          handedBack.push(`${offer.clientId} ${reason}`)
          await storage.remove([offer])
        },
        now: () => now,
      })
    await flush()
    expect((await storage.list()).map((o) => o.firstAttemptAt)).toEqual(offers.map(() => 9_000_000))
    // Only the oldest was sent: the others wait, in order.
    expect(send).toHaveBeenCalledTimes(1)
    now += OFFER_MAX_AGE_MS - 1
    await flush()
    expect(handedBack).toEqual([])
    now += 1
    for (let i = 0; i < 30 && storage.items.size > 0; i++) await flush()
    expect(handedBack).toEqual(offers.map((o) => `${o.clientId} expired`))
    // The oldest was tried twice before its 7 days were up; every other one once, after.
    expect(send.mock.calls.map(([offer]) => offer.clientId)).toEqual([
      offers[0]!.clientId,
      offers[0]!.clientId,
      ...offers.slice(1).map((o) => o.clientId),
    ])
  })

  it('an offer never tried is never expired, however long it waited offline', async () => {
    const offer = makeOffer({ queuedAt: 0 })
    const storage = memoryStorage([offer])
    const wall = fakeVoid()
    await flushOfferQueue({
      storage,
      send: async (offer) => wall.acceptAll([offer]),
      onRefused: async () => undefined,
      now: () => 100 * OFFER_MAX_AGE_MS,
    })
    expect(wall.rows.map((r) => r.clientId)).toEqual([offer.clientId])
  })

  it('a refusal for good says so, with its answer', async () => {
    const storage = memoryStorage([makeOffer()])
    const onRefused = vi.fn(async (o: QueuedOffer) => storage.remove([o]))
    await flushOfferQueue({
      storage,
      send: async () => ({ kind: 'status', status: 400 }),
      onRefused,
    })
    expect(onRefused).toHaveBeenCalledWith(
      expect.anything(),
      { kind: 'status', status: 400 },
      'refused',
    )
  })
})

describe('flushOfferQueue: order', () => {
  it('sends oldest first whatever order the offers were stored in', async () => {
    const offers = [makeOffer(), makeOffer(), makeOffer(), makeOffer()]
    const storage = memoryStorage([offers[2]!, offers[0]!, offers[3]!, offers[1]!])
    const wall = fakeVoid()
    await flushOfferQueue({
      storage,
      send: async (o) => wall.acceptAll([o]),
      onRefused: async () => undefined,
    })
    expect(wall.rows.map((r) => r.clientId)).toEqual(offers.map((o) => o.clientId))
  })

  it('resumes where it stopped: what waited is sent before what came later', async () => {
    const [first, second] = [makeOffer(), makeOffer()]
    const storage = memoryStorage([first, second])
    const wall = fakeVoid()
    let up = false
    const send = async (offer: QueuedOffer): Promise<OfferAnswer> =>
      up ? wall.acceptAll([offer]) : { kind: 'network-error' }
    await flushOfferQueue({ storage, send, onRefused: async () => undefined })
    const third = makeOffer()
    storage.items.set(third.clientId, third)
    up = true
    await flushOfferQueue({ storage, send, onRefused: async () => undefined })
    expect(wall.rows.map((r) => r.clientId)).toEqual([first, second, third].map((o) => o.clientId))
  })

  it('picks up an offer held while the flush runs', async () => {
    const storage = memoryStorage([makeOffer()])
    const wall = fakeVoid()
    const late = makeOffer()
    const result = await flushOfferQueue({
      storage,
      send: async (o) => {
        if (!storage.items.has(late.clientId)) storage.items.set(late.clientId, late)
        return wall.acceptAll([o])
      },
      onRefused: async () => undefined,
    })
    expect(result.delivered).toHaveLength(2)
    expect(wall.rows.at(-1)?.clientId).toBe(late.clientId)
  })

  it('skips offers already refused by the service worker (they wait for a page to hand back)', async () => {
    const marked = makeOffer({ refusedStatus: 400 })
    const waiting = makeOffer()
    const storage = memoryStorage([marked, waiting])
    const wall = fakeVoid()
    await flushOfferQueue({
      storage,
      send: async (o) => wall.acceptAll([o]),
      onRefused: async () => undefined,
    })
    expect(wall.rows.map((r) => r.clientId)).toEqual([waiting.clientId])
    expect(storage.items.has(marked.clientId)).toBe(true)
  })

  it('stops rather than loops when storage fails to take a delivered offer away', async () => {
    const offer = makeOffer()
    const storage = memoryStorage([offer])
    storage.remove = async () => undefined
    const send = vi.fn(async () => ({ kind: 'status', status: 201 }) as OfferAnswer)
    await flushOfferQueue({ storage, send, onRefused: async () => undefined })
    expect(send).toHaveBeenCalledTimes(1)
  })
})

describe('flushOfferQueue: one offer a request', () => {
  it('sends one offer a request (one Idempotency-Key per request)', async () => {
    const storage = memoryStorage([makeOffer(), makeOffer(), makeOffer()])
    const wall = fakeVoid()
    await flushOfferQueue({
      storage,
      send: async (offer) => wall.acceptAll([offer]),
      onRefused: async () => undefined,
    })
    expect(wall.requests.map((r) => r.length)).toEqual([1, 1, 1])
  })
})

describe('backoffDelayMs', () => {
  it('doubles from 1 s, draws between half the ceiling and the ceiling, and stops growing at 60 s', () => {
    for (let attempts = 1; attempts <= 12; attempts++) {
      const ceiling = Math.min(OFFER_BACKOFF.maxMs, OFFER_BACKOFF.baseMs * 2 ** (attempts - 1))
      expect(backoffDelayMs(attempts, () => 0)).toBe(ceiling / 2)
      expect(backoffDelayMs(attempts, () => 1)).toBe(ceiling)
      const drawn = backoffDelayMs(attempts)
      expect(drawn).toBeGreaterThanOrEqual(ceiling / 2)
      expect(drawn).toBeLessThanOrEqual(ceiling)
    }
    expect(backoffDelayMs(1, () => 0.5)).toBe(750)
    expect(backoffDelayMs(100, () => 1)).toBe(60_000)
  })

  it('keeps within bounds even if the random source misbehaves', () => {
    expect(backoffDelayMs(3, () => 7)).toBe(4000)
    expect(backoffDelayMs(3, () => -1)).toBe(2000)
    expect(backoffDelayMs(0, () => 1)).toBe(1000)
  })

  it('spreads retries: 200 draws for the same attempt are not all equal', () => {
    const draws = new Set(Array.from({ length: 200 }, () => backoffDelayMs(5)))
    expect(draws.size).toBeGreaterThan(20)
  })
})

describe('offerKey', () => {
  it('sorts by queue time, as strings, past digit-count boundaries', () => {
    const keys = [
      makeOffer({ queuedAt: 99 }),
      makeOffer({ queuedAt: 1000 }),
      makeOffer({ queuedAt: 5 }),
    ]
      .map(offerKey)
      .sort()
    expect(keys.map((k) => Number(k.split(':')[0]))).toEqual([5, 99, 1000])
  })
})

/** A lock like Web Locks' exclusive mode: callers run one after another. */
function memoryLock() {
  let tail: Promise<unknown> = Promise.resolve()
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work)
    tail = run.catch(() => undefined)
    return run
  }
}

describe('two flushers racing', () => {
  const slowWall = () => {
    const wall = fakeVoid()
    const send = async (offer: QueuedOffer) => {
      await new Promise((r) => setTimeout(r, 1))
      return wall.acceptAll([offer])
    }
    return { wall, send }
  }

  it('with the flush lock, every offer is sent once and lands once, in order', async () => {
    const offers = Array.from({ length: 20 }, () => makeOffer())
    const storage = memoryStorage(offers)
    const { wall, send } = slowWall()
    const lock = memoryLock()
    const flush = () =>
      lock(() => flushOfferQueue({ storage, send, onRefused: async () => undefined }))
    await Promise.all([flush(), flush()])
    expect(wall.received).toHaveLength(20)
    expect(wall.rows.map((r) => r.clientId)).toEqual(offers.map((o) => o.clientId))
    expect(storage.items.size).toBe(0)
  })

  it('without a lock, repeats happen but the server keeps exactly one row per offer', async () => {
    const offers = Array.from({ length: 20 }, () => makeOffer())
    const storage = memoryStorage(offers)
    const { wall, send } = slowWall()
    const flush = () => flushOfferQueue({ storage, send, onRefused: async () => undefined })
    await Promise.all([flush(), flush()])
    expect(wall.received.length).toBeGreaterThan(20)
    expect(wall.rows.map((r) => r.clientId)).toEqual(offers.map((o) => o.clientId))
    expect(storage.items.size).toBe(0)
  })
})

describe('a crash between send and acknowledgement', () => {
  it('sends the offer again on the next flush, and the wall still holds it once', async () => {
    const offer = makeOffer()
    const storage = memoryStorage([offer])
    const wall = fakeVoid()
    const realRemove = storage.remove
    storage.remove = async () => {
      throw new Error('the tab was closed before the queue heard the answer')
    }
    await expect(
      flushOfferQueue({
        storage,
        send: async (o) => wall.acceptAll([o]),
        onRefused: async () => undefined,
      }),
    ).rejects.toThrow(/closed/)
    expect(wall.rows).toHaveLength(1)
    expect((await storage.list())[0]?.attempts).toBe(1)

    storage.remove = realRemove
    const result = await flushOfferQueue({
      storage,
      send: async (o) => wall.acceptAll([o]),
      onRefused: async () => undefined,
    })
    expect(wall.received).toEqual([offer.clientId, offer.clientId])
    expect(wall.rows).toEqual([{ clientId: offer.clientId, text: offer.text }])
    expect(result.delivered[0]?.attempts).toBe(2)
    expect(storage.items.size).toBe(0)
  })

  it('also when the answer is lost on the wire (row stored, network error seen)', async () => {
    const offer = makeOffer()
    const storage = memoryStorage([offer])
    const wall = fakeVoid()
    let dropAnswer = true
    const send = async (offer: QueuedOffer): Promise<OfferAnswer> => {
      wall.acceptAll([offer])
      if (dropAnswer) return { kind: 'network-error' }
      return { kind: 'status', status: 201 }
    }
    const first = await flushOfferQueue({ storage, send, onRefused: async () => undefined })
    expect(first.retryInMs).not.toBeNull()
    dropAnswer = false
    await flushOfferQueue({ storage, send, onRefused: async () => undefined })
    expect(wall.rows).toHaveLength(1)
    expect(storage.items.size).toBe(0)
  })
})
