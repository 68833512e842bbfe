/**
 * The offer queue as a page runs it: an object made by `createOfferQueue`, its state (the running
 * flush, the backoff timer, the channel) on the instance, like Workbox's `Queue`: storage, sender and
 * what to do with an offer that goes back are passed in. The app creates and wires one
 * (src/offering/offer-service.ts). Policy: src/offering/shared/offer-queue-policy.ts; wire:
 * src/offering/shared/offer-wire.ts. This module decides WHEN to send: an offer made now is sent at
 * once when the page is online and nothing waits (its one attempt is the policy's, like a flush's);
 * otherwise, or when that attempt fails, it is held.
 *
 * Triggers: app start, the `online` event, the page becoming visible, the backoff timer, a message
 * from the service worker (Background Sync) and a newly held offer. One flusher at a time across tabs
 * and the service worker (Web Lock `unburden-offer-flush`); without Web Locks each tab still flushes
 * one at a time, and a repeat across tabs is harmless because the server ignores a repeated key.
 */
import { isOfferChannelMessage, type OfferChannelMessage } from '../shared/messages'
import { isReport, type OfferAnswer, type QueuedOffer, type RefusalReason } from './shared/offer'
import {
  emitOfferEvent,
  type OfferEvent,
  type OfferEventListener,
  type TryReason,
} from './shared/offer-events'
import {
  OFFER_CHANNEL,
  OFFER_FLUSH_LOCK,
  attemptOffer,
  flushOfferQueue,
  isWaitingOffer,
  type FlushResult,
  type OfferQueueStorage,
} from './shared/offer-queue-policy'
import type { OfferOutcome, OfferToVoid } from './offer-outcome'
import { newClientId } from '../lib/client-id'
import { trimThought } from '../lib/thought'

/**
 * What asked for a flush. A held offer waits for a running backoff; every other trigger does not.
 * `try-now` is the network lab's button.
 */
export type FlushTrigger =
  'start' | 'online' | 'visible' | 'timer' | 'message' | 'held' | 'manual' | 'try-now'

/** The events' word for a trigger: the backoff timer is `backoff`. */
const tryReason = (trigger: FlushTrigger): TryReason => (trigger === 'timer' ? 'backoff' : trigger)

/** Why an offer's words go back to the private entries. */
export type HandBackReason = RefusalReason | 'withdrawn'

/** Where the page's queue lives (src/offering/offer-queue-store.ts in the app). */
export interface PageOfferStorage extends OfferQueueStorage {
  /** Adds `offer`; resolves once it is durably stored. */
  enqueue(offer: QueuedOffer): Promise<void>
  /** Removes `offer` if it is still stored; true when it was. */
  take(offer: QueuedOffer): Promise<boolean>
}

/** What a queue needs from its host; tests pass fakes. */
export interface OfferQueueDeps {
  storage: PageOfferStorage
  /** One delivery attempt for one offer (src/offering/shared/offer-wire.ts `sendOffer`). */
  send: (offer: QueuedOffer) => Promise<OfferAnswer>
  /** Puts the offer's words back in the private entries and tells the visitor, before it leaves. */
  handBack: (offer: QueuedOffer, reason: HandBackReason) => Promise<void>
  /** The waiting offers changed (oldest first): the screens' copy follows. */
  onWaitingOffers: (offers: QueuedOffer[]) => void
  /** Asks the browser for a Background Sync (Chromium), when an offer is held. */
  requestBackgroundSync?: () => Promise<void>
  /** Listens for the service worker's FLUSH_OFFERS; returns how to stop. */
  onWorkerFlushRequest?: (listener: () => void) => Promise<() => void>
  isOnline?: () => boolean
  locks?: LockManager
  /** Opens the channel on which tabs tell each other the queue changed. */
  openChannel?: () => BroadcastChannel | undefined
  random?: () => number
  /** Hears what happens to each offer (src/offering/shared/offer-events.ts); never in delivery's way. */
  onEvent?: OfferEventListener
}

/** A page's offer queue. */
export interface OfferQueue {
  /**
   * Offers `text` made now: sent at once when online and nothing waits (so the order is kept), else
   * held; held too when that first attempt fails for a reason that is not the offer's. Never throws.
   */
  offer: OfferToVoid
  /** Reloads the waiting offers from storage and reports them. */
  refresh(): Promise<QueuedOffer[]>
  /**
   * Asks the queue to deliver what it holds; resolves when this tab's flush is over. Requests made
   * during a flush are coalesced into one more pass.
   */
  requestFlush(trigger?: FlushTrigger): Promise<void>
  /**
   * Puts `offer` in the queue; resolves once it is durably stored. With `retryInMs` (the Void just
   * answered a 429 or a failure), the first flush waits that long instead of starting at once.
   */
  hold(offer: QueuedOffer, options?: { retryInMs?: number }): Promise<void>
  /** Takes a waiting offer back (its words return to the private entries); `gone` if already sent. */
  withdraw(offer: QueuedOffer): Promise<'withdrawn' | 'gone'>
  /** Starts the triggers (start, online, visible, other tabs, the service worker); returns a stop. */
  start(): () => void
  /** Cancels the backoff timer and waits for a running flush to end (shutdown, tests). */
  settle(): Promise<void>
  /** When the backoff timer will next try (ms since the epoch), or null when none is set. */
  nextTryAt(): number | null
}

type Again = 'none' | 'held' | 'forced'

/** Makes a page's offer queue over `deps`. */
export function createOfferQueue(deps: OfferQueueDeps): OfferQueue {
  const isOnline = deps.isOnline ?? (() => navigator.onLine)
  let running: Promise<void> | null = null
  let again: Again = 'none'
  // Read through a call, so the compiler does not narrow it across the awaits that change it.
  const requestedAgain = (): Again => again
  let backoffTimer: ReturnType<typeof setTimeout> | undefined
  let backoffDueAt: number | null = null
  let channel: BroadcastChannel | undefined
  // Why the next pass runs: the trigger that started it, or the last one that asked again.
  let passReason: TryReason = 'manual'

  const note = (offer: QueuedOffer, event: OfferEvent): void =>
    emitOfferEvent(deps.onEvent, offer, event)
  const handBack = async (offer: QueuedOffer, reason: HandBackReason): Promise<void> => {
    await deps.handBack(offer, reason)
    note(
      offer,
      reason === 'withdrawn'
        ? { type: 'withdrawn', at: Date.now() }
        : { type: 'handed-back', at: Date.now(), reason },
    )
  }

  const refresh = async (): Promise<QueuedOffer[]> => {
    // Reports wait in the same queue but are not offers a visitor can see or withdraw.
    const offers = (await deps.storage.list()).filter(
      (offer) => isWaitingOffer(offer) && !isReport(offer),
    )
    deps.onWaitingOffers(offers)
    return offers
  }

  const announceQueueChanged = (): void => {
    const message: OfferChannelMessage = { type: 'QUEUE_CHANGED' }
    channel?.postMessage(message)
  }

  const withFlushLock = <T>(work: () => Promise<T>): Promise<T> =>
    deps.locks ? deps.locks.request(OFFER_FLUSH_LOCK, work) : work()

  // Offers the service worker found refused while no page was open.
  const handBackRefusedByWorker = async (): Promise<void> => {
    for (const offer of await deps.storage.list()) {
      if (isWaitingOffer(offer)) continue
      await handBack(offer, offer.refusedReason ?? 'refused')
      await deps.storage.remove([offer])
    }
  }

  const flushOnce = async (): Promise<FlushResult | null> => {
    if (!isOnline()) return null
    const why = passReason
    return withFlushLock(async () => {
      await handBackRefusedByWorker()
      return flushOfferQueue({
        storage: deps.storage,
        send: (offer) => deps.send(offer),
        onRefused: async (offer, answer, reason) => {
          console.error('The Void did not take a queued offer', reason, answer)
          await handBack(offer, reason)
          await deps.storage.remove([offer])
        },
        ...(deps.random ? { random: deps.random } : {}),
        ...(deps.onEvent ? { onEvent: deps.onEvent, by: 'page' as const, why } : {}),
      })
    })
  }

  const scheduleRetry = (delayMs: number): void => {
    clearTimeout(backoffTimer)
    backoffDueAt = Date.now() + delayMs
    backoffTimer = setTimeout(() => {
      backoffTimer = undefined
      backoffDueAt = null
      void requestFlush('timer')
    }, delayMs)
  }

  const cancelRetry = (): void => {
    clearTimeout(backoffTimer)
    backoffTimer = undefined
    backoffDueAt = null
  }

  function requestFlush(trigger: FlushTrigger = 'manual'): Promise<void> {
    if (trigger === 'held' && backoffTimer !== undefined) return running ?? Promise.resolve()
    if (running) {
      if (again !== 'forced') again = trigger === 'held' ? 'held' : 'forced'
      passReason = tryReason(trigger)
      return running
    }
    passReason = tryReason(trigger)
    cancelRetry()
    running = (async () => {
      let result: FlushResult | null
      for (;;) {
        again = 'none'
        result = await flushOnce().catch((error: unknown) => {
          console.error('The offer queue could not be flushed', error)
          return null
        })
        await refresh().catch(() => [])
        if (result && (result.delivered.length > 0 || result.refused.length > 0))
          announceQueueChanged()
        // A newly held offer does not cut a backoff short; any other trigger does.
        const requested = requestedAgain()
        if (requested === 'forced' || (requested === 'held' && result?.retryInMs == null)) continue
        break
      }
      if (result?.retryInMs != null) scheduleRetry(result.retryInMs)
    })().finally(() => {
      running = null
    })
    return running
  }

  async function hold(offer: QueuedOffer, options: { retryInMs?: number } = {}): Promise<void> {
    await deps.storage.enqueue(offer)
    note(offer, {
      type: 'held',
      at: Date.now(),
      ...(options.retryInMs === undefined ? {} : { retryInMs: options.retryInMs }),
    })
    announceQueueChanged()
    await refresh().catch(() => [])
    void deps.requestBackgroundSync?.().catch(() => undefined)
    // After a 429 (or any failure) the Void said when to come back: no flush before then.
    if (options.retryInMs !== undefined && backoffTimer === undefined && !running)
      scheduleRetry(options.retryInMs)
    void requestFlush('held')
  }

  let lastQueuedAt = 0
  // Now in ms, but always after the previous offer's time, so two offers in one ms keep their order.
  const nextQueueTime = (): number => (lastQueuedAt = Math.max(Date.now(), lastQueuedAt + 1))

  const offer: OfferToVoid = async (text, origin, entry) => {
    const made: QueuedOffer = {
      clientId: newClientId(),
      text: trimThought(text),
      queuedAt: nextQueueTime(),
      attempts: 0,
      origin,
      ...(entry ? { entry } : {}),
    }
    const holdOrUnsaved = async (item: QueuedOffer, retryInMs?: number): Promise<OfferOutcome> => {
      try {
        await hold(item, retryInMs === undefined ? {} : { retryInMs })
        return 'held'
      } catch (error) {
        console.error('The offer could not be stored for later', error)
        return 'unsaved'
      }
    }
    const waiting = (await deps.storage.list().catch(() => [])).filter(isWaitingOffer)
    if (!isOnline() || waiting.length > 0) return holdOrUnsaved(made)
    // Only an offer that is held is observed: its try and answer are told once it is.
    const told: OfferEvent[] = []
    const first = await attemptOffer(made, {
      send: (attempt) => deps.send(attempt),
      ...(deps.random ? { random: deps.random } : {}),
      by: 'page',
      why: 'offer',
      onEvent: (_offer, event) => told.push(event),
    })
    if (first.verdict === 'delivered') return 'offered'
    if (first.verdict === 'refused') {
      console.error('The Void refused the offer', first.answer)
      return 'refused'
    }
    // The attempt may have stored the row even if its answer was lost: the queue counts its 7 days
    // from it, and the next try waits as the policy said (backoff, Retry-After).
    for (const event of told) note(first.attempt, event)
    return holdOrUnsaved(first.attempt, first.retryInMs ?? undefined)
  }

  return {
    offer,
    refresh,
    requestFlush,
    hold,
    async withdraw(offer) {
      const outcome = await withFlushLock(async () => {
        const stillQueued = (await deps.storage.list()).some((o) => o.clientId === offer.clientId)
        if (!stillQueued) return 'gone' as const
        await handBack(offer, 'withdrawn')
        await deps.storage.take(offer)
        return 'withdrawn' as const
      })
      await refresh().catch(() => [])
      announceQueueChanged()
      return outcome
    },
    start() {
      const onOnline = () => void requestFlush('online')
      const onVisibility = () => {
        if (document.visibilityState === 'visible') void requestFlush('visible')
      }
      const onChannel = (event: MessageEvent) => {
        if (isOfferChannelMessage(event.data)) void refresh().catch(() => [])
      }
      window.addEventListener('online', onOnline)
      document.addEventListener('visibilitychange', onVisibility)
      channel = deps.openChannel?.()
      channel?.addEventListener('message', onChannel)
      let stopWorkerMessages: (() => void) | undefined
      let stopped = false
      void deps
        .onWorkerFlushRequest?.(() => void requestFlush('message'))
        .then((stop) => {
          if (stopped) stop()
          else stopWorkerMessages = stop
        })
        .catch(() => undefined)
      void refresh()
        .catch(() => [])
        .then(() => requestFlush('start'))
      return () => {
        stopped = true
        window.removeEventListener('online', onOnline)
        document.removeEventListener('visibilitychange', onVisibility)
        channel?.close()
        channel = undefined
        stopWorkerMessages?.()
        cancelRetry()
      }
    },
    async settle() {
      cancelRetry()
      await running
      cancelRetry()
    },
    nextTryAt: () => backoffDueAt,
  }
}

/** The BroadcastChannel of the offer queue, where the browser has one. */
export function openOfferChannel(): BroadcastChannel | undefined {
  return typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(OFFER_CHANNEL)
}
