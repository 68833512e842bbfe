/**
 * Text shared into Unburden from another app (the manifest's `share_target`). The service worker
 * answers the share's POST itself and leaves the words in a cache of this device for the writer,
 * which takes them on its start: the words never reach a server (docs/offline.md, docs/privacy.md).
 */

/** Where a share arrives (manifest.webmanifest's `share_target.action`). */
export const SHARE_TARGET_PATH = '/share-target'

/** The cache that holds shared words until the writer has them: one entry per share. */
export const SHARE_CACHE = 'unburden-share-v1'

/**
 * The most characters of one share kept: more than a thought holds, so the writer still cuts it and
 * says so as for a paste, but a page posting megabytes to the share's address fills nothing.
 */
export const SHARE_MAX_CHARACTERS = 10_000

/** The largest share body read: a thought is a few kilobytes, its form a little more. */
export const SHARE_MAX_BYTES = 1_000_000

/**
 * The most shares kept waiting for the writer: a person shares one at a time and the writer takes
 * each as it opens, but any page can post to the share's address, in a loop.
 */
export const SHARE_MAX_WAITING = 20

/** The fields of a share, as the manifest names them. */
export interface SharedFields {
  title?: string | null
  text?: string | null
  url?: string | null
}

/**
 * One thought from a share: its text, or its title when it has no text; the link on a line of its
 * own when neither holds it already. Empty when nothing was shared.
 */
export function joinShared({ title, text, url }: SharedFields): string {
  const body = text?.trim() || title?.trim() || ''
  const link = url?.trim() ?? ''
  const joined = !link || body.includes(link) ? body : body ? `${body}\n${link}` : link
  // Cut between characters, never inside one (an emoji is two code units).
  return joined.length > SHARE_MAX_CHARACTERS
    ? [...joined.slice(0, SHARE_MAX_CHARACTERS + 1)].slice(0, -1).join('')
    : joined
}

/** The cache key of a share made at `time` (ms): keys sort in the order the shares came. */
export function shareKey(origin: string, time: number, nonce: string): string {
  return `${origin}${SHARE_TARGET_PATH}/${String(time).padStart(15, '0')}-${nonce}`
}

/** The share cache's keys in the order the shares came, oldest first. */
export async function sharesInOrder(cache: Cache): Promise<Request[]> {
  return [...(await cache.keys())].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0))
}
