/**
 * The words a share from another app left for the writer (the service worker's share target,
 * src/shared/share-inbox.ts). Loaded with `import()` after the first paint, so the writer's first
 * paint carries none of it.
 */
import { SHARE_CACHE } from '../../shared/share-inbox'

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
  const keys = [...(await cache.keys())].sort((a, b) =>
    a.url < b.url ? -1 : a.url > b.url ? 1 : 0,
  )
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

/** Puts words into the editor as a paste would: `join` makes the editor's next text from its draft. */
export type InsertShared = (join: (draft: string) => string) => void

let taking: Promise<void> | null = null

/**
 * Hands waiting shares to the editor, after the draft it holds (a blank line between), then
 * forgets them. Once at a time: a second call while one runs (a remount) inserts nothing more.
 * When anything fails, the shares stay for the writer's next start.
 */
export function takeSharedText(insert: InsertShared, cacheStorage?: CacheStorage): Promise<void> {
  taking ??= (async () => {
    const shared = await findSharedText(cacheStorage)
    if (!shared) return
    insert((draft) => (draft.trim() ? `${draft}\n\n${shared.text}` : shared.text))
    document.getElementById('thought')?.focus()
    await shared.taken()
  })()
    .catch(() => undefined)
    .finally(() => (taking = null))
  return taking
}
