/**
 * The page's queue: triggers, hand-back of refused and withdrawn offers, and offerToVoid, over
 * fake-indexeddb with the backend stubbed by one fetch (the one offer sender's requests). Each test
 * makes a fresh store and a fresh queue from the factories, as the app does once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createOfferService } from '../../../src/offering/offer-service'
import { listOffers, pageOfferStorage } from '../../../src/offering/offer-queue-store'
import { createPlainStorage } from '../../../src/private-entries/plain-storage'
import type { OfferAnswer } from '../../../src/offering/shared/offer'
import type { BadgeHost } from '../../../src/offering/shared/offer-badge'
import { createAppStore } from '../../../src/store'
import { makeOffer } from '../../fixtures/offers'

/** What the stubbed backend answers, to every request, until told otherwise. */
let current: OfferAnswer = { kind: 'network-error' }
/** The client ids of each request the backend received, in order. */
let requests: string[][] = []
/** The bodies the backend received, in order. */
let bodies: { text: string }[] = []
const answer = (next: OfferAnswer) => (current = next)
const sentIds = () => requests.flat()

/** The backend: answers `current`, or fails like a dead network. */
async function backendFetch(_url: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  requests.push([new Headers(init?.headers).get('idempotency-key') ?? 'no key'])
  bodies.push(JSON.parse(String(init?.body)) as { text: string })
  const reply = current
  if (reply.kind !== 'status') throw new TypeError('Failed to fetch')
  return new Response(null, {
    status: reply.status,
    headers:
      reply.retryAfterMs === undefined ? {} : { 'retry-after': String(reply.retryAfterMs / 1000) },
  })
}
/** The fetch the service sends with; a test may swap what it does. */
let fetchImpl: typeof fetch = backendFetch

const status = (code: number): OfferAnswer => ({ kind: 'status', status: code })

let settle: (() => Promise<void>) | undefined

async function load(badge?: BadgeHost) {
  const useAppStore = createAppStore()
  useAppStore.getState().connectPrivateEntries(async () => createPlainStorage())
  const service = createOfferService({
    store: useAppStore,
    fetch: (input, init) => fetchImpl(input, init),
    backend: { url: 'http://localhost:54321', anonKey: 'anon' },
    ...(badge ? { badge } : {}),
  })
  const { queue } = service
  for (const offer of await listOffers()) await pageOfferStorage.remove([offer])
  settle = () => queue.settle()
  return {
    listOffers,
    enqueueOffer: pageOfferStorage.enqueue,
    useAppStore,
    offerToVoid: service.offerToVoid,
    holdOffer: queue.hold,
    requestOfferFlush: queue.requestFlush,
    startOfferQueue: queue.start,
    refreshPendingOffers: queue.refresh,
    withdrawOffer: queue.withdraw,
    reportThought: service.reportThought,
  }
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online })
}

beforeEach(() => {
  localStorage.clear()
  current = { kind: 'network-error' }
  requests = []
  bodies = []
  fetchImpl = backendFetch
  setOnline(true)
})
afterEach(async () => {
  await settle?.()
  vi.useRealTimers()
})

describe('holding and flushing', () => {
  it('a held offer is stored, shown as pending, then delivered and no longer pending', async () => {
    const q = await load()
    let deliver!: () => void
    fetchImpl = (url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((resolve) => {
        deliver = () => resolve(backendFetch(url, init))
      })
    answer(status(201))
    const offer = makeOffer()
    await q.holdOffer(offer)
    expect(await q.listOffers()).toHaveLength(1)
    expect(q.useAppStore.getState().pendingOffers.map((o) => o.clientId)).toEqual([offer.clientId])
    await vi.waitFor(() => expect(deliver).toBeTypeOf('function'))
    deliver()
    await q.requestOfferFlush('manual')
    await vi.waitFor(async () => expect(await q.listOffers()).toEqual([]))
    expect(q.useAppStore.getState().pendingOffers).toEqual([])
  })

  it('offline: nothing is sent; the online event delivers in order', async () => {
    const q = await load()
    setOnline(false)
    const stop = q.startOfferQueue()
    const offers = [makeOffer(), makeOffer(), makeOffer()]
    for (const offer of offers) await q.holdOffer(offer)
    await q.requestOfferFlush('manual')
    expect(sentIds()).toEqual([])
    answer(status(201))
    setOnline(true)
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(async () => expect(await q.listOffers()).toEqual([]))
    expect(sentIds()).toEqual(offers.map((o) => o.clientId))
    stop()
  })

  it('becoming visible flushes', async () => {
    const q = await load()
    setOnline(false)
    const stop = q.startOfferQueue()
    await q.holdOffer(makeOffer())
    setOnline(true)
    answer(status(201))
    document.dispatchEvent(new Event('visibilitychange'))
    await vi.waitFor(async () => expect(await q.listOffers()).toEqual([]))
    stop()
  })

  it('app start flushes what an earlier visit left', async () => {
    const q = await load()
    const offer = makeOffer()
    await q.enqueueOffer(offer)
    answer(status(201))
    const stop = q.startOfferQueue()
    await vi.waitFor(async () => expect(await q.listOffers()).toEqual([]))
    expect(sentIds()).toHaveLength(1)
    stop()
  })

  it('a 5xx backs off: a new offer waits for the timer, which then delivers both in order', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    vi.spyOn(Math, 'random').mockReturnValue(1)
    const q = await load()
    const [first, second] = [makeOffer(), makeOffer()]
    answer(status(503))
    await q.holdOffer(first)
    await q.requestOfferFlush('manual')
    expect(sentIds()).toHaveLength(2)
    requests = []
    await q.holdOffer(second)
    await vi.advanceTimersByTimeAsync(100)
    expect(sentIds()).toEqual([])
    answer(status(201))
    // Two failed attempts so far: the ceiling is 2 s, and random() = 1 draws the ceiling.
    await vi.advanceTimersByTimeAsync(2000)
    await vi.waitFor(async () => expect(await q.listOffers()).toEqual([]))
    expect(sentIds()).toEqual([first.clientId, second.clientId])
    vi.mocked(Math.random).mockRestore()
  })
})

describe('refusal and withdrawal: the words go back to the private entries', () => {
  it('a 4xx for a writer offer makes a private entry of its text, with a toast', async () => {
    const q = await load()
    answer(status(400))
    const offer = makeOffer({ text: 'refused words' })
    await q.enqueueOffer(offer)
    await q.requestOfferFlush('manual')
    await vi.waitFor(() =>
      expect(q.useAppStore.getState().privateEntries.map((e) => e.text)).toEqual(['refused words']),
    )
    const state = q.useAppStore.getState()
    expect(JSON.parse(localStorage.getItem('sanctuary-entries') ?? '[]')).toEqual(
      state.privateEntries,
    )
    expect(new Date(state.privateEntries[0]!.date).toISOString()).toBe(
      state.privateEntries[0]!.date,
    )
    expect(state.toasts.map((t) => t.title)).toEqual(['The Void could not take these words'])
    expect(await q.listOffers()).toEqual([])
  })

  it('a 4xx for an offer from Return to Yourself restores the entry it came from', async () => {
    const q = await load()
    answer(status(400))
    const entry = { id: 42, date: '2025-01-05T10:30:00.000Z', text: '  kept as written ' }
    await q.enqueueOffer(makeOffer({ origin: 'sanctuary', text: 'kept as written', entry }))
    await q.requestOfferFlush('manual')
    await vi.waitFor(() => expect(q.useAppStore.getState().privateEntries).toEqual([entry]))
  })

  it('an offer the service worker found refused is handed back by the next page', async () => {
    const q = await load()
    answer(status(201))
    await q.enqueueOffer(makeOffer({ text: 'refused while closed', refusedStatus: 400 }))
    const waiting = makeOffer()
    await q.enqueueOffer(waiting)
    await q.refreshPendingOffers()
    expect(q.useAppStore.getState().pendingOffers.map((o) => o.clientId)).toEqual([
      waiting.clientId,
    ])
    await q.requestOfferFlush('start')
    await vi.waitFor(() =>
      expect(q.useAppStore.getState().privateEntries.map((e) => e.text)).toEqual([
        'refused while closed',
      ]),
    )
    expect(sentIds()).toEqual([waiting.clientId])
    expect(await q.listOffers()).toEqual([])
  })

  it('withdrawing a waiting offer keeps it private and it is never sent', async () => {
    const q = await load()
    setOnline(false)
    const offer = makeOffer({ text: 'second thoughts' })
    await q.holdOffer(offer)
    expect(await q.withdrawOffer(offer)).toBe('withdrawn')
    await vi.waitFor(() =>
      expect(q.useAppStore.getState().privateEntries.map((e) => e.text)).toEqual([
        'second thoughts',
      ]),
    )
    const state = q.useAppStore.getState()
    expect(state.toasts.map((t) => t.title)).toEqual(['Kept private'])
    expect(state.pendingOffers).toEqual([])
    setOnline(true)
    await q.requestOfferFlush('online')
    expect(sentIds()).toEqual([])
  })

  it('withdrawing an offer already delivered changes nothing', async () => {
    const q = await load()
    const offer = makeOffer()
    expect(await q.withdrawOffer(offer)).toBe('gone')
    expect(q.useAppStore.getState().privateEntries).toEqual([])
  })
})

describe('offerToVoid', () => {
  it('sends at once when online and nothing waits', async () => {
    const q = await load()
    answer(status(201))
    await expect(q.offerToVoid('  hello  ', 'writer')).resolves.toBe('offered')
    expect(bodies).toEqual([{ text: 'hello' }])
    expect(await q.listOffers()).toEqual([])
  })

  it('holds when offline, without a request, and the offer is stored before it answers', async () => {
    const q = await load()
    setOnline(false)
    await expect(q.offerToVoid('offline words', 'writer')).resolves.toBe('held')
    expect(sentIds()).toEqual([])
    expect((await q.listOffers()).map((o) => o.text)).toEqual(['offline words'])
  })

  it.each<[string, OfferAnswer]>([
    ['503', status(503)],
    ['429', status(429)],
    ['409 (nothing was stored)', status(409)],
    ['401 (a rotated key)', status(401)],
    ['404 (a moved project)', status(404)],
    ['a timeout', { kind: 'timeout' }],
    ['a network error', { kind: 'network-error' }],
  ])('holds on %s, counting the direct send as its first attempt', async (_, reply) => {
    const q = await load()
    answer(reply)
    const before = Date.now()
    await expect(q.offerToVoid('words', 'writer')).resolves.toBe('held')
    const [held] = await q.listOffers()
    expect(held?.text).toBe('words')
    expect(held?.attempts).toBeGreaterThanOrEqual(1)
    expect(held?.firstAttemptAt).toBeGreaterThanOrEqual(before)
  })

  it('answers refused on a 4xx and keeps nothing in the queue', async () => {
    const q = await load()
    answer(status(400))
    await expect(q.offerToVoid('words', 'writer')).resolves.toBe('refused')
    expect(await q.listOffers()).toEqual([])
  })

  it('keeps the order of offers made within the same millisecond', async () => {
    const q = await load()
    setOnline(false)
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_800_000_000_000)
    for (const text of ['a', 'b', 'c', 'd', 'e']) await q.offerToVoid(text, 'writer')
    now.mockRestore()
    expect((await q.listOffers()).map((o) => o.text)).toEqual(['a', 'b', 'c', 'd', 'e'])
  })

  it('holds behind older waiting offers, to keep the order', async () => {
    const q = await load()
    setOnline(false)
    await q.offerToVoid('first', 'writer')
    setOnline(true)
    answer(status(503))
    await expect(q.offerToVoid('second', 'writer')).resolves.toBe('held')
    expect((await q.listOffers()).map((o) => o.text)).toEqual(['first', 'second'])
  })

  it("after a direct send's 429 with Retry-After: 5, the next try waits at least 5 s", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const q = await load()
    answer({ kind: 'status', status: 429, retryAfterMs: 5000 })
    await expect(q.offerToVoid('words', 'writer')).resolves.toBe('held')
    expect(sentIds()).toHaveLength(1)
    answer(status(201))
    await vi.advanceTimersByTimeAsync(4999)
    expect(sentIds()).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await vi.waitFor(async () => expect(await q.listOffers()).toEqual([]))
    expect(sentIds()).toHaveLength(2)
  })
})

describe("the queue honours a 429's Retry-After", () => {
  it('a flush stopped by a 429 with Retry-After: 5 tries again no sooner than 5 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    vi.spyOn(Math, 'random').mockReturnValue(0)
    const q = await load()
    await q.enqueueOffer(makeOffer())
    answer({ kind: 'status', status: 429, retryAfterMs: 5000 })
    await q.requestOfferFlush('manual')
    expect(sentIds()).toHaveLength(1)
    answer(status(201))
    await q.holdOffer(makeOffer())
    await vi.advanceTimersByTimeAsync(4999)
    expect(sentIds()).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await vi.waitFor(async () => expect(await q.listOffers()).toEqual([]))
    expect(sentIds()).toHaveLength(3)
    vi.mocked(Math.random).mockRestore()
  })
})

describe('the app’s badge shows how many offers are held', () => {
  /** The Badging API as Chromium has it, keeping the number it was last set to (0: cleared). */
  function badgingNavigator() {
    const host = {
      shown: 0,
      setAppBadge: vi.fn(async (contents?: number) => void (host.shown = contents ?? 0)),
      clearAppBadge: vi.fn(async () => void (host.shown = 0)),
    }
    return host
  }

  /** Runs `work`, failing if any promise was rejected and left unhandled meanwhile. */
  async function withoutUnhandledRejections(work: () => Promise<void>) {
    const unhandled: unknown[] = []
    const collect = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', collect)
    try {
      await work()
      await new Promise((resolve) => setTimeout(resolve, 20))
    } finally {
      process.off('unhandledRejection', collect)
    }
    expect(unhandled).toEqual([])
  }

  it('follows the held offers, reports aside, and clears once they are delivered', async () => {
    const badge = badgingNavigator()
    const q = await load(badge)
    setOnline(false)
    await q.holdOffer(makeOffer())
    expect(badge.setAppBadge).toHaveBeenLastCalledWith(1)
    await q.offerToVoid('a second thought', 'writer')
    expect(badge.shown).toBe(2)
    await q.reportThought(42)
    expect(badge.shown).toBe(2)
    setOnline(true)
    answer(status(201))
    await q.requestOfferFlush('manual')
    await vi.waitFor(async () => expect(await q.listOffers()).toEqual([]))
    expect(badge.clearAppBadge).toHaveBeenCalled()
    expect(badge.shown).toBe(0)
  })

  it('counts down as a waiting offer is withdrawn', async () => {
    const badge = badgingNavigator()
    const q = await load(badge)
    setOnline(false)
    const [first, second] = [makeOffer(), makeOffer()]
    await q.holdOffer(first)
    await q.holdOffer(second)
    expect(badge.shown).toBe(2)
    await q.withdrawOffer(first)
    expect(badge.shown).toBe(1)
  })

  it('where the API is missing, offers are held and delivered as before', async () => {
    await withoutUnhandledRejections(async () => {
      const q = await load({})
      setOnline(false)
      await q.holdOffer(makeOffer())
      expect(q.useAppStore.getState().pendingOffers).toHaveLength(1)
      setOnline(true)
      answer(status(201))
      await q.requestOfferFlush('manual')
      await vi.waitFor(async () => expect(await q.listOffers()).toEqual([]))
      expect(q.useAppStore.getState().pendingOffers).toEqual([])
    })
  })

  it('where the browser refuses the badge, the queue works and nothing is left rejected', async () => {
    const refusal = () => Promise.reject(new DOMException('not installed', 'NotAllowedError'))
    const badge = { setAppBadge: vi.fn(refusal), clearAppBadge: vi.fn(refusal) }
    await withoutUnhandledRejections(async () => {
      const q = await load(badge)
      setOnline(false)
      expect(await q.offerToVoid('held while offline', 'writer')).toBe('held')
      expect(badge.setAppBadge).toHaveBeenCalledWith(1)
      setOnline(true)
      answer(status(201))
      await q.requestOfferFlush('manual')
      await vi.waitFor(async () => expect(await q.listOffers()).toEqual([]))
      expect(badge.clearAppBadge).toHaveBeenCalled()
      expect(q.useAppStore.getState().pendingOffers).toEqual([])
    })
  })
})
