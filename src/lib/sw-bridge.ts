/**
 * The only bridge between the page and the service worker: registers it, relays its messages and
 * reports a waiting update. Loaded after first paint, so workbox-window is not on the critical path.
 */
import { Workbox } from 'workbox-window'
import {
  isWorkerToPageMessage,
  type WorkerToPageMessage,
  type PageToWorkerMessage,
} from '../shared/messages'

/** What the app wants to hear from the service worker. */
export interface WorkerListeners {
  onMessage?: (message: WorkerToPageMessage) => void
  /** A new version is installed and waiting; call `activate` to switch to it (the page reloads). */
  onUpdateReady?: (activate: () => void) => void
}

/** Registers `/sw.js` when the browser supports service workers. */
export async function registerServiceWorker(
  listeners: WorkerListeners = {},
): Promise<Workbox | null> {
  if (!('serviceWorker' in navigator)) return null
  const wb = new Workbox('/sw.js', { scope: '/' })
  wb.addEventListener('message', (event) => {
    if (isWorkerToPageMessage(event.data)) listeners.onMessage?.(event.data)
  })
  wb.addEventListener('waiting', () => {
    listeners.onUpdateReady?.(() => {
      wb.addEventListener('controlling', () => location.reload())
      const message: PageToWorkerMessage = { type: 'SKIP_WAITING' }
      wb.messageSW(message).catch(() => undefined)
    })
  })
  await wb.register()
  return wb
}
