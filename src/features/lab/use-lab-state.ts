/**
 * Everything the network lab shows, read from the real state and kept live: the queue and the
 * journeys (re-read when the store's waiting offers change and when any tab or the worker says the
 * queue or a journey changed, `LabServices.onChange`), the service worker, what the browser
 * offers, and who holds the flush lock (asked of Web Locks every second).
 */
import { useEffect, useState } from 'react'
import {
  isLabStatusAnswer,
  ownLockClientId,
  type LabStatusAnswer,
  type LabStatusRequest,
} from './core/lab-status'
import type { QueuedOffer } from '../../core/offer'
import type { OfferJourney } from './core/offer-journey'
import { useAppStore } from '../../store'
import type { LabServices } from './lab-services'

/** Who holds the flush lock, as far as this tab can tell. */
export type LockHolder =
  | 'nobody'
  | 'this tab'
  | 'another tab'
  | 'the service worker'
  | 'another tab or the service worker'
  | 'unknown'

/** The service worker as this page sees it. */
export interface WorkerState {
  supported: boolean
  /** The active worker's state (activated …), or `none`. */
  state: string
  controlsPage: boolean
  /** The worker's own version, when it answered. */
  version?: string
  lockClientId?: string
}

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

/** Asks the active worker for its version and lock client id; undefined after 2 s of silence. */
async function askWorker(): Promise<LabStatusAnswer | undefined> {
  const registration = await navigator.serviceWorker.getRegistration()
  const active = registration?.active
  if (!active) return undefined
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    const timer = setTimeout(() => resolve(undefined), 2000)
    channel.port1.onmessage = (event: MessageEvent<unknown>) => {
      clearTimeout(timer)
      channel.port1.close()
      resolve(isLabStatusAnswer(event.data) ? event.data : undefined)
    }
    const question: LabStatusRequest = { type: 'LAB_STATUS' }
    active.postMessage(question, [channel.port2])
  })
}

async function readWorker(): Promise<WorkerState> {
  if (!('serviceWorker' in navigator))
    return { supported: false, state: 'none', controlsPage: false }
  const registration = await navigator.serviceWorker.getRegistration()
  const worker = registration?.active ?? registration?.waiting ?? registration?.installing
  const status = await askWorker().catch(() => undefined)
  return {
    supported: true,
    state: worker?.state ?? 'none',
    controlsPage: navigator.serviceWorker.controller !== null,
    ...(status ? { version: status.version } : {}),
    ...(status?.lockClientId ? { lockClientId: status.lockClientId } : {}),
  }
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
    supported: 'serviceWorker' in navigator,
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
    if (!('serviceWorker' in navigator)) return
    let stopped = false
    const update = () => void readWorker().then((w) => stopped || setWorker(w))
    update()
    navigator.serviceWorker.addEventListener('controllerchange', update)
    const timer = setInterval(update, 5000)
    return () => {
      stopped = true
      navigator.serviceWorker.removeEventListener('controllerchange', update)
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
