/** Every message between the page and the service worker: one discriminated union, never bare strings. */
import type { BackendConfig } from './void-rest'

/** Sent by the page to the service worker. */
export type PageToWorkerMessage =
  /** Switch to the waiting version now (the visitor pressed Reload). */
  | { type: 'SKIP_WAITING' }
  /** Where the backend is, so the worker can flush the queue when no page is open. */
  | { type: 'BACKEND'; backend: BackendConfig }

/** Sent by the service worker to its pages. */
export type WorkerToPageMessage =
  /** Background Sync fired: a page should flush the offer queue. */
  { type: 'FLUSH_OFFERS' }

const hasType = (data: unknown): data is { type: unknown } =>
  typeof data === 'object' && data !== null && 'type' in data

/** True when `data` is a message the service worker sent. */
export function isWorkerToPageMessage(data: unknown): data is WorkerToPageMessage {
  return hasType(data) && data.type === 'FLUSH_OFFERS'
}

/** True when `data` is a message a page sent. */
export function isPageToWorkerMessage(data: unknown): data is PageToWorkerMessage {
  if (!hasType(data)) return false
  if (data.type === 'SKIP_WAITING') return true
  if (data.type !== 'BACKEND' || !('backend' in data)) return false
  const backend = data.backend as Partial<BackendConfig> | null
  return typeof backend?.url === 'string' && typeof backend.anonKey === 'string'
}

/** Sent by a tab (or the service worker) to the others on the BroadcastChannel OFFER_CHANNEL. */
export type OfferChannelMessage =
  /** The offer queue changed (an offer was held, delivered, refused or withdrawn): re-read it. */
  { type: 'QUEUE_CHANGED' }

/** True when `data` is a message of the offer channel. */
export function isOfferChannelMessage(data: unknown): data is OfferChannelMessage {
  return hasType(data) && data.type === 'QUEUE_CHANGED'
}
