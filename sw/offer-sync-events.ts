/** Wires Background Sync and the page's BACKEND message to sw/offer-sync.ts. */
import { isPageToWorkerMessage } from '../src/shared/messages'
import { OFFER_SYNC_TAG } from '../src/offering/shared/offer-queue-policy'
import type { BackendConfig } from '../src/offering/shared/offer-wire'
import { syncOffers, type OfferSyncDeps } from './offer-sync'

/** Background Sync's event (not in TypeScript's WebWorker library). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string
}

/** Listens for `sync` and for the page's BACKEND message. */
export function installOfferSync(
  scope: ServiceWorkerGlobalScope,
  deps: Omit<OfferSyncDeps, 'clients' | 'fetch' | 'locks' | 'badge'> & {
    saveBackend: (backend: BackendConfig) => Promise<void>
  },
): void {
  scope.addEventListener('message', (event: ExtendableMessageEvent) => {
    const message: unknown = event.data
    if (isPageToWorkerMessage(message) && message.type === 'BACKEND')
      event.waitUntil(deps.saveBackend(message.backend))
  })
  scope.addEventListener('sync', (event: Event) => {
    const sync = event as unknown as SyncEvent
    if (sync.tag !== OFFER_SYNC_TAG) return
    sync.waitUntil(
      syncOffers({
        ...deps,
        clients: scope.clients,
        fetch: (input, init) => scope.fetch(input, init),
        ...('locks' in scope.navigator ? { locks: scope.navigator.locks } : {}),
        badge: scope.navigator,
      }),
    )
  })
}
