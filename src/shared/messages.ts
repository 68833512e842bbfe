/** Every message between the page and the service worker: one discriminated union, never bare strings. */

/** Sent by the page to the service worker. */
export type PageToWorkerMessage = { type: 'SKIP_WAITING' }

/** Sent by the service worker to its pages. */
export type WorkerToPageMessage = { type: 'FLUSH_OFFERS' }

/** True when `data` is a message the service worker sent. */
export function isWorkerToPageMessage(data: unknown): data is WorkerToPageMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'FLUSH_OFFERS'
  )
}
