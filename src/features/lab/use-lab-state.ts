/**
 * Everything the network lab shows, read from the real state and kept live: the queue and the
 * journeys (re-read when the store's waiting offers change and when any tab or the worker says the
 * queue or a journey changed, `LabServices.onChange`), the service worker, what the browser
 * offers, and who holds the flush lock (asked of Web Locks every second).
 */
import { useEffect, useState } from 'react'
import { ownLockClientId } from './shared/lab-status'
import type { QueuedOffer } from '../../offering/shared/offer'
import type { OfferJourney } from '../../offering/shared/offer-journey'
import { useAppStore } from '../../store'
import type { LabServices } from './lab-services'
import {
  onControllerChange,
  readWorker,
  workerSupported,
  type WorkerState,
} from './lab-worker-bridge'

/** Who holds the flush lock, as far as this tab can tell. */
export type LockHolder =
  | 'nobody'
  | 'this tab'
  | 'another tab'
  | 'the service worker'
  | 'another tab or the service worker'
  | 'unknown'

/** The lab's live snapshot. */
export interface LabState {
  queue: QueuedOffer[]
  journeys: OfferJourney[]
  worker: WorkerState
  backgroundSync: boolean
  webLocks: boolean
  lock: { holder: LockHolder; waiting: number }
  now: number
}

const locks = (): LockManager | undefined =>
  'locks' in navigator && navigator.locks ? navigator.locks : undefined

/** Names the flush lock's holder by its Web Locks client id. */
export function nameLockHolder(
  holderId: string | undefined,
  held: boolean,
  ids: { page?: string; worker?: string },
): LockHolder {
  if (!held) return 'nobody'
  if (holderId === undefined) return 'unknown'
  if (holderId === ids.page) return 'this tab'
  if (holderId === ids.worker) return 'the service worker'
  return ids.worker === undefined ? 'another tab or the service worker' : 'another tab'
}

/** The lab's live state. */
export function useLabState(services: LabServices): LabState {
  const pendingOffers = useAppStore((s) => s.pendingOffers)
  const [queue, setQueue] = useState<QueuedOffer[]>([])
  const [journeys, setJourneys] = useState<OfferJourney[]>([])
  const [worker, setWorker] = useState<WorkerState>({
    supported: workerSupported(),
    state: 'none',
    controlsPage: false,
  })
  const [lock, setLock] = useState<LabState['lock']>({ holder: 'nobody', waiting: 0 })
  const [now, setNow] = useState(() => Date.now())
  const [pageLockId, setPageLockId] = useState<string>()

  // The queue and the journeys: on every change signal.
  useEffect(() => {
    let stopped = false
    const reread = () => {
      void Promise.all([
        services.listQueue().catch(() => []),
        services.listJourneys().catch(() => []),
      ]).then(([offers, logged]) => {
        if (stopped) return
        setQueue(offers)
        setJourneys(logged)
      })
    }
    reread()
    const stop = services.onChange(reread)
    return () => {
      stopped = true
      stop()
    }
  }, [services, pendingOffers])

  // The service worker: now, and whenever it changes.
  useEffect(() => {
    if (!workerSupported()) return
    let stopped = false
    const update = () => void readWorker().then((w) => stopped || setWorker(w))
    update()
    const stopFollowing = onControllerChange(update)
    const timer = setInterval(update, 5000)
    return () => {
      stopped = true
      stopFollowing()
      clearInterval(timer)
    }
  }, [])

  // This tab's own Web Locks client id, learnt once.
  useEffect(() => {
    void ownLockClientId(locks())
      .then(setPageLockId)
      .catch(() => undefined)
  }, [])

  // The clock and the flush lock: every second.
  useEffect(() => {
    let stopped = false
    const tick = () => {
      setNow(Date.now())
      void locks()
        ?.query()
        .then(({ held = [], pending = [] }) => {
          if (stopped) return
          const holder = held.find((l) => l.name === services.flushLock)
          setLock({
            holder: nameLockHolder(holder?.clientId, holder !== undefined, {
              ...(pageLockId ? { page: pageLockId } : {}),
              ...(worker.lockClientId ? { worker: worker.lockClientId } : {}),
            }),
            waiting: pending.filter((l) => l.name === services.flushLock).length,
          })
        })
        .catch(() => undefined)
    }
    tick()
    const timer = setInterval(tick, 1000)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [services, pageLockId, worker.lockClientId])

  return {
    queue,
    journeys,
    worker,
    backgroundSync: typeof window !== 'undefined' && 'SyncManager' in window,
    webLocks: locks() !== undefined,
    lock,
    now,
  }
}
