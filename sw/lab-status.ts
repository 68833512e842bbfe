/** Answers the network lab's LAB_STATUS question (src/shared/lab-status.ts) on the port it sent. */
import type { PrecacheEntry } from 'workbox-precaching'
import { isLabStatusRequest, ownLockClientId, type LabStatusAnswer } from '../src/shared/lab-status'

/** The worker's version: the revision of the index.html it precached. */
export function workerVersion(manifest: ReadonlyArray<PrecacheEntry | string>): string {
  const shell = manifest.find(
    (entry): entry is PrecacheEntry => typeof entry !== 'string' && entry.url === 'index.html',
  )
  return shell?.revision ?? 'unknown'
}

/** Listens for LAB_STATUS and answers with the version and the worker's lock client id. */
export function installLabStatus(
  scope: ServiceWorkerGlobalScope,
  manifest: ReadonlyArray<PrecacheEntry | string>,
): void {
  const version = workerVersion(manifest)
  scope.addEventListener('message', (event: ExtendableMessageEvent) => {
    const port = event.ports[0]
    if (!isLabStatusRequest(event.data) || !port) return
    const locks = 'locks' in scope.navigator ? scope.navigator.locks : undefined
    event.waitUntil(
      ownLockClientId(locks)
        .catch(() => undefined)
        .then((lockClientId) => {
          const answer: LabStatusAnswer = {
            type: 'LAB_STATUS',
            version,
            ...(lockClientId ? { lockClientId } : {}),
          }
          port.postMessage(answer)
        }),
    )
  })
}
