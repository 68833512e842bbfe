/**
 * The request body: read only for a request that may act, never held past its limit (413), and
 * refused when it nests deeper than any request of the app does, before anything parses it.
 */
import type { IncomingMessage } from 'node:http'
import { ApiError, ClientGone } from './answer'

/** Deepest JSON a REST body may nest (the app's offer nests 1 deep). */
const BODY_MAX_DEPTH = 32

class TooLarge extends Error {}

/** True when the request says a body follows (a length above 0, or chunks). */
export function declaresBody(request: IncomingMessage): boolean {
  return (
    Number(request.headers['content-length'] ?? 0) > 0 ||
    request.headers['transfer-encoding'] !== undefined
  )
}

/**
 * The body, refused as soon as it passes `limit` (by its declared length, or while it arrives), so
 * nothing larger is ever held. A client that leaves before sending it all is gone, not an error.
 */
function readBody(request: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(request.headers['content-length'] ?? 0)
  if (declared > limit) return Promise.reject(new TooLarge())
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        request.removeAllListeners('data')
        request.resume()
        reject(new TooLarge())
      } else chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', () => reject(new ClientGone()))
    request.on('close', () => {
      if (!request.complete) reject(new ClientGone())
    })
  })
}

/** The body as text, or a 413 once it passes `limit`. */
export async function readLimited(request: IncomingMessage, limit: number): Promise<string> {
  try {
    return await readBody(request, limit)
  } catch (error) {
    if (!(error instanceof TooLarge)) throw error
    throw new ApiError(413, '54000', 'Request body is too large', `At most ${limit} bytes`)
  }
}

/** Refuses JSON nested deeper than BODY_MAX_DEPTH, in one pass, before anything parses it. */
export function checkBodyNesting(body: string): void {
  let depth = 0
  let quoted = false
  for (let i = 0; i < body.length; i++) {
    const ch = body.charCodeAt(i)
    if (quoted) {
      if (ch === 92)
        i++ // backslash
      else if (ch === 34) quoted = false
    } else if (ch === 34) quoted = true
    else if (ch === 91 || ch === 123) {
      if (++depth > BODY_MAX_DEPTH)
        throw new ApiError(
          400,
          'PGRST102',
          'Empty or invalid json',
          `The body nests more than ${BODY_MAX_DEPTH} levels deep`,
        )
    } else if (ch === 93 || ch === 125) depth--
  }
}
