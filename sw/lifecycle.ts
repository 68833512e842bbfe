/** Activation: a waiting version takes over only when a page asks (after "A new version is ready"). */
import type { PageToWorkerMessage } from '../src/shared/messages'

/** Handles SKIP_WAITING from a page, and claims clients on first install. */
export function installLifecycle(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('message', (event: ExtendableMessageEvent) => {
    const message = event.data as PageToWorkerMessage | undefined
    if (message?.type === 'SKIP_WAITING') void scope.skipWaiting()
  })
  scope.addEventListener('activate', (event) => event.waitUntil(scope.clients.claim()))
}
