/**
 * Text shared into Unburden from another app (the manifest's `share_target`). The service worker
 * answers the share's POST itself and leaves the words in a cache of this device for the writer,
 * which takes them on its start: the words never reach a server (docs/offline.md, docs/privacy.md).
 */

/** Where a share arrives (manifest.webmanifest's `share_target.action`). */
export const SHARE_TARGET_PATH = '/share-target'

/** The cache that holds shared words until the writer has them: one entry per share. */
export const SHARE_CACHE = 'unburden-share-v1'

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
  if (!link || body.includes(link)) return body
  return body ? `${body}\n${link}` : link
}

/** The cache key of a share made at `time` (ms): keys sort in the order the shares came. */
export function shareKey(origin: string, time: number, nonce: string): string {
  return `${origin}${SHARE_TARGET_PATH}/${String(time).padStart(15, '0')}-${nonce}`
}
