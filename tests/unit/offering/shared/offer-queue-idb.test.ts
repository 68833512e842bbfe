import { createStore } from 'idb-keyval'
import { describe, expect, it } from 'vitest'
import type { QueuedOffer } from '../../../../src/offering/shared/offer'
import { offerQueueOperations } from '../../../../src/offering/shared/offer-queue-idb'
import { offerKey } from '../../../../src/offering/shared/offer-queue-policy'

let databases = 0
const freshQueue = () => {
  const run = createStore(`offer-queue-idb-test-${databases++}`, 'offers')
  return { run, queue: offerQueueOperations(run) }
}

const offer = (queuedAt: number, text: string): QueuedOffer => ({
  clientId: `00000000-0000-4000-8000-${String(queuedAt).padStart(12, '0')}`,
  text,
  queuedAt,
  attempts: 0,
  origin: 'writer',
})

async function add(run: ReturnType<typeof createStore>, offers: QueuedOffer[]) {
  await run('readwrite', (store) => {
    for (const o of offers) store.add(o, offerKey(o))
    return new Promise<void>((resolve) => (store.transaction.oncomplete = () => resolve()))
  })
}

describe('offerQueueOperations', () => {
  it('lists the queue oldest first, whatever order it was written in', async () => {
    const { run, queue } = freshQueue()
    await add(run, [
      offer(3000, 'third'),
      offer(1000, 'first'),
      offer(20000, 'last'),
      offer(2000, 'second'),
    ])
    expect((await queue.list()).map((o) => o.text)).toEqual(['first', 'second', 'third', 'last'])
  })

  it('updates offers still queued and never brings back one that has left', async () => {
    const { run, queue } = freshQueue()
    const kept = offer(1, 'kept')
    const gone = offer(2, 'gone')
    await add(run, [kept, gone])
    await queue.remove([gone])
    await queue.put([
      { ...kept, attempts: 3 },
      { ...gone, attempts: 3 },
    ])
    expect(await queue.list()).toEqual([{ ...kept, attempts: 3 }])
  })

  it('removes several offers in one call', async () => {
    const { run, queue } = freshQueue()
    const offers = [offer(1, 'a'), offer(2, 'b'), offer(3, 'c')]
    await add(run, offers)
    await queue.remove([offers[0]!, offers[2]!])
    expect((await queue.list()).map((o) => o.text)).toEqual(['b'])
  })
})
