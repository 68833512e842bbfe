/**
 * Activation: a waiting version takes over only when a page asks (after "A new version is ready");
 * on activation, runtime caches of older versions are deleted.
 */
import { isPageToWorkerMessage } from '../src/shared/messages'
import { deleteStaleCaches } from './caches'

/** Handles SKIP_WAITING from a page, cleans stale caches and claims clients on activation. */
export function installLifecycle(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('message', (event: ExtendableMessageEvent) => {
    const message: unknown = event.data
    if (isPageToWorkerMessage(message) && message.type === 'SKIP_WAITING') void scope.skipWaiting()
  })
  scope.addEventListener('activate', (event) =>
    event.waitUntil(
      deleteStaleCaches(scope.caches)
        .catch(() => [])
        .then(() => scope.clients.claim()),
    ),
  )
}
