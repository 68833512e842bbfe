/// <reference lib="webworker" />
/**
 * The network lab's in-app simulation (src/features/lab/shared/lab-simulation.ts): while a lease is live, the
 * worker answers the backend's requests as offline, 503 or "lost after sending".
 *
 * Two paths reach the backend and both are covered:
 * - the page's requests, through the fetch event: the listener is installed LAST, so a route that
 *   answers a request (the feed's network-first cache) keeps it, and that route's own network call
 *   goes through the second path, as a real outage would;
 * - the worker's own requests (Background Sync, the feed route): `scope.fetch` is wrapped, so every
 *   module that calls it at call time meets the same simulation without knowing about the lab.
 * The lease lives in this worker's memory only: a stopped worker forgets it, and the next renewal is
 * answered "none" (the safe side).
 */
import {
  SIMULATED_503_BODY,
  isLabPageMessage,
  liveLease,
  renewLease,
  simulationFor,
  simulationMessage,
  startLease,
  type SimulationLease,
  type SimulationMode,
} from '../shared/lab-simulation'

/** What the simulation needs from outside (the clock and ids, for tests). */
export interface LabSimulationDeps {
  now?: () => number
  newId?: () => string
}

/** The network failure a simulated request meets. */
const networkFailure = () => new TypeError('Failed to fetch (network lab simulation)')

/** Plays `mode` on one request that `send` would put on the network. */
async function simulate(mode: SimulationMode, send: () => Promise<Response>): Promise<Response> {
  if (mode === 'offline') throw networkFailure()
  if (mode === '503')
    return new Response(JSON.stringify(SIMULATED_503_BODY), {
      status: 503,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'access-control-allow-origin': '*',
      },
    })
  if (mode === 'lost-answer') {
    await send()
    throw networkFailure()
  }
  return send()
}

/** Listens for the lab's messages, wraps the worker's fetch and answers the page's backend requests. */
export function installLabSimulation(
  scope: ServiceWorkerGlobalScope,
  deps: LabSimulationDeps = {},
): void {
  const now = deps.now ?? (() => Date.now())
  const newId = deps.newId ?? (() => crypto.randomUUID())
  let lease: SimulationLease | null = null
  let lapseTimer: ReturnType<typeof setTimeout> | undefined
  /** Windows told about the current lease (a new tab learns it from its first backend request). */
  let told = new Set<string>()

  const broadcast = async (): Promise<void> => {
    const message = simulationMessage(lease, now())
    const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })
    for (const client of windows) {
      client.postMessage(message)
      told.add(client.id)
    }
  }
  const change = (next: SimulationLease | null): Promise<void> => {
    lease = next
    told = new Set()
    clearTimeout(lapseTimer)
    if (next !== null) watchLapse()
    return broadcast()
  }
  /** When the lease lapses, every window hears "none" (a renewal in between moves the check on). */
  const watchLapse = () => {
    clearTimeout(lapseTimer)
    if (lease === null) return
    lapseTimer = setTimeout(
      () => {
        if (lease !== null && liveLease(lease, now()) === null) void change(null)
        else watchLapse()
      },
      Math.max(0, lease.expiresAt - now()) + 50,
    )
  }
  const current = (url: string): SimulationMode => {
    const mode = simulationFor(lease, now(), url)
    if (mode === 'none' && lease !== null && liveLease(lease, now()) === null) void change(null)
    return mode
  }

  const network = scope.fetch.bind(scope)
  scope.fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input)
    const mode = current(url)
    return mode === 'none' ? network(input, init) : simulate(mode, () => network(input, init))
  }

  scope.addEventListener('message', (event: ExtendableMessageEvent) => {
    const message: unknown = event.data
    if (!isLabPageMessage(message)) return
    const source = event.source as Client | null
    const reply = () => source?.postMessage(simulationMessage(lease, now()))
    switch (message.type) {
      case 'LAB_SIMULATE':
        event.waitUntil(change(startLease(newId(), message.mode, message.backendOrigin, now())))
        return
      case 'LAB_RENEW': {
        const renewed = renewLease(lease, message.leaseId, now())
        if (renewed === null) reply()
        else {
          lease = renewed
          watchLapse()
        }
        return
      }
      case 'LAB_STOP':
        event.waitUntil(change(null))
        return
      case 'LAB_ASK':
        reply()
        return
    }
  })

  scope.addEventListener('fetch', (event: FetchEvent) => {
    const mode = current(event.request.url)
    if (mode === 'none') return
    if (event.clientId && !told.has(event.clientId)) {
      told.add(event.clientId)
      event.waitUntil(
        scope.clients.get(event.clientId).then((client) => {
          client?.postMessage(simulationMessage(lease, now()))
        }),
      )
    }
    let answer!: (response: Promise<Response>) => void
    try {
      event.respondWith(new Promise<Response>((resolve) => (answer = resolve)))
    } catch {
      return // A route answered this request already; its own fetch meets the simulation.
    }
    answer(simulate(mode, () => network(event.request)).catch(() => Response.error()))
  })
}
