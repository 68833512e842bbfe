/**
 * The live wall (docs/product.md, decision 16): while The Void shows a fresh feed, asks for the
 * thoughts newer than the newest known on the schedule of
 * src/features/void/model/live-wall-schedule.ts (every 30 s at most, none while the page is hidden
 * or offline, backing off on errors) and keeps them in the store until the reader reveals them. A
 * failed ask is only logged: what the reader has stays.
 */
import { useEffect, useSyncExternalStore } from 'react'
import { onReportedThoughtsChange, reportedThoughts } from '../model/reported-thoughts'
import { fetchNewerVoidThoughts } from '../api/void-api'
import { startLiveWallPoller } from '../model/live-wall-schedule'
import { thoughtsToReveal } from '../model/thoughts-to-reveal'
import type { VoidThought } from '../../../shared/void-rest'
import { useAppStore } from '../../../store'
import { freshNotShown, newestKnown } from '../model/new-thoughts'
import { useVoidFeedStore } from '../model/void-feed-store'

const browserClock = {
  now: () => Date.now(),
  setTimeout: (run: () => void, ms: number) => window.setTimeout(run, ms),
  clearTimeout: (timer: unknown) => window.clearTimeout(timer as number),
}

async function askForNewThoughts(): Promise<void> {
  const feed = useVoidFeedStore.getState().voidFeed
  // Only a feed read from the wall itself is followed (a cached one has Retry).
  if (feed.status !== 'ready' || feed.fetchedAt) return
  const newest = newestKnown(feed)
  const rows = await fetchNewerVoidThoughts(
    newest ? { created_at: newest.created_at, id: newest.id } : null,
  )
  useVoidFeedStore.getState().keepFreshVoidThoughts(rows)
}

/** Follows the wall while the screen is open. */
export function useLiveWall(): void {
  const following = useVoidFeedStore((s) => s.voidFeed.status === 'ready' && !s.voidFeed.fetchedAt)
  useEffect(() => {
    if (!following) return
    const poller = startLiveWallPoller(
      () =>
        askForNewThoughts().catch((error: unknown) => {
          console.warn('New thoughts could not be read', error)
          throw error
        }),
      browserClock,
      { visible: document.visibilityState === 'visible', online: navigator.onLine },
    )
    const onVisibility = () => poller.setVisible(document.visibilityState === 'visible')
    const onOnline = () => poller.setOnline(true)
    const onOffline = () => poller.setOnline(false)
    document.addEventListener('visibilitychange', onVisibility)
    window.addEventListener('online', onOnline)
    window.addEventListener('offline', onOffline)
    return () => {
      poller.stop()
      document.removeEventListener('visibilitychange', onVisibility)
      window.removeEventListener('online', onOnline)
      window.removeEventListener('offline', onOffline)
    }
  }, [following])
}

/** The new thoughts the button counts and reveals (see src/features/void/model/thoughts-to-reveal.ts). */
export function useNewThoughts(): VoidThought[] {
  const feed = useVoidFeedStore((s) => s.voidFeed)
  const waiting = useAppStore((s) => s.pendingOffers)
  const reported = useSyncExternalStore(onReportedThoughtsChange, reportedThoughts)
  return thoughtsToReveal(freshNotShown(feed), {
    reported,
    waitingTexts: waiting.map((offer) => offer.text),
  })
}
