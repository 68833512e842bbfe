/** An answer's body, gzipped when the client accepts it and it is worth it. */
import type { IncomingMessage } from 'node:http'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import { acceptsEncoding } from './accept-encoding'
import type { Answer } from './answer'

/** Bodies smaller than this are sent as they are: compressing them saves less than it costs. */
const GZIP_MIN_BYTES = 1024

/** Off the main thread (the thread pool), which on PGlite also runs the database. */
const gzipAsync = promisify(gzip)

/**
 * The answer's body, gzipped when the client accepts it and it is worth it, as hosted Supabase's
 * gateway sends it. A body that could be gzipped says so in `Vary` either way.
 */
export async function encodeBody(
  request: IncomingMessage,
  answer: Answer,
): Promise<{ headers: Record<string, string>; body: string | Buffer }> {
  if (Buffer.byteLength(answer.body) < GZIP_MIN_BYTES)
    return { headers: answer.headers, body: answer.body }
  const headers = { ...answer.headers, vary: 'Accept-Encoding' }
  if (!acceptsEncoding(request.headers['accept-encoding'], 'gzip'))
    return { headers, body: answer.body }
  return {
    headers: { ...headers, 'content-encoding': 'gzip' },
    body: await gzipAsync(answer.body, { level: 6 }),
  }
}
