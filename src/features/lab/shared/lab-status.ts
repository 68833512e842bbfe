/**
 * What the network lab asks the service worker, and what it answers: the worker's version (the
 * revision of the index.html it precached, which changes with every deploy) and the Web Locks client
 * id it holds locks under, so the lab can tell a flush lock held by the worker from one held by a tab.
 */

/** The lab's question, posted with a MessagePort for the answer. */
export interface LabStatusRequest {
  type: 'LAB_STATUS'
}

/** The worker's answer on that port. */
export interface LabStatusAnswer {
  type: 'LAB_STATUS'
  version: string
  /** The worker's client id as `navigator.locks.query()` reports it, when it has Web Locks. */
  lockClientId?: string
}

/** True when `data` is the lab's question. */
export function isLabStatusRequest(data: unknown): data is LabStatusRequest {
  return (
    typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'LAB_STATUS'
  )
}

/** True when `data` is the worker's answer. */
export function isLabStatusAnswer(data: unknown): data is LabStatusAnswer {
  return isLabStatusRequest(data) && typeof (data as { version?: unknown }).version === 'string'
}

/** The client id Web Locks reports for whoever runs this (a page or a worker), or undefined. */
export async function ownLockClientId(locks: LockManager | undefined): Promise<string | undefined> {
  if (!locks) return undefined
  // A lock only this call holds: while holding it, query() names the holder's client id.
  const name = `unburden-lab-whoami-${Math.random().toString(36).slice(2)}`
  return locks.request(name, async () => {
    const { held = [] } = await locks.query()
    return held.find((lock) => lock.name === name)?.clientId
  })
}
