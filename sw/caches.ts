/** The worker's own runtime caches, versioned by name; any other `unburden-` cache is stale. */
import { VOID_FEED_CACHE } from './void-feed-runtime-cache'

/** The runtime caches this version uses. */
export const RUNTIME_CACHES: readonly string[] = [VOID_FEED_CACHE]

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
