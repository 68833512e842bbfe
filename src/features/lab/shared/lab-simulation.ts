/**
 * The network lab's in-app simulation, shared by the page and the service worker: the messages, the
 * lease, and the pure decision of what the worker answers for a request.
 *
 * Safe by construction: the worker simulates only under a LEASE that lapses LEASE_MS after it was
 * last renewed, and only the lab's visible banner renews it (every LEASE_RENEW_MS). A closed or
 * hidden banner, a stopped worker (the lease lives in its memory only) or a renewal for another
 * lease all end the simulation: when in doubt, the answer is "none". Only requests to the backend's
 * origin are simulated, never the app's own files.
 */

/** What the worker plays on backend requests. */
export type SimulationMode = 'none' | 'offline' | '503' | 'lost-answer'

/** The modes a tester can start. */
export const SIMULATION_MODES = ['offline', '503', 'lost-answer'] as const

/** A mode a tester can start. */
export type ActiveSimulationMode = (typeof SIMULATION_MODES)[number]

/** How often a visible banner renews the lease, in ms. */
export const LEASE_RENEW_MS = 5_000

/** How long a lease lasts without a renewal, in ms. */
export const LEASE_MS = 15_000

/** A simulation the worker plays until `expiresAt` (ms since the epoch) unless renewed. */
export interface SimulationLease {
  id: string
  mode: ActiveSimulationMode
  /** The backend's origin (`http://localhost:54321`): only its requests are simulated. */
  backendOrigin: string
  expiresAt: number
}

/** Sent by a page to the service worker. */
export type LabPageMessage =
  /** Start (or switch to) `mode` for requests to `backendOrigin`. */
  | { type: 'LAB_SIMULATE'; mode: ActiveSimulationMode; backendOrigin: string }
  /** The banner of lease `leaseId` is mounted and visible: keep the simulation on. */
  | { type: 'LAB_RENEW'; leaseId: string }
  /** End the simulation (Stop, or the lab turned off). */
  | { type: 'LAB_STOP' }
  /** Tell me what is simulated now. */
  | { type: 'LAB_ASK' }

/** Sent by the service worker to its windows: what is simulated now. */
export interface LabWorkerMessage {
  type: 'LAB_SIMULATION'
  mode: SimulationMode
  /** The lease to renew, while a simulation is on. */
  leaseId?: string
}

const isObject = (data: unknown): data is Record<string, unknown> =>
  typeof data === 'object' && data !== null

/** True when `mode` is one a tester can start. */
export function isActiveSimulationMode(mode: unknown): mode is ActiveSimulationMode {
  return (SIMULATION_MODES as readonly unknown[]).includes(mode)
}

/** True when `data` is a lab message a page sent. */
export function isLabPageMessage(data: unknown): data is LabPageMessage {
  if (!isObject(data)) return false
  switch (data.type) {
    case 'LAB_SIMULATE':
      return isActiveSimulationMode(data.mode) && originOf(data.backendOrigin) !== null
    case 'LAB_RENEW':
      return typeof data.leaseId === 'string'
    case 'LAB_STOP':
    case 'LAB_ASK':
      return true
    default:
      return false
  }
}

/** True when `data` is the worker's word on the simulation. */
export function isLabWorkerMessage(data: unknown): data is LabWorkerMessage {
  return (
    isObject(data) &&
    data.type === 'LAB_SIMULATION' &&
    (data.mode === 'none' || isActiveSimulationMode(data.mode)) &&
    (data.leaseId === undefined || typeof data.leaseId === 'string')
  )
}

/** The origin of `url`, or null when it is not an http(s) address. */
export function originOf(url: unknown): string | null {
  if (typeof url !== 'string') return null
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null
  } catch {
    return null
  }
}

/** A new lease for `mode` on `backendOrigin`'s requests, from `now`. */
export function startLease(
  id: string,
  mode: ActiveSimulationMode,
  backendOrigin: string,
  now: number,
): SimulationLease {
  return { id, mode, backendOrigin, expiresAt: now + LEASE_MS }
}

/** `lease` while it has not lapsed at `now`, else null. */
export function liveLease(lease: SimulationLease | null, now: number): SimulationLease | null {
  return lease !== null && now < lease.expiresAt ? lease : null
}

/** The lease renewed at `now`, or null when `leaseId` is not the live lease (it lapsed, or ended). */
export function renewLease(
  lease: SimulationLease | null,
  leaseId: string,
  now: number,
): SimulationLease | null {
  const live = liveLease(lease, now)
  return live !== null && live.id === leaseId ? { ...live, expiresAt: now + LEASE_MS } : null
}

/**
 * What the worker plays on a request to `url` at `now`: `none` unless a live lease covers it. The
 * local backend's tester controls (`/__…`) are never simulated: the lab and its drill use them to
 * watch the wall while the app's own requests fail.
 */
export function simulationFor(
  lease: SimulationLease | null,
  now: number,
  url: string,
): SimulationMode {
  const live = liveLease(lease, now)
  if (live === null || originOf(url) !== live.backendOrigin) return 'none'
  return new URL(url).pathname.startsWith('/__') ? 'none' : live.mode
}

/** The worker's message for `lease` (none when there is no live one). */
export function simulationMessage(lease: SimulationLease | null, now: number): LabWorkerMessage {
  const live = liveLease(lease, now)
  return live === null
    ? { type: 'LAB_SIMULATION', mode: 'none' }
    : { type: 'LAB_SIMULATION', mode: live.mode, leaseId: live.id }
}

/** The PostgREST-shaped body of the simulated 503. */
export const SIMULATED_503_BODY = {
  code: 'PGRST001',
  message: 'Database client error. Retrying the connection.',
  details: 'Network lab: simulated 503',
  hint: null,
} as const

/** How the lab names each mode to the tester. */
export const SIMULATION_LABELS: Record<ActiveSimulationMode, string> = {
  offline: 'offline',
  '503': '503 from the backend',
  'lost-answer': 'lost answers (sent, answer dropped)',
}
