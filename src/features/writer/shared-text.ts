/**
 * The words a share from another app left for the writer (the service worker's share target,
 * src/shared/share-inbox.ts). Loaded with `import()` after the first paint, so the writer's first
 * paint carries none of it.
 */
import { SHARE_CACHE, sharesInOrder } from '../../shared/share-inbox'

/** Shared words waiting for the editor. */
export interface SharedText {
  /** Every waiting share, oldest first, a blank line between two. */
  text: string
  /** Forgets these shares: called once their words are in the editor, never before. */
  taken: () => Promise<void>
}

/** The shares waiting on this device, or null when there are none. */
export async function findSharedText(
  cacheStorage: CacheStorage | undefined = globalThis.caches,
): Promise<SharedText | null> {
  // Opening the cache would make it: a start with no share leaves nothing behind.
  if (!cacheStorage || !(await cacheStorage.has(SHARE_CACHE))) return null
  const cache = await cacheStorage.open(SHARE_CACHE)
  const keys = await sharesInOrder(cache)
  const texts: string[] = []
  for (const key of keys) texts.push((await (await cache.match(key))?.text())?.trim() ?? '')
  const text = texts.filter(Boolean).join('\n\n')
  const taken = async () => void (await Promise.all(keys.map((key) => cache.delete(key))))
  if (!text) {
    await taken()
    return null
  }
  return { text, taken }
}

/**
 * Puts words into the editor as a paste would: `join` makes the editor's next text from its draft.
 * False when the editor is gone (the writer left meanwhile): nothing was put in.
 */
export type InsertShared = (join: (draft: string) => string) => boolean

/** The lock the tabs of this origin take shares under, one at a time. */
const SHARE_LOCK = 'unburden-share'

/** Where the browser has no Web Locks: the takes of this tab, one after the other. */
let inThisTab: Promise<void> = Promise.resolve()

/** Runs `take` alone among this origin's tabs (Web Locks), or at least within this tab. */
function alone(take: () => Promise<void>): Promise<void> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks
  if (locks) return locks.request(SHARE_LOCK, take)
  const next = inThisTab.then(take)
  inThisTab = next.catch(() => undefined)
  return next
}

/**
 * Hands waiting shares to the editor, after the draft it holds (a blank line between), then
 * forgets them: only once they are in the editor, never before. One tab at a time, so two tabs
 * never both take a share. When anything fails, or the editor is gone, the shares stay for the
 * writer's next start.
 */
export function takeSharedText(insert: InsertShared, cacheStorage?: CacheStorage): Promise<void> {
  return alone(async () => {
    const shared = await findSharedText(cacheStorage)
    if (!shared) return
    if (!insert((draft) => (draft.trim() ? `${draft}\n\n${shared.text}` : shared.text))) return
    await shared.taken()
  }).catch(() => undefined)
}
