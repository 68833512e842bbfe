/** Answers the network lab's LAB_STATUS question (src/features/lab/shared/lab-status.ts) on the port it sent. */
import type { PrecacheEntry } from 'workbox-precaching'
import { isLabStatusRequest, ownLockClientId, type LabStatusAnswer } from '../shared/lab-status'

/** The worker's version: the revision of the index.html it precached. */
export function workerVersion(manifest: ReadonlyArray<PrecacheEntry | string>): string {
  const shell = manifest.find(
    (entry): entry is PrecacheEntry => typeof entry !== 'string' && entry.url === 'index.html',
  )
  return shell?.revision ?? 'unknown'
}

/** What the lab status needs of the worker's scope (typed here, so page-side tests compile it too). */
export interface LabStatusScope {
  addEventListener(
    type: 'message',
    listener: (event: {
      data: unknown
      ports: ReadonlyArray<{ postMessage(message: unknown): void }>
      waitUntil(work: Promise<unknown>): void
    }) => void,
  ): void
  navigator: { locks?: LockManager }
}

/** Listens for LAB_STATUS and answers with the version and the worker's lock client id. */
export function installLabStatus(
  scope: LabStatusScope,
  manifest: ReadonlyArray<PrecacheEntry | string>,
): void {
  const version = workerVersion(manifest)
  scope.addEventListener('message', (event) => {
    const port = event.ports[0]
    if (!isLabStatusRequest(event.data) || !port) return
    event.waitUntil(
      ownLockClientId(scope.navigator.locks)
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
