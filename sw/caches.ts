/** The worker's own runtime caches, versioned by name; any other `unburden-` cache is stale. */
import { SHARE_CACHE } from '../src/shared/share-inbox'
import { VOID_FEED_CACHE } from './void-feed-runtime-cache'

/**
 * The runtime caches this version uses. The share cache is kept across versions: it may hold words
 * a share left that the writer has not taken yet.
 */
export const RUNTIME_CACHES: readonly string[] = [VOID_FEED_CACHE, SHARE_CACHE]

/** Deletes every `unburden-` cache this version does not use; answers the names deleted. */
export async function deleteStaleCaches(
  cacheStorage: CacheStorage,
  keep: readonly string[] = RUNTIME_CACHES,
): Promise<string[]> {
  const stale = (await cacheStorage.keys()).filter(
    (name) => name.startsWith('unburden-') && !keep.includes(name),
  )
  await Promise.all(stale.map((name) => cacheStorage.delete(name)))
  return stale
}
