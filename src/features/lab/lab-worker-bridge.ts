/**
 * The network lab's one bridge to the service worker: every lab message to the worker, every word
 * of the worker the lab hears, and what the lab reads of the worker's state go through here (the
 * product's own go through src/lib/sw-bridge.ts). A page without service workers gets nothing:
 * messages go nowhere, listeners never hear, and the state says unsupported.
 */
import type { LabPageMessage } from './shared/lab-simulation'
import { versionSwitchPending } from '../../lib/version-switch'
import { isLabStatusAnswer, type LabStatusAnswer, type LabStatusRequest } from './shared/lab-status'

/** The service worker as this page sees it. */
export interface WorkerState {
  supported: boolean
  /** The active worker's state (activated …), or `none`. */
  state: string
  controlsPage: boolean
  /** The worker's own version, when it answered. */
  version?: string
  lockClientId?: string
}

/** True when this browser has service workers. */
export function workerSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator
}

/** The worker that controls this page, if any: the only one whose simulation reaches its requests. */
export function controllingWorker(): ServiceWorker | null {
  return workerSupported() ? navigator.serviceWorker.controller : null
}

/**
 * Sends `message` to the worker that controls this page; answers whether one did. Nothing is sent
 * once the page is switching to a new version (src/lib/version-switch.ts): it reloads in a moment.
 */
export function postToWorker(message: LabPageMessage): boolean {
  const controller = controllingWorker()
  if (controller === null || versionSwitchPending()) return false
  controller.postMessage(message)
  return true
}

/** Calls `listener` with every message the page's workers send; answers how to stop. */
export function onWorkerMessage(listener: (data: unknown) => void): () => void {
  if (!workerSupported()) return () => undefined
  const container = navigator.serviceWorker
  const onMessage = (event: MessageEvent<unknown>) => listener(event.data)
  container.addEventListener('message', onMessage)
  return () => container.removeEventListener('message', onMessage)
}

/** Calls `listener` whenever another worker takes control of this page; answers how to stop. */
export function onControllerChange(listener: () => void): () => void {
  if (!workerSupported()) return () => undefined
  const container = navigator.serviceWorker
  container.addEventListener('controllerchange', listener)
  return () => container.removeEventListener('controllerchange', listener)
}

/** Asks the active worker for its version and lock client id; undefined after 2 s of silence. */
async function askWorker(): Promise<LabStatusAnswer | undefined> {
  const registration = await navigator.serviceWorker.getRegistration()
  const active = registration?.active
  if (!active || versionSwitchPending()) return undefined
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    const timer = setTimeout(() => resolve(undefined), 2000)
    channel.port1.onmessage = (event: MessageEvent<unknown>) => {
      clearTimeout(timer)
      channel.port1.close()
      resolve(isLabStatusAnswer(event.data) ? event.data : undefined)
    }
    const question: LabStatusRequest = { type: 'LAB_STATUS' }
    active.postMessage(question, [channel.port2])
  })
}

/** The worker's registration and state, and what it answers to the status question. */
export async function readWorker(): Promise<WorkerState> {
  if (!('serviceWorker' in navigator))
    return { supported: false, state: 'none', controlsPage: false }
  const registration = await navigator.serviceWorker.getRegistration()
  const worker = registration?.active ?? registration?.waiting ?? registration?.installing
  const status = await askWorker().catch(() => undefined)
  return {
    supported: true,
    state: worker?.state ?? 'none',
    controlsPage: navigator.serviceWorker.controller !== null,
    ...(status ? { version: status.version } : {}),
    ...(status?.lockClientId ? { lockClientId: status.lockClientId } : {}),
  }
}
