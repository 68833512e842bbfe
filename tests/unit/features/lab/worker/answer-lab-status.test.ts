/** The worker's answer to the network lab: its version and its Web Locks client id, on the port sent. */
import { describe, expect, it, vi } from 'vitest'
import {
  installLabStatus,
  workerVersion,
  type LabStatusScope,
} from '../../../../../src/features/lab/worker/answer-lab-status'
import {
  isLabStatusAnswer,
  ownLockClientId,
} from '../../../../../src/features/lab/shared/lab-status'

/** Web Locks as one client sees them: `clientId` holds whatever it requests. */
function fakeLocks(clientId: string): LockManager {
  const held: LockInfo[] = []
  return {
    async request(name: string, callback: () => Promise<unknown>) {
      held.push({ name, clientId, mode: 'exclusive' })
      try {
        return await callback()
      } finally {
        held.splice(
          held.findIndex((l) => l.name === name),
          1,
        )
      }
    },
    query: async () => ({ held: [...held], pending: [] }),
  } as unknown as LockManager
}

describe('the lab status', () => {
  it('the worker’s version is the revision of the index.html it precached', () => {
    expect(
      workerVersion([
        'assets/a.js',
        { url: 'assets/b.js', revision: null },
        { url: 'index.html', revision: 'abc123' },
      ]),
    ).toBe('abc123')
    expect(workerVersion([])).toBe('unknown')
  })

  it('learns its own Web Locks client id from a lock only it holds', async () => {
    expect(await ownLockClientId(fakeLocks('client-7'))).toBe('client-7')
    expect(await ownLockClientId(undefined)).toBeUndefined()
  })

  it('answers LAB_STATUS on the port it came with, and ignores other messages', async () => {
    type Listener = Parameters<LabStatusScope['addEventListener']>[1]
    let listener: Listener | undefined
    const scope = {
      addEventListener: (_type: string, l: Listener) => (listener = l),
      navigator: { locks: fakeLocks('worker-1') },
    } satisfies LabStatusScope
    installLabStatus(scope, [{ url: 'index.html', revision: 'rev-9' }])
    const port = { postMessage: vi.fn() }
    const waits: Promise<unknown>[] = []
    const event = (data: unknown) => ({
      data,
      ports: [port],
      waitUntil: (p: Promise<unknown>) => void waits.push(p),
    })
    listener!(event({ type: 'SKIP_WAITING' }))
    listener!(event({ type: 'LAB_STATUS' }))
    await Promise.all(waits)
    expect(port.postMessage).toHaveBeenCalledTimes(1)
    const answer: unknown = port.postMessage.mock.calls[0]![0]
    expect(isLabStatusAnswer(answer)).toBe(true)
    expect(answer).toEqual({ type: 'LAB_STATUS', version: 'rev-9', lockClientId: 'worker-1' })
  })
})
