/**
 * The product's only bridge between the page and the service worker (the network lab has its own,
 * src/features/lab/lab-worker-bridge.ts): registers it, tells it where the backend is, relays its
 * messages, asks for Background Sync and reports a waiting update. Loaded after first paint, so
 * workbox-window is not on the critical path.
 */
import { Workbox } from 'workbox-window'
import {
  isWorkerToPageMessage,
  type WorkerToPageMessage,
  type PageToWorkerMessage,
} from '../shared/messages'
import { OFFER_SYNC_TAG } from '../offering/shared/offer-queue-policy'
import { env } from './env'
import { markVersionSwitch } from './version-switch'

/** What the app wants to hear from the service worker. */
export interface WorkerListeners {
  /** A new version is installed and waiting; call `activate` to switch to it (the page reloads). */
  onUpdateReady?: (activate: () => void) => void
}

type MessageListener = (message: WorkerToPageMessage) => void
const messageListeners = new Set<MessageListener>()

/** Calls `listener` for every message the service worker sends; returns an unsubscribe. */
export function onWorkerMessage(listener: MessageListener): () => void {
  messageListeners.add(listener)
  return () => messageListeners.delete(listener)
}

/** Registers `/sw.js` when the browser supports service workers. */
export async function registerServiceWorker(
  listeners: WorkerListeners = {},
): Promise<Workbox | null> {
  if (!('serviceWorker' in navigator)) return null
  const wb = new Workbox('/sw.js', { scope: '/' })
  // Messages are heard on the container, so a worker that took over later is heard too.
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (!isWorkerToPageMessage(event.data)) return
    for (const listener of messageListeners) listener(event.data)
  })
  wb.addEventListener('waiting', () => {
    listeners.onUpdateReady?.(() => {
      wb.addEventListener('controlling', () => location.reload())
      markVersionSwitch()
      // Posts `{ type: 'SKIP_WAITING' }` (a PageToWorkerMessage) to the waiting worker.
      wb.messageSkipWaiting()
    })
  })
  await wb.register()
  void tellWorkerTheBackend()
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb.update().catch(() => undefined)
  })
  return wb
}

/** Sends the backend's address to the active worker, which keeps it for flushing with no page open. */
async function tellWorkerTheBackend(): Promise<void> {
  const registration = await navigator.serviceWorker.ready
  const message: PageToWorkerMessage = {
    type: 'BACKEND',
    backend: { url: env.supabaseUrl, anonKey: env.supabaseAnonKey },
  }
  registration.active?.postMessage(message)
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> }
}

/** Asks for a Background Sync of the offer queue, where the browser has it (Chromium). */
export async function requestBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  const registration = (await navigator.serviceWorker.getRegistration()) as
    (ServiceWorkerRegistration & SyncRegistration) | undefined
  await registration?.sync?.register(OFFER_SYNC_TAG)
}
