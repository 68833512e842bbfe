/**
 * The journey of each offer: a short log of what happened to it (held, each try with who sent it and
 * why, each answer, delivered, handed back, withdrawn, given up), for the network lab's timeline and
 * bug reports. Written by the page's queue AND the service worker, in their own IndexedDB database
 * next to the queue's (the queue's database and its data are never touched).
 *
 * Constraints: the log never holds an offer's text; a write never makes an offer fail or waits in
 * delivery's way (writes are chained in the background, errors are swallowed with a warning); each
 * journey keeps its last JOURNEY_EVENT_CAP events; a journey is pruned a day after its offer ended.
 */
import type { QueuedOffer } from './offer'
import { settled } from './offer-queue-idb'
import type { OfferEvent, OfferEventListener, TryActor, TryReason } from './offer-events'

/** The journey log's own database and object store (key: the offer's client id). */
export const JOURNEY_DB = 'unburden-offer-journey'
export const JOURNEY_STORE = 'journeys'

/** The BroadcastChannel on which every writer (tabs, the worker) says a journey changed. */
export const JOURNEY_CHANNEL = 'unburden-offer-journey'

/** The most events one journey keeps (the oldest go first; `dropped` counts them). */
export const JOURNEY_EVENT_CAP = 50

/** The most journeys kept; the least recently changed ended ones go first. */
export const JOURNEY_COUNT_CAP = 200

/** How long a journey is kept after its offer was delivered, handed back or withdrawn: a day. */
export const JOURNEY_KEPT_AFTER_END_MS = 24 * 60 * 60_000

/** One thing that happened to an offer: the delivery code's own events (src/offering/shared/offer-events.ts). */
export type JourneyEvent = OfferEvent
export type { TryActor, TryReason }

/** The events that end a journey (the offer has left the queue). */
const ENDINGS = new Set<JourneyEvent['type']>(['delivered', 'handed-back', 'withdrawn'])

/** One offer's journey as stored. Never its text. */
export interface OfferJourney {
  clientId: string
  kind: 'offer' | 'report'
  queuedAt: number
  events: JourneyEvent[]
  /** Events dropped to keep the cap. */
  dropped: number
  /** When the offer left the queue (delivered, handed back, withdrawn). */
  endedAt?: number
  updatedAt: number
}

/** What the log needs to know of an offer: never its text. */
export type JourneySubject = Pick<QueuedOffer, 'clientId' | 'queuedAt' | 'report'>

/** A message on JOURNEY_CHANNEL. */
export interface JourneyChannelMessage {
  type: 'JOURNEY_CHANGED'
  clientId: string
}

/** `journey` with `event` added: capped, ended by an ending event. Pure. */
export function appendJourneyEvent(
  journey: OfferJourney | undefined,
  subject: JourneySubject,
  event: JourneyEvent,
  cap: number = JOURNEY_EVENT_CAP,
): OfferJourney {
  const base: OfferJourney = journey ?? {
    clientId: subject.clientId,
    kind: subject.report ? 'report' : 'offer',
    queuedAt: subject.queuedAt,
    events: [],
    dropped: 0,
    updatedAt: event.at,
  }
  const events = [...base.events, event]
  const over = Math.max(0, events.length - cap)
  return {
    ...base,
    events: events.slice(over),
    dropped: base.dropped + over,
    updatedAt: event.at,
    ...(ENDINGS.has(event.type) ? { endedAt: event.at } : {}),
  }
}

/**
 * The journeys a prune deletes: ended a day ago or more; not ended, no longer queued (when the queue's
 * client ids are given) and unchanged for a day (their ending was never written); and past
 * JOURNEY_COUNT_CAP, the least recently changed ones that are not queued. Pure.
 */
export function journeysToPrune(
  journeys: readonly OfferJourney[],
  now: number,
  queued?: ReadonlySet<string>,
): string[] {
  const stale = (j: OfferJourney) =>
    j.endedAt !== undefined
      ? now - j.endedAt >= JOURNEY_KEPT_AFTER_END_MS
      : queued !== undefined &&
        !queued.has(j.clientId) &&
        now - j.updatedAt >= JOURNEY_KEPT_AFTER_END_MS
  const doomed = new Set(journeys.filter(stale).map((j) => j.clientId))
  const kept = journeys
    .filter((j) => !doomed.has(j.clientId))
    .sort((a, b) => b.updatedAt - a.updatedAt)
  for (const j of kept.slice(JOURNEY_COUNT_CAP))
    if (!queued?.has(j.clientId)) doomed.add(j.clientId)
  return [...doomed]
}

/** The journey log, as the queue (page and worker) and the lab use it. */
export interface JourneyLog {
  /** Adds `event` to `subject`'s journey in the background; never rejects, never throws. */
  record(subject: JourneySubject, event: JourneyEvent): Promise<void>
  /** Every journey, most recently changed first. */
  list(): Promise<OfferJourney[]>
  /** Deletes what `journeysToPrune` says; answers how many. Never rejects. */
  prune(queued?: ReadonlySet<string>): Promise<number>
  /** Resolves once every write asked for so far is done (tests, export). */
  settled(): Promise<void>
}

/** What a journey log is made of; tests pass a fake or failing database. */
export interface JourneyLogDeps {
  open: () => Promise<IDBDatabase>
  /** Tells the other tabs and the worker a journey changed. */
  announce?: (clientId: string) => void
  now?: () => number
  warn?: (message: string, error: unknown) => void
}

const done = (transaction: IDBTransaction): Promise<void> => settled(transaction)

/** Opens (and creates) the journey database with `factory`. */
export function openJourneyDatabase(factory: IDBFactory = indexedDB): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(JOURNEY_DB, 1)
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(JOURNEY_STORE))
        request.result.createObjectStore(JOURNEY_STORE, { keyPath: 'clientId' })
    }
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
    request.onblocked = () => reject(new Error('The journey database is blocked'))
  })
}

/** Makes a journey log over `deps`. */
export function createJourneyLog(deps: JourneyLogDeps): JourneyLog {
  const now = deps.now ?? Date.now
  const warn = deps.warn ?? ((message, error) => console.warn(message, error))
  let database: Promise<IDBDatabase> | undefined
  let chain: Promise<void> = Promise.resolve()

  const db = (): Promise<IDBDatabase> => {
    if (database) return database
    const opened = Promise.resolve().then(deps.open)
    database = opened
    opened.then(
      (d) => (d.onclose = () => (database = undefined)),
      () => (database = undefined),
    )
    return opened
  }

  const write = async (subject: JourneySubject, event: JourneyEvent): Promise<void> => {
    const transaction = (await db()).transaction(JOURNEY_STORE, 'readwrite')
    const store = transaction.objectStore(JOURNEY_STORE)
    // Read and write in one transaction: page and worker may append at once.
    const read = store.get(subject.clientId)
    read.onsuccess = () =>
      store.put(appendJourneyEvent(read.result as OfferJourney | undefined, subject, event))
    await done(transaction)
    deps.announce?.(subject.clientId)
  }

  const list = async (): Promise<OfferJourney[]> => {
    const transaction = (await db()).transaction(JOURNEY_STORE, 'readonly')
    const all = transaction.objectStore(JOURNEY_STORE).getAll()
    await done(transaction)
    return (all.result as OfferJourney[]).sort((a, b) => b.updatedAt - a.updatedAt)
  }

  return {
    record(subject, event) {
      chain = chain
        .then(() => write(subject, event))
        .catch((error: unknown) => warn('An offer journey event was not recorded', error))
      return chain
    },
    list,
    prune(queued) {
      const run = async (): Promise<number> => {
        const doomed = journeysToPrune(await list(), now(), queued)
        if (doomed.length === 0) return 0
        const transaction = (await db()).transaction(JOURNEY_STORE, 'readwrite')
        for (const clientId of doomed) transaction.objectStore(JOURNEY_STORE).delete(clientId)
        await done(transaction)
        return doomed.length
      }
      const pruned = chain.then(run).catch((error: unknown) => {
        warn('Old offer journeys were not pruned', error)
        return 0
      })
      chain = pruned.then(() => undefined)
      return pruned
    },
    settled: () => chain,
  }
}

let shared: JourneyLog | undefined

/** The journey log of this page or worker (IndexedDB, announced on JOURNEY_CHANNEL), made once. */
export function offerJourneyLog(): JourneyLog {
  if (shared) return shared
  const channel =
    typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(JOURNEY_CHANNEL)
  return (shared = createJourneyLog({
    open: () => openJourneyDatabase(),
    announce: (clientId) => {
      const message: JourneyChannelMessage = { type: 'JOURNEY_CHANGED', clientId }
      channel?.postMessage(message)
    },
  }))
}

/** The lab's subscriber to the delivery code's observer hook: each event goes to `log`. */
export function journeyRecorder(log: Pick<JourneyLog, 'record'>): OfferEventListener {
  return (offer, event) => log.record(offer, event)
}

/** Prunes the journeys that ended a day ago or more, keeping those of offers still in `queued`. */
export function pruneEndedJourneys(
  log: Pick<JourneyLog, 'prune'>,
  queued: () => Promise<QueuedOffer[]>,
): Promise<void> {
  return queued()
    .then((all) => log.prune(new Set(all.map((offer) => offer.clientId))))
    .then(
      () => undefined,
      () => undefined,
    )
}
