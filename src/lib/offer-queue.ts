/**
 * The offer queue as the page runs it. Storage: src/lib/offer-queue-store.ts (IndexedDB). Policy:
 * src/shared/offer-queue-policy.ts. Wire: src/shared/offer-wire.ts (plain fetch, one offer a request,
 * the same request the service worker sends, so flushing never waits for supabase-js to load).
 * This module decides WHEN to flush and does what only a page can:
 * hand a refused or withdrawn offer's text back to the private entries, with a toast.
 *
 * Triggers: app start, the `online` event, the page becoming visible, the backoff timer, a message
 * from the service worker (Background Sync) and a newly held offer. One flusher at a time across tabs
 * and the service worker (Web Lock `unburden-offer-flush`); without Web Locks each tab still flushes
 * one at a time, and a repeat across tabs is harmless because the server ignores a repeated Idempotency-Key.
 */
import { isReport, type QueuedOffer } from '../shared/offer'
import {
  OFFER_CHANNEL,
  OFFER_FLUSH_LOCK,
  OFFER_SEND_TIMEOUT_MS,
  flushOfferQueue,
  isWaitingOffer,
  type FlushResult,
} from '../shared/offer-queue-policy'
import { postOffers } from '../shared/offer-wire'
import { useAppStore } from '../store'
import { env } from './env'
import {
  enqueueOffer,
  listOffers,
  offerQueueStorage,
  removeOffer,
  takeOffer,
} from './offer-queue-store'

/** What asked for a flush. A held offer waits for a running backoff; every other trigger does not. */
export type FlushTrigger = 'start' | 'online' | 'visible' | 'timer' | 'message' | 'held' | 'manual'

let running: Promise<void> | null = null
type Again = 'none' | 'held' | 'forced'
let again: Again = 'none'
/** Read through a call, so the compiler does not narrow it across the awaits that change it. */
const requestedAgain = (): Again => again
let backoffTimer: ReturnType<typeof setTimeout> | undefined
let channel: BroadcastChannel | undefined

/** Reloads the store's view of the waiting offers (reports are not shown) from IndexedDB. */
export async function refreshPendingOffers(): Promise<QueuedOffer[]> {
  const offers = (await listOffers()).filter((offer) => isWaitingOffer(offer) && !isReport(offer))
  useAppStore.getState().setPendingOffers(offers)
  return offers
}

function announceQueueChanged(): void {
  channel?.postMessage({ type: 'changed' })
}

/** Runs `work` while holding the flush lock (every tab and the service worker share it). */
function withFlushLock<T>(work: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !('locks' in navigator) || !navigator.locks) return work()
  return navigator.locks.request(OFFER_FLUSH_LOCK, work)
}

/**
 * Puts `offer`'s words back in the private entries and says so. Called before the offer leaves the
 * queue; the entries' storage is loaded first, so the entry is written before the offer is removed.
 */
async function handBack(offer: QueuedOffer, reason: 'refused' | 'withdrawn'): Promise<void> {
  // A report has no words to give back; the card stays hidden on this device.
  if (isReport(offer)) return
  const state = useAppStore.getState()
  await state.loadEntries()
  const now = Date.now()
  state.restoreEntry(
    offer.entry ?? { id: now, text: offer.text, date: new Date(now).toISOString() },
  )
  state.showToast(
    reason === 'refused'
      ? {
          title: 'The Void could not take these words',
          description: 'They are back in Return to Yourself, safe in your browser.',
          variant: 'destructive',
        }
      : {
          title: 'Kept private',
          description: 'Your words are back in Return to Yourself.',
        },
  )
}

/** Hands back offers the service worker found refused while no page was open. */
async function handBackRefusedByWorker(): Promise<void> {
  for (const offer of await listOffers()) {
    if (isWaitingOffer(offer)) continue
    await handBack(offer, 'refused')
    await removeOffer(offer)
  }
}

async function flushOnce(): Promise<FlushResult | null> {
  if (!navigator.onLine) return null
  return withFlushLock(async () => {
    await handBackRefusedByWorker()
    return flushOfferQueue({
      storage: offerQueueStorage,
      send: (offers) =>
        postOffers(
          (input, init) => fetch(input, init),
          { url: env.supabaseUrl, anonKey: env.supabaseAnonKey },
          offers,
          OFFER_SEND_TIMEOUT_MS,
        ),
      onRefused: async (offer, answer) => {
        console.error(`The Void refused a queued ${isReport(offer) ? 'report' : 'offer'}`, answer)
        await handBack(offer, 'refused')
        await removeOffer(offer)
      },
    })
  })
}

function scheduleRetry(delayMs: number): void {
  clearTimeout(backoffTimer)
  backoffTimer = setTimeout(() => {
    backoffTimer = undefined
    void requestOfferFlush('timer')
  }, delayMs)
}

/**
 * Asks the queue to deliver what it holds; resolves when this tab's flush is over. Requests made
 * during a flush are coalesced into one more pass.
 */
export function requestOfferFlush(trigger: FlushTrigger = 'manual'): Promise<void> {
  if (trigger === 'held' && backoffTimer !== undefined) return running ?? Promise.resolve()
  if (running) {
    if (again !== 'forced') again = trigger === 'held' ? 'held' : 'forced'
    return running
  }
  clearTimeout(backoffTimer)
  backoffTimer = undefined
  running = (async () => {
    let result: FlushResult | null
    for (;;) {
      again = 'none'
      result = await flushOnce().catch((error: unknown) => {
        console.error('The offer queue could not be flushed', error)
        return null
      })
      await refreshPendingOffers().catch(() => [])
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

/** Cancels the backoff timer and waits for a running flush to end (shutdown, tests). */
export async function settleOfferQueue(): Promise<void> {
  clearTimeout(backoffTimer)
  backoffTimer = undefined
  await running
  clearTimeout(backoffTimer)
  backoffTimer = undefined
}

/** Puts `offer` in the queue; resolves once it is durably stored. */
export async function holdOffer(offer: QueuedOffer): Promise<void> {
  await enqueueOffer(offer)
  announceQueueChanged()
  await refreshPendingOffers().catch(() => [])
  void import('./sw-bridge')
    .then(({ requestBackgroundSync }) => requestBackgroundSync())
    .catch(() => undefined)
  void requestOfferFlush('held')
}

/**
 * Takes a waiting offer back before it is sent: its words return to the private entries.
 * Answers `gone` when it was delivered (or withdrawn elsewhere) meanwhile.
 */
export async function withdrawOffer(offer: QueuedOffer): Promise<'withdrawn' | 'gone'> {
  const outcome = await withFlushLock(async () => {
    const stillQueued = (await listOffers()).some((o) => o.clientId === offer.clientId)
    if (!stillQueued) return 'gone' as const
    await handBack(offer, 'withdrawn')
    await takeOffer(offer)
    return 'withdrawn' as const
  })
  await refreshPendingOffers().catch(() => [])
  announceQueueChanged()
  return outcome
}

/** Starts the queue's triggers (app start, online, visible, other tabs, the service worker). */
export function startOfferQueue(): () => void {
  const onOnline = () => void requestOfferFlush('online')
  const onVisibility = () => {
    if (document.visibilityState === 'visible') void requestOfferFlush('visible')
  }
  const onChannel = () => void refreshPendingOffers().catch(() => [])
  window.addEventListener('online', onOnline)
  document.addEventListener('visibilitychange', onVisibility)
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(OFFER_CHANNEL)
    channel.addEventListener('message', onChannel)
  }
  let stopWorkerMessages: (() => void) | undefined
  let stopped = false
  void import('./sw-bridge')
    .then(({ onWorkerMessage }) => {
      if (stopped) return
      stopWorkerMessages = onWorkerMessage((message) => {
        if (message.type === 'FLUSH_OFFERS') void requestOfferFlush('message')
      })
    })
    .catch(() => undefined)
  void refreshPendingOffers()
    .catch(() => [])
    .then(() => requestOfferFlush('start'))
  return () => {
    stopped = true
    window.removeEventListener('online', onOnline)
    document.removeEventListener('visibilitychange', onVisibility)
    channel?.close()
    channel = undefined
    stopWorkerMessages?.()
    clearTimeout(backoffTimer)
    backoffTimer = undefined
  }
}
