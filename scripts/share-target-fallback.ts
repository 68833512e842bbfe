/**
 * A share that reaches the server (no service worker yet, or a platform that shares with a GET)
 * is sent on to the writer, `/`, instead of a 404. Its body and query are never read, logged or
 * kept: the words stay out of the server, and the installed app's worker answers the share itself
 * (sw/share-target.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Plugin } from 'vite'
import { SHARE_TARGET_PATH } from '../src/shared/share-inbox.ts'

/** Answers any request for the share target with a 303 to `/`; passes every other one on. */
export function redirectShareTarget(
  request: IncomingMessage,
  response: ServerResponse,
  next: () => void,
): void {
  if (request.url?.split('?')[0] !== SHARE_TARGET_PATH) return next()
  // Drained unread, so the connection can be reused.
  request.resume()
  response.statusCode = 303
  response.setHeader('Location', '/')
  response.setHeader('Cache-Control', 'no-store')
  response.end()
}

/** The redirect in Vite's dev server and in its preview (`npm start`). */
export function shareTargetFallback(): Plugin {
  return {
    name: 'unburden:share-target-fallback',
    configureServer: (server) => void server.middlewares.use(redirectShareTarget),
    configurePreviewServer: (server) => void server.middlewares.use(redirectShareTarget),
  }
}
