/**
 * The app's own copy of the last Void feed it fetched: the first page, the total and when it was
 * fetched. When the wall cannot be reached, The Void shows this with a quiet note of its time
 * (docs/product.md, decision 7). It lives in localStorage under its own key; whatever is found
 * there is checked before use, so foreign or corrupt content is ignored, never trusted.
 */
import { isVoidThought, type VoidThought } from '../../../shared/void-rest'

/** localStorage key of the cached feed. */
export const VOID_FEED_CACHE_KEY = 'unburden-void-feed'

/** What is kept of the last feed. */
export interface CachedVoidFeed {
  thoughts: VoidThought[]
  total: number | null
  /** ISO time the feed was fetched from the backend. */
  fetchedAt: string
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

function defaultStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

/** Reads the cached feed; null when there is none or it is not a feed this app wrote. */
export function readCachedVoidFeed(
  storage: KeyValueStorage | null = defaultStorage(),
): CachedVoidFeed | null {
  try {
    const raw = storage?.getItem(VOID_FEED_CACHE_KEY)
    if (!raw) return null
    const value = JSON.parse(raw) as Record<string, unknown> | null
    if (typeof value !== 'object' || value === null) return null
    const { thoughts, total, fetchedAt } = value
    if (!Array.isArray(thoughts) || !thoughts.every(isVoidThought)) return null
    if (typeof fetchedAt !== 'string' || Number.isNaN(Date.parse(fetchedAt))) return null
    if (total !== null && typeof total !== 'number') return null
    return { thoughts, total, fetchedAt }
  } catch {
    return null
  }
}

/** Keeps `feed` as the last feed fetched. A full or refused storage is not an error: it is a cache. */
export function writeCachedVoidFeed(
  feed: CachedVoidFeed,
  storage: KeyValueStorage | null = defaultStorage(),
): void {
  try {
    storage?.setItem(VOID_FEED_CACHE_KEY, JSON.stringify(feed))
  } catch {
    // Quota exceeded or storage disabled: the next visit simply has no cached feed.
  }
}
