/**
 * Loading The Void's feed into the store. The first page asks for the wall's total; later pages follow
 * the last row shown (keyset on `created_at desc, id desc`). A page is never requested twice at once,
 * and a page that arrives after the feed was replaced is dropped. When the wall cannot be reached, the
 * last feed the app kept is shown with the time it was fetched; with none, the screen offers Retry.
 * Stale while revalidate: when nothing is on screen yet, the feed the app kept is painted at once
 * (without the "last fetched" note) and replaced in place when the wall answers; the note appears only
 * when that refresh fails. The first request may already be on its way (src/features/void/api/void-first-page.ts).
 */
import { fetchVoidPage } from '../api/void-api'
import { readCachedVoidFeed, writeCachedVoidFeed } from './void-feed-cache'
import { takeVoidFirstPage } from '../api/void-first-page'
import { VOID_PAGE_SIZE } from '../../../shared/void-rest'
import { useVoidFeedStore } from './void-feed-store'

let firstPageInFlight: Promise<void> | null = null
/** Bumped whenever the first page is shown again, so a next page meant for the old feed is dropped. */
let generation = 0

/** Loads (or reloads) the first page. What is on screen stays until the answer arrives. */
export function loadVoidFeed(): Promise<void> {
  firstPageInFlight ??= (async () => {
    const store = useVoidFeedStore.getState()
    store.startVoidFeed()
    const request = takeVoidFirstPage() ?? fetchVoidPage(null, { withTotal: true })
    const kept =
      useVoidFeedStore.getState().voidFeed.status === 'ready' ? null : readCachedVoidFeed()
    if (kept) store.showVoidFeed({ ...kept, hasMore: false, fetchedAt: null })
    try {
      const page = await request
      generation++
      const hasMore =
        page.rows.length === VOID_PAGE_SIZE &&
        (page.total === null || page.total > page.rows.length)
      // An answer from the service worker's cache is shown as it was, without paging further.
      store.showVoidFeed({
        thoughts: page.rows,
        total: page.total,
        hasMore: hasMore && !page.cachedAt,
        fetchedAt: page.cachedAt,
      })
      if (!page.cachedAt) {
        writeCachedVoidFeed({
          thoughts: page.rows,
          total: page.total,
          fetchedAt: new Date().toISOString(),
        })
      }
    } catch (error) {
      console.error('The Void could not be read', error)
      if (kept) {
        store.showVoidFeed({ ...kept, hasMore: false })
        return
      }
      if (useVoidFeedStore.getState().voidFeed.status === 'ready') return
      const cached = readCachedVoidFeed()
      if (cached) {
        generation++
        store.showVoidFeed({ ...cached, hasMore: false })
      } else {
        store.failVoidFeed()
      }
    } finally {
      firstPageInFlight = null
    }
  })()
  return firstPageInFlight
}

/** When {@link loadVoidFeedBeforeFirstRender} last loaded the feed (ms since the epoch). */
let loadedBeforeRenderAt = 0
/** For that long, the screen's arrival takes the start's load as its own (as the early request). */
const START_LOAD_FRESH_MS = 10_000

/**
 * When the app opens on The Void: starts loading the first page before React first renders, and
 * resolves when it is in or after `waitMs`, whichever comes first, or at once when the feed kept on
 * this device is already on the wall (stale while revalidate). The first render then shows the wall
 * rather than "Loading thoughts..." and the wall one render later; a slow network only delays the
 * first paint by `waitMs`. The screen's arrival soon after does not load the feed a second time.
 */
export function loadVoidFeedBeforeFirstRender(waitMs: number): Promise<void> {
  loadedBeforeRenderAt = Date.now()
  const loading = loadVoidFeed()
  if (useVoidFeedStore.getState().voidFeed.status === 'ready') return Promise.resolve()
  return Promise.race([loading, new Promise<void>((resolve) => setTimeout(resolve, waitMs))])
}

/** Loads the first page as the screen arrives, unless the app's start just has (or is). */
export function loadVoidFeedOnArrival(): Promise<void> {
  if (Date.now() - loadedBeforeRenderAt < START_LOAD_FRESH_MS)
    return firstPageInFlight ?? Promise.resolve()
  return loadVoidFeed()
}

/** Loads the page after the last thought shown, unless one is already on its way or none is left. */
export async function loadMoreVoidThoughts(): Promise<void> {
  const store = useVoidFeedStore.getState()
  const { voidFeed } = store
  if (firstPageInFlight || voidFeed.status !== 'ready') return
  if (!voidFeed.hasMore || voidFeed.more === 'loading') return
  const last = voidFeed.thoughts.at(-1)
  if (!last) return
  const pageOf = generation
  store.setVoidFeedMore('loading')
  try {
    const page = await fetchVoidPage({ created_at: last.created_at, id: last.id })
    if (pageOf !== generation) return
    store.appendVoidPage(page.rows, page.rows.length === VOID_PAGE_SIZE)
  } catch (error) {
    console.error('More of The Void could not be read', error)
    if (pageOf === generation) store.setVoidFeedMore('error')
  }
}
