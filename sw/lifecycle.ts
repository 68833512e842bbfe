/**
 * Activation: a waiting version takes over only when a page asks (after "A new version is ready");
 * on activation, runtime caches of older versions are deleted.
 */
import { isPageToWorkerMessage } from '../src/shared/messages'
import { RUNTIME_CACHES, deleteStaleCaches } from './caches'

/**
 * Handles SKIP_WAITING from a page, cleans stale caches and claims clients on activation. `keep`:
 * this version's caches (its runtime caches and its start copy of index.html).
 */
export function installLifecycle(
  scope: ServiceWorkerGlobalScope,
  keep: readonly string[] = RUNTIME_CACHES,
): void {
  scope.addEventListener('message', (event: ExtendableMessageEvent) => {
    const message: unknown = event.data
    if (isPageToWorkerMessage(message) && message.type === 'SKIP_WAITING') void scope.skipWaiting()
  })
  scope.addEventListener('activate', (event) =>
    event.waitUntil(
      deleteStaleCaches(scope.caches, keep)
        .catch(() => [])
        .then(() => scope.clients.claim()),
    ),
  )
}
