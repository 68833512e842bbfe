/** Where the backend is, as the page last said (a BACKEND message), kept for flushing with no page open. */
import { createStore, get, set, type UseStore } from 'idb-keyval'
import type { BackendConfig } from '../src/offering/shared/offer-wire'

let store: UseStore | undefined
const settings = () => (store ??= createStore('unburden-sw', 'settings'))

/** Keeps `backend` for later. */
export function saveBackend(backend: BackendConfig): Promise<void> {
  return set('backend', backend, settings())
}

/** The backend the page last named, if any. */
export function loadBackend(): Promise<BackendConfig | undefined> {
  return get<BackendConfig>('backend', settings())
}

/** When the worker may next send offers (ms since the epoch), as the last failed sync set it. */
export const offerRetryGate = {
  load: (): Promise<number | undefined> => get<number>('offer-retry-at', settings()),
  save: (at: number): Promise<void> => set('offer-retry-at', at, settings()),
}
