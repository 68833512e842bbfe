/**
 * Brotli copies of the build's text files, written beside them (`react-….js.br`), and a preview
 * server (`npm start`) that sends them to a browser that takes Brotli.
 *
 * Vite's preview gzips each answer as it goes; most static hosts send Brotli, which is about an
 * eighth smaller on our scripts (React's chunk: 67 KB gzipped, 58 KB as Brotli). On a first visit to
 * /void over a slow phone network the scripts' bytes are most of the wait for the first paint
 * (issue 16: Lighthouse's LCP). Compressing at build time, at Brotli's best quality, costs the server
 * nothing per request. A host that serves precompressed files (nginx `brotli_static`, Caddy's
 * `precompressed`) can send the same copies; the service worker never sees them (its precache list
 * names only the originals).
 */
import {
  createReadStream,
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import type { ServerResponse } from 'node:http'
import { extname, join, resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import { pipeline } from 'node:stream'
import { brotliCompressSync, constants } from 'node:zlib'
import type { Plugin } from 'vite'
import { acceptsEncoding } from '../server/accept-encoding.ts'

/** The files worth compressing, and the type each is sent as (as Vite's preview names them). */
const TEXT_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.txt': 'text/plain',
}

/** Below this, a file is sent as it is (Vite's preview does not compress it either). */
const MIN_BYTES = 1024

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

/** Writes `file.br` beside every text file of `folder` of at least {@link MIN_BYTES}. */
export function writeBrotliCopies(folder: string): void {
  for (const file of filesUnder(folder)) {
    if (!(extname(file) in TEXT_TYPES)) continue
    const body = readFileSync(file)
    if (body.length < MIN_BYTES) continue
    const compressed = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    })
    writeFileSync(`${file}.br`, compressed)
  }
}

function addVary(response: ServerResponse, header: string): void {
  const vary = response.getHeader('Vary')
  response.setHeader('Vary', vary ? `${String(vary)}, ${header}` : header)
}

/**
 * A middleware that answers a GET or HEAD for a file of `folder` with its Brotli copy, when the
 * request takes Brotli and the copy exists and is not older than the file; anything else goes on to
 * Vite's own (gzip) handling.
 */
export function serveBrotliCopies(folder: string) {
  const root = resolve(folder)
  return (
    request: {
      method?: string
      url?: string
      headers: Record<string, string | string[] | undefined>
    },
    response: ServerResponse,
    next: () => void,
  ): void => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next()
    let path: string
    try {
      path = decodeURIComponent(new URL(request.url ?? '/', 'http://app').pathname)
    } catch {
      return next()
    }
    const type = TEXT_TYPES[extname(path)]
    const file = resolve(root, `.${path}`)
    if (!type || !file.startsWith(root + sep)) return next()
    let size: number
    let modified: number
    try {
      const copy = statSync(`${file}.br`)
      // A copy older than its file is stale (the file was written again after the build): not sent.
      if (statSync(file).mtimeMs > copy.mtimeMs) return next()
      size = copy.size
      modified = copy.mtimeMs
    } catch {
      return next()
    }
    // Whether or not this request takes Brotli, the answer depends on it.
    addVary(response, 'Accept-Encoding')
    if (!acceptsEncoding(request.headers['accept-encoding'], 'br')) return next()
    const etag = `W/"br-${size}-${Math.trunc(modified)}"`
    response.setHeader('Content-Type', type)
    response.setHeader('Content-Encoding', 'br')
    response.setHeader('Cache-Control', 'no-cache')
    response.setHeader('ETag', etag)
    if (request.headers['if-none-match'] === etag) {
      response.statusCode = 304
      response.end()
      return
    }
    response.setHeader('Content-Length', size)
    if (request.method === 'HEAD') {
      response.end()
      return
    }
    // The file stream is closed with the answer, also when the browser goes away mid-way.
    pipeline(createReadStream(`${file}.br`), response, () => {})
  }
}

/**
 * The preview sends the Brotli copies. They are written by `npm run build` after the bundler has
 * finished (this file run as a script), not in a bundler callback: at Brotli's best quality the
 * word lists take 20 s and more, and the bundler warned on every build that its callbacks ran
 * several times longer than the build.
 */
export function precompress(): Plugin {
  return {
    name: 'unburden:precompress',
    configurePreviewServer(server) {
      server.middlewares.use(
        serveBrotliCopies(resolve(server.config.root, server.config.build.outDir)),
      )
    },
  }
}

// `node --import tsx scripts/precompress.ts <folder>`: writes the copies of a finished build.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const folder = resolve(process.argv[2] ?? 'dist')
  if (!existsSync(folder)) {
    console.error(`No build in ${folder}: nothing to compress.`)
    process.exit(1)
  }
  writeBrotliCopies(folder)
}
