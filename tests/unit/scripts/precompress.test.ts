import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveBrotliCopies, writeBrotliCopies } from '../../../scripts/precompress'

/** A script long enough to be worth compressing. */
const SCRIPT = `export const lines = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `line ${i}`))}\n`

let folder: string
let outside: string
let server: Server
let port: number

/** The raw answer (no decoding), as a browser's network layer receives it. */
function get(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}> {
  return new Promise((done, fail) => {
    const asked = request({ port, path, method, headers }, (answer) => {
      const chunks: Buffer[] = []
      answer.on('data', (chunk: Buffer) => chunks.push(chunk))
      answer.on('end', () =>
        done({
          status: answer.statusCode ?? 0,
          headers: answer.headers,
          body: Buffer.concat(chunks),
        }),
      )
    })
    asked.on('error', fail)
    asked.end()
  })
}

/** Asks for `path` and expects the request passed on to Vite's own handling, untouched. */
async function expectPassedOn(path: string, accept: string) {
  const answer = await get(path, { 'accept-encoding': accept })
  expect([
    path,
    accept,
    answer.status,
    answer.body.toString(),
    answer.headers['content-encoding'],
  ]).toEqual([path, accept, 299, 'passed on', undefined])
  return answer
}

beforeAll(async () => {
  outside = mkdtempSync(join(tmpdir(), 'unburden-precompress-'))
  folder = join(outside, 'dist')
  mkdirSync(join(folder, 'assets'), { recursive: true })
  writeFileSync(join(folder, 'assets', 'app-1234.js'), SCRIPT)
  writeFileSync(join(folder, 'assets', 'tiny-1234.js'), 'export {}\n')
  writeFileSync(join(folder, 'assets', 'picture.png'), Buffer.alloc(4096, 7))
  writeFileSync(join(folder, 'sw.js'), SCRIPT)
  writeFileSync(join(outside, 'secret.js'), SCRIPT)
  writeFileSync(join(outside, 'secret.js.br'), 'not for the app to send')
  writeBrotliCopies(folder)
  const serve = serveBrotliCopies(folder)
  server = createServer((req, res) =>
    serve(req, res, () => {
      // What Vite's own handling would answer: here, the original as it is.
      res.statusCode = 299
      res.end('passed on')
    }),
  )
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  await new Promise((closed) => server.close(closed))
  rmSync(outside, { recursive: true, force: true })
})

describe('the build’s Brotli copies', () => {
  it('are written beside each text file worth compressing, and decompress to it', () => {
    expect(readdirSync(join(folder, 'assets')).sort()).toEqual([
      'app-1234.js',
      'app-1234.js.br',
      'picture.png',
      'tiny-1234.js',
    ])
    const copy = readFileSync(join(folder, 'assets', 'app-1234.js.br'))
    expect(brotliDecompressSync(copy).toString()).toBe(SCRIPT)
    expect(copy.length).toBeLessThan(SCRIPT.length / 3)
    expect(brotliDecompressSync(readFileSync(join(folder, 'sw.js.br'))).toString()).toBe(SCRIPT)
  })
})

describe('the preview’s Brotli answers', () => {
  it('sends the copy to a browser that takes Brotli, typed as the original', async () => {
    const answer = await get('/assets/app-1234.js', { 'accept-encoding': 'gzip, deflate, br' })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe('br')
    expect(answer.headers['content-type']).toBe('text/javascript')
    expect(answer.headers.vary).toBe('Accept-Encoding')
    expect(answer.headers['cache-control']).toBe('no-cache')
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT)
  })

  it('passes on a request that does not take Brotli, or refuses it by weight, saying it varies', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip', 'br;q=0, *', 'BR;Q=0', '']) {
      const answer = await expectPassedOn('/assets/app-1234.js', accept)
      expect(answer.headers.vary).toBe('Accept-Encoding')
    }
  })

  it('passes on what has no copy: a small file, an image, a route, a missing file', async () => {
    for (const path of ['/assets/tiny-1234.js', '/assets/picture.png', '/void', '/assets/gone.js'])
      await expectPassedOn(path, 'br')
  })

  it('never sends a file from outside the build, however the path is written', async () => {
    for (const path of [
      '/../secret.js',
      '/assets/..%2f..%2fsecret.js',
      '/%2e%2e/secret.js',
      '/%E0%A4%A.js',
    ])
      await expectPassedOn(path, 'br')
  })

  it('passes on a file written again after its copy, rather than send the stale copy', async () => {
    writeFileSync(join(folder, 'assets', 'again-1234.js'), SCRIPT)
    writeBrotliCopies(folder)
    const later = new Date(Date.now() + 5_000)
    writeFileSync(join(folder, 'assets', 'again-1234.js'), `${SCRIPT}// the next build\n`)
    utimesSync(join(folder, 'assets', 'again-1234.js'), later, later)
    await expectPassedOn('/assets/again-1234.js', 'br')
  })

  it('answers a repeat request for an unchanged copy with 304, and a HEAD without a body', async () => {
    const first = await get('/assets/app-1234.js', { 'accept-encoding': 'br' })
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^W\/"br-/)
    const again = await get('/assets/app-1234.js', {
      'accept-encoding': 'br',
      'if-none-match': etag,
    })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    const head = await get('/assets/app-1234.js', { 'accept-encoding': 'br' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers['content-length']).toBe(String(first.body.length))
    expect(head.body.length).toBe(0)
  })
})
