import { describe, expect, it, vi } from 'vitest'
import {
  LEASE_MS,
  LEASE_RENEW_MS,
  isLabPageMessage,
  isLabWorkerMessage,
  renewLease,
  simulationFor,
  startLease,
  type LabPageMessage,
  type LabWorkerMessage,
} from '../../../../../src/features/lab/shared/lab-simulation'
import { installLabSimulation } from '../../../../../src/features/lab/worker/simulate-backend'

const BACKEND = 'http://localhost:54321'
const FEED = `${BACKEND}/rest/v1/void_thoughts?select=id`
const APP_FILE = 'http://localhost:4173/assets/index.js'

/** A window the worker can post to. */
function fakeWindow(id: string) {
  return {
    id,
    messages: [] as LabWorkerMessage[],
    postMessage(m: LabWorkerMessage) {
      this.messages.push(m)
    },
  }
}

/** A service worker scope with listeners, windows and a network, and a clock the test moves. */
function fakeWorker() {
  const listeners = new Map<string, ((event: unknown) => void)[]>()
  const windows = [fakeWindow('tab-1'), fakeWindow('tab-2')]
  const network = vi.fn(async () => new Response('[]', { status: 200 }))
  let time = 1_000_000
  let ids = 0
  const waits: Promise<unknown>[] = []
  const scope = {
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    fetch: network,
    clients: {
      matchAll: async () => windows,
      get: async (id: string) => windows.find((w) => w.id === id),
    },
  }
  installLabSimulation(scope as unknown as Parameters<typeof installLabSimulation>[0], {
    now: () => time,
    newId: () => `lease-${++ids}`,
  })
  const dispatch = (type: string, event: object) => {
    for (const listener of listeners.get(type) ?? []) listener(event)
  }
  return {
    scope: scope as unknown as { fetch: typeof fetch },
    windows,
    network,
    advance: (ms: number) => (time += ms),
    /** A page's message; resolves once the worker's work for it is done. */
    async send(message: LabPageMessage, from = windows[0]!) {
      dispatch('message', {
        data: message,
        source: from,
        waitUntil: (p: Promise<unknown>) => waits.push(p),
      })
      await Promise.all(waits.splice(0))
    },
    /** A page's request: what the worker answered, or undefined when it let the network answer. */
    async request(url: string, options: { answered?: boolean; clientId?: string } = {}) {
      let answered = options.answered ?? false
      let response: Promise<Response> | undefined
      dispatch('fetch', {
        request: new Request(url),
        clientId: options.clientId ?? 'tab-1',
        waitUntil: (p: Promise<unknown>) => waits.push(p),
        respondWith(answer: Promise<Response>) {
          if (answered) throw new DOMException('already answered', 'InvalidStateError')
          answered = true
          response = answer
        },
      })
      await Promise.all(waits.splice(0))
      return response
    },
  }
}

describe('the lease (pure)', () => {
  it('covers only the backend origin while live, and a renewal moves its end', () => {
    const lease = startLease('a', 'offline', BACKEND, 0)
    expect(simulationFor(lease, 0, FEED)).toBe('offline')
    expect(simulationFor(lease, 0, APP_FILE)).toBe('none')
    // The tester controls stay reachable: the lab watches the wall through them.
    expect(simulationFor(lease, 0, `${BACKEND}/__rows`)).toBe('none')
    expect(simulationFor(lease, LEASE_MS, FEED)).toBe('none')
    const renewed = renewLease(lease, 'a', LEASE_MS - 1)
    expect(simulationFor(renewed, 2 * LEASE_MS - 2, FEED)).toBe('offline')
    expect(renewLease(lease, 'b', 1)).toBeNull()
    expect(renewLease(lease, 'a', LEASE_MS)).toBeNull()
    expect(LEASE_RENEW_MS * 2).toBeLessThan(LEASE_MS)
  })

  it('accepts only well-formed messages', () => {
    expect(
      isLabPageMessage({ type: 'LAB_SIMULATE', mode: 'offline', backendOrigin: BACKEND }),
    ).toBe(true)
    expect(isLabPageMessage({ type: 'LAB_SIMULATE', mode: 'drop', backendOrigin: BACKEND })).toBe(
      false,
    )
    expect(
      isLabPageMessage({ type: 'LAB_SIMULATE', mode: '503', backendOrigin: 'javascript:1' }),
    ).toBe(false)
    expect(isLabPageMessage({ type: 'LAB_RENEW' })).toBe(false)
    expect(isLabWorkerMessage({ type: 'LAB_SIMULATION', mode: 'none' })).toBe(true)
    expect(isLabWorkerMessage({ type: 'LAB_SIMULATION', mode: 'everything' })).toBe(false)
  })
})

describe('installLabSimulation', () => {
  it('without a simulation, answers nothing itself and passes the worker own fetch through', async () => {
    const worker = fakeWorker()
    expect(await worker.request(FEED)).toBeUndefined()
    expect((await worker.scope.fetch(FEED)).status).toBe(200)
    expect(worker.network).toHaveBeenCalledTimes(1)
  })

  it('offline: tells every window, fails backend requests of the page and of the worker, never the app files', async () => {
    const worker = fakeWorker()
    await worker.send({ type: 'LAB_SIMULATE', mode: 'offline', backendOrigin: BACKEND })
    for (const window of worker.windows)
      expect(window.messages).toEqual([
        { type: 'LAB_SIMULATION', mode: 'offline', leaseId: 'lease-1' },
      ])
    const answer = await worker.request(FEED)
    expect((await answer!).type).toBe('error')
    await expect(worker.scope.fetch(FEED)).rejects.toThrow(TypeError)
    expect(await worker.request(APP_FILE)).toBeUndefined()
    expect((await worker.scope.fetch(APP_FILE)).status).toBe(200)
    expect(worker.network).toHaveBeenCalledTimes(1) // the app file only
  })

  it('503: a PostgREST-shaped 503 without touching the network', async () => {
    const worker = fakeWorker()
    await worker.send({ type: 'LAB_SIMULATE', mode: '503', backendOrigin: BACKEND })
    const answer = await (await worker.request(FEED, { answered: false }))!
    expect(answer.status).toBe(503)
    expect(await answer.json()).toMatchObject({ code: 'PGRST001', hint: null })
    expect(worker.network).not.toHaveBeenCalled()
  })

  it('lost answer: the request reaches the network, the answer is dropped', async () => {
    const worker = fakeWorker()
    await worker.send({ type: 'LAB_SIMULATE', mode: 'lost-answer', backendOrigin: BACKEND })
    expect((await (await worker.request(FEED))!).type).toBe('error')
    expect(worker.network).toHaveBeenCalledTimes(1)
    await expect(worker.scope.fetch(FEED, { method: 'POST' })).rejects.toThrow(TypeError)
    expect(worker.network).toHaveBeenCalledTimes(2)
  })

  it('leaves a request a route already answered to that route', async () => {
    const worker = fakeWorker()
    await worker.send({ type: 'LAB_SIMULATE', mode: 'lost-answer', backendOrigin: BACKEND })
    expect(await worker.request(FEED, { answered: true })).toBeUndefined()
    expect(worker.network).not.toHaveBeenCalled()
  })

  it('ends when the banner stops renewing: every window hears none and requests go through', async () => {
    vi.useFakeTimers()
    try {
      const worker = fakeWorker()
      await worker.send({ type: 'LAB_SIMULATE', mode: 'offline', backendOrigin: BACKEND })
      // Renewed twice, 5 s apart: still on at 25 s.
      for (let i = 0; i < 2; i++) {
        worker.advance(LEASE_RENEW_MS)
        await vi.advanceTimersByTimeAsync(LEASE_RENEW_MS)
        await worker.send({ type: 'LAB_RENEW', leaseId: 'lease-1' })
      }
      worker.advance(LEASE_MS - 1)
      await vi.advanceTimersByTimeAsync(LEASE_MS - 1)
      expect((await (await worker.request(FEED))!).type).toBe('error')
      worker.advance(2)
      expect(await worker.request(FEED)).toBeUndefined()
      await vi.advanceTimersByTimeAsync(100)
      expect(worker.windows[1]!.messages.at(-1)).toEqual({ type: 'LAB_SIMULATION', mode: 'none' })
      // A late renewal does not bring it back: its page hears none.
      await worker.send({ type: 'LAB_RENEW', leaseId: 'lease-1' }, worker.windows[1])
      expect(worker.windows[1]!.messages.at(-1)).toEqual({ type: 'LAB_SIMULATION', mode: 'none' })
      expect(await worker.request(FEED)).toBeUndefined()
    } finally {
      vi.useRealTimers()
    }
  })

  it('the lapse timer alone tells every window, with no request in between', async () => {
    vi.useFakeTimers()
    try {
      const worker = fakeWorker()
      await worker.send({ type: 'LAB_SIMULATE', mode: '503', backendOrigin: BACKEND })
      worker.advance(LEASE_MS + 100)
      await vi.advanceTimersByTimeAsync(LEASE_MS + 100)
      for (const window of worker.windows)
        expect(window.messages.at(-1)).toEqual({ type: 'LAB_SIMULATION', mode: 'none' })
    } finally {
      vi.useRealTimers()
    }
  })

  it('Stop ends it for every window; a renewal of another lease changes nothing', async () => {
    const worker = fakeWorker()
    await worker.send({ type: 'LAB_SIMULATE', mode: 'offline', backendOrigin: BACKEND })
    await worker.send({ type: 'LAB_RENEW', leaseId: 'not-this-one' }, worker.windows[1])
    expect(worker.windows[1]!.messages.at(-1)).toMatchObject({
      mode: 'offline',
      leaseId: 'lease-1',
    })
    await worker.send({ type: 'LAB_STOP' })
    for (const window of worker.windows)
      expect(window.messages.at(-1)).toEqual({ type: 'LAB_SIMULATION', mode: 'none' })
    expect(await worker.request(FEED)).toBeUndefined()
  })

  it('a window that opened later hears of the simulation from its first backend request, and on asking', async () => {
    const worker = fakeWorker()
    await worker.send({ type: 'LAB_SIMULATE', mode: '503', backendOrigin: BACKEND })
    const late = fakeWindow('tab-3')
    worker.windows.push(late)
    await worker.request(FEED, { clientId: 'tab-3' })
    expect(late.messages).toEqual([{ type: 'LAB_SIMULATION', mode: '503', leaseId: 'lease-1' }])
    await worker.send({ type: 'LAB_ASK' }, late)
    expect(late.messages).toHaveLength(2)
  })

  it('a worker that was stopped knows no lease: a renewal is answered none', async () => {
    const worker = fakeWorker()
    await worker.send({ type: 'LAB_RENEW', leaseId: 'lease-from-before' })
    expect(worker.windows[0]!.messages).toEqual([{ type: 'LAB_SIMULATION', mode: 'none' }])
    expect(await worker.request(FEED)).toBeUndefined()
  })
})
