/**
 * The page's side of the network lab's simulation (src/features/lab/shared/lab-simulation.ts): asks the service
 * worker that controls this page to start, renew or stop it, and hears what every window is told,
 * through the lab's bridge to the worker (lab-worker-bridge.ts).
 * A page no worker controls cannot simulate: its requests never reach the worker.
 */
import {
  isLabWorkerMessage,
  originOf,
  type ActiveSimulationMode,
  type LabWorkerMessage,
} from './shared/lab-simulation'
import { env } from '../../lib/env'
import { controllingWorker, onWorkerMessage, postToWorker as post } from './lab-worker-bridge'

/** Why a simulation cannot start in this page. */
export class SimulationUnavailable extends Error {}

/** The origin of the backend this build talks to: the only one the simulation touches. */
export function backendOrigin(): string {
  return originOf(env.supabaseUrl) ?? env.supabaseUrl
}

/** True when a service worker controls this page (so it can simulate). */
export function canSimulate(): boolean {
  return controllingWorker() !== null
}

/** Asks the worker to play `mode` on this backend's requests; throws SimulationUnavailable when it cannot. */
export function startSimulation(mode: ActiveSimulationMode): void {
  if (!post({ type: 'LAB_SIMULATE', mode, backendOrigin: backendOrigin() }))
    throw new SimulationUnavailable(
      'No service worker controls this page yet, so it cannot simulate. Reload the page, then try again.',
    )
}

/** Ends the simulation for every window. */
export function stopSimulation(): void {
  post({ type: 'LAB_STOP' })
}

/** Keeps lease `leaseId` alive (the banner calls this while it is visible). */
export function renewSimulation(leaseId: string): void {
  post({ type: 'LAB_RENEW', leaseId })
}

/** Calls `listener` with every word of the worker on the simulation, after asking it once now. */
export function onSimulation(listener: (message: LabWorkerMessage) => void): () => void {
  const stop = onWorkerMessage((data) => {
    if (isLabWorkerMessage(data)) listener(data)
  })
  post({ type: 'LAB_ASK' })
  return stop
}

/** Resolves once the worker says `mode` is what it simulates, or rejects after `timeoutMs`. */
export function whenSimulating(mode: LabWorkerMessage['mode'], timeoutMs = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    let stop = () => undefined as unknown
    const timer = setTimeout(() => {
      stop()
      reject(new SimulationUnavailable(`The service worker did not confirm "${mode}" in time.`))
    }, timeoutMs)
    stop = onSimulation((message) => {
      if (message.mode !== mode) return
      clearTimeout(timer)
      stop()
      resolve()
    })
  })
}
