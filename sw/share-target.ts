/**
 * The Web Share Target: text shared from another app arrives as a POST to /share-target, and the
 * worker answers it itself. The words go into a cache of this device (src/shared/share-inbox.ts) and
 * the answer is a 303 to `/`, where the writer takes them; no request carrying them leaves the
 * device. A GET is sent on to `/` unread: the manifest shares by POST, and a link with words in
 * its query is nobody's share.
 *
 * Any page can post a form here, as the system's share sheet does. A post from a page of another
 * origin that says so (its referrer) is not kept; one that hides its referrer is, as a share, and
 * the writer says the words came from another app.
 */
import { registerRoute } from 'workbox-routing'
import {
  SHARE_CACHE,
  SHARE_MAX_BYTES,
  SHARE_MAX_WAITING,
  SHARE_TARGET_PATH,
  joinShared,
  shareKey,
  sharesInOrder,
  type SharedFields,
} from '../src/shared/share-inbox'

/** What answering a share needs. */
export interface ShareTargetDeps {
  cacheStorage: CacheStorage
  origin: string
  now?: () => number
  nonce?: () => string
}

const TEXT = {
  'Content-Type': 'text/plain; charset=utf-8',
  'Cache-Control': 'no-store',
  // Words any page may have posted here: never read as anything but text.
  'X-Content-Type-Options': 'nosniff',
}

async function readFields(request: Request): Promise<SharedFields> {
  const form = await request.formData()
  const field = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : null
  }
  return { title: field('title'), text: field('text'), url: field('url') }
}

/** True for a post this worker does not keep: from another origin's page, or too large to read. */
function notAShare(request: Request, origin: string): boolean {
  // A navigation the browser or the system began has none ('' or 'about:client').
  const from = /^https?:/.test(request.referrer) ? new URL(request.referrer).origin : origin
  if (from !== origin) return true
  return Number(request.headers.get('content-length') ?? 0) > SHARE_MAX_BYTES
}

/** The answer that sends the share's navigation on to the writer, `/`, with no query. */
const toWriter = (origin: string) => Response.redirect(new URL('/', origin).href, 303)

/**
 * Keeps the shared words for the writer and answers a 303 to `/`. When they cannot be kept (the
 * device's storage refused them), the answer is the words themselves, so the person can copy them.
 */
export async function answerShare(request: Request, deps: ShareTargetDeps): Promise<Response> {
  if (notAShare(request, deps.origin)) return toWriter(deps.origin)
  let text: string
  try {
    text = joinShared(await readFields(request))
  } catch {
    // A body that is not a form carries nothing the writer could take.
    return toWriter(deps.origin)
  }
  if (!text) return toWriter(deps.origin)
  try {
    const cache = await deps.cacheStorage.open(SHARE_CACHE)
    const now = deps.now ?? Date.now
    const nonce = deps.nonce ?? (() => crypto.randomUUID())
    await cache.put(shareKey(deps.origin, now(), nonce()), new Response(text, { headers: TEXT }))
    // Past the most kept, the oldest go: the share just made is the one the person is looking for.
    const waiting = await sharesInOrder(cache)
    for (const key of waiting.slice(0, Math.max(0, waiting.length - SHARE_MAX_WAITING)))
      await cache.delete(key)
  } catch {
    return new Response(text, { headers: TEXT })
  }
  return toWriter(deps.origin)
}

/** Routes the share's POST on this origin to `answerShare`, and its GET to `/`, unread. */
export function installShareTarget(scope: ServiceWorkerGlobalScope): void {
  const origin = scope.location.origin
  const isShare = ({ url }: { url: URL }) =>
    url.origin === origin && url.pathname === SHARE_TARGET_PATH
  const answer = ({ request }: { request: Request }) =>
    answerShare(request, { cacheStorage: scope.caches, origin })
  registerRoute(isShare, answer, 'POST')
  registerRoute(isShare, async () => toWriter(origin), 'GET')
}
