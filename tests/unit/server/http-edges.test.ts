/**
 * The local backend's edges against a hostile page or a slow client (it runs on a laptop that also
 * opens any web page): refusals are decided from the headers before a body is read, a request must
 * arrive whole within the request timeout, and the service_role key is refused from a browser page.
 * Every refusal is a PostgREST JSON error with a 4xx. These are the HTTP layer's, the same on either
 * engine, so they run on PGlite only.
 */
import { connect, type Socket } from 'node:net'
import { hostname } from 'node:os'
import { describe, expect, it } from 'vitest'
import { optionsFromEnv } from '../../../server/config'
import { isOwnHost, ownHosts } from '../../../server/edge/host'
import { LOCAL_JWT_SECRET, signJwt } from '../../../server/jwt'
import {
  emptyWall,
  ownerRows,
  realFetch,
  useTestBackend,
  voidClient,
  type TestBackend,
} from './support/backend'

/** Short, so a test waits little for it; long enough for a loaded machine to send a small request. */
const REQUEST_TIMEOUT_MS = 1000
const APP_PORT = 4998
const TABLE = 'void_thoughts'
/** A name the backend is told to answer to (API_ALLOWED_HOSTS), as a tunnel would call it. */
const TUNNEL = 'tunnel.example'
const service = signJwt({ role: 'service_role' }, LOCAL_JWT_SECRET)

/** An answer read off a raw socket, or null when none came in `waitMs`. */
interface RawAnswer {
  status: number
  headers: Record<string, string>
  body: string
  /** Bytes of the body the client had written when the answer began. */
  bodyBytesSent: number
}

/** A chunked body's content. */
function unchunk(raw: string): string {
  let body = ''
  let at = 0
  for (;;) {
    const end = raw.indexOf('\r\n', at)
    const size = parseInt(raw.slice(at, end), 16)
    if (!(size > 0)) return body
    body += raw.slice(end + 2, end + 2 + size)
    at = end + 2 + size + 2
  }
}

/**
 * Writes `head` (request line and headers, without the blank line), then `body` in `chunk`-sized
 * pieces every `everyMs`, until the whole of it is sent or an answer arrives; resolves with the answer
 * once the server closes the connection, or null after `waitMs`.
 */
function rawRequest(
  port: number,
  head: string,
  options: { body?: Buffer; chunk?: number; everyMs?: number; waitMs: number },
): Promise<RawAnswer | null> {
  const { body = Buffer.alloc(0), chunk = 64 * 1024, everyMs = 20, waitMs } = options
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1')
    const received: Buffer[] = []
    let sent = 0
    let sentWhenAnswered = -1
    let pump: NodeJS.Timeout | undefined
    const finish = (answer: RawAnswer | null) => {
      clearTimeout(timer)
      clearInterval(pump)
      socket.destroy()
      resolve(answer)
    }
    const timer = setTimeout(() => finish(null), waitMs)
    socket.on('error', () => {})
    socket.on('data', (data: Buffer) => {
      if (sentWhenAnswered < 0) sentWhenAnswered = sent
      received.push(data)
    })
    socket.on('close', () => {
      const text = Buffer.concat(received).toString('utf8')
      const split = text.indexOf('\r\n\r\n')
      if (split < 0) return finish(null)
      const [statusLine, ...lines] = text.slice(0, split).split('\r\n')
      const headers = Object.fromEntries(
        lines.map((line) => {
          const at = line.indexOf(':')
          return [line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()]
        }),
      )
      finish({
        status: Number(statusLine!.split(' ')[1]),
        headers,
        body:
          headers['transfer-encoding'] === 'chunked'
            ? unchunk(text.slice(split + 4))
            : text.slice(split + 4),
        bodyBytesSent: sentWhenAnswered,
      })
    })
    socket.on('connect', () => {
      socket.write(`${head}\r\n\r\n`)
      pump = setInterval(() => {
        if (sentWhenAnswered >= 0 || sent >= body.length || !socket.writable)
          return clearInterval(pump)
        socket.write(body.subarray(sent, sent + chunk))
        sent = Math.min(body.length, sent + chunk)
      }, everyMs)
    })
  })
}

describe('the local backend at its edges', () => {
  let backend: TestBackend
  useTestBackend('pglite', {
    options: { requestTimeoutMs: REQUEST_TIMEOUT_MS, appPort: APP_PORT, allowedHosts: [TUNNEL] },
    started: (started) => (backend = started),
    eachTest: (started) => emptyWall(started),
  })
  const host = () => `127.0.0.1:${backend.port}`
  const json = (answer: RawAnswer | null) => JSON.parse(answer?.body ?? 'null') as unknown

  describe('a control request is refused from its headers, before its body is read', () => {
    // 62 MB declared (under the controls' 64 MiB cap), sent slowly: the answer must come long before.
    const big = Buffer.alloc(62 * 1024 * 1024, 'x')

    it.each([
      ['without the token', {}],
      ['from a page of another origin, with the token', { origin: 'http://evil.example' }],
    ])('%s: 403 while the client is still sending', async (_, extra) => {
      const token = 'origin' in extra ? `\r\nx-unburden-control-token: ${backend.controlToken}` : ''
      const origin = 'origin' in extra ? `\r\norigin: ${extra.origin}` : ''
      const answer = await rawRequest(
        backend.port,
        `POST /__seed HTTP/1.1\r\nhost: ${host()}\r\ncontent-type: application/json\r\n` +
          `content-length: ${big.length}${token}${origin}`,
        { body: big, waitMs: 5000 },
      )
      expect(answer?.status).toBe(403)
      expect(json(answer)).toMatchObject({ code: '42501', hint: null })
      // Answered with almost none of the body sent: the server never waited for it.
      expect(answer!.bodyBytesSent).toBeLessThan(big.length / 10)
      expect(answer!.headers.connection).toBe('close')
      expect(await ownerRows(backend)).toEqual([])
    })

    it('a declared body that never comes: 403 at once, without the token', async () => {
      const started = performance.now()
      const answer = await rawRequest(
        backend.port,
        `POST /__reset HTTP/1.1\r\nhost: ${host()}\r\ncontent-length: 50000000`,
        { waitMs: REQUEST_TIMEOUT_MS / 2 },
      )
      expect(answer?.status).toBe(403)
      expect(performance.now() - started).toBeLessThan(REQUEST_TIMEOUT_MS / 2)
    })
  })

  describe('a REST request is refused from its headers, before its body is read', () => {
    it('without a key: 401 at once, though its body never comes', async () => {
      const answer = await rawRequest(
        backend.port,
        `POST /rest/v1/${TABLE} HTTP/1.1\r\nhost: ${host()}\r\ncontent-type: application/json\r\n` +
          `content-length: 500000`,
        { waitMs: REQUEST_TIMEOUT_MS / 2 },
      )
      expect(answer?.status).toBe(401)
      expect(json(answer)).toMatchObject({ code: 'PGRST301' })
    })
  })

  describe('a request must arrive whole within the request timeout', () => {
    it('a control request with the token whose declared body never comes: 408', async () => {
      const answer = await rawRequest(
        backend.port,
        `POST /__seed HTTP/1.1\r\nhost: ${host()}\r\ncontent-length: 50000000\r\n` +
          `x-unburden-control-token: ${backend.controlToken}`,
        { waitMs: REQUEST_TIMEOUT_MS * 4 },
      )
      expect(answer?.status).toBe(408)
      expect(json(answer)).toEqual({
        code: '57P05',
        message: 'The request did not arrive in time',
        details: `The whole request must arrive within ${REQUEST_TIMEOUT_MS} ms`,
        hint: null,
      })
      expect(answer!.headers['content-type']).toMatch(/^application\/json/)
    })

    it('an offer whose body stops half way: 408, and nothing is stored', async () => {
      const body = JSON.stringify({ text: 'never finished' })
      const answer = await rawRequest(
        backend.port,
        `POST /rest/v1/${TABLE} HTTP/1.1\r\nhost: ${host()}\r\napikey: ${backend.anonKey}\r\n` +
          `content-type: application/json\r\ncontent-length: ${body.length + 10}`,
        { body: Buffer.from(body), waitMs: REQUEST_TIMEOUT_MS * 4 },
      )
      expect(answer?.status).toBe(408)
      expect(await ownerRows(backend)).toEqual([])
    })

    it('headers sent a byte at a time, never finished (slowloris): 408', async () => {
      const socket = connect(backend.port, '127.0.0.1')
      const received: Buffer[] = []
      socket.on('data', (data: Buffer) => received.push(data))
      socket.on('error', () => {})
      const head = `GET /rest/v1/${TABLE}?select=id HTTP/1.1\r\nhost: ${host()}\r\nx-slow: `
      let at = 0
      const drip = setInterval(() => {
        if (!socket.writable) return clearInterval(drip)
        socket.write(at < head.length ? head[at++]! : 'a')
      }, 50)
      const closed = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), REQUEST_TIMEOUT_MS * 4)
        socket.on('close', () => {
          clearTimeout(timer)
          resolve(true)
        })
      })
      clearInterval(drip)
      socket.destroy()
      expect(closed).toBe(true)
      expect(Buffer.concat(received).toString('utf8')).toMatch(/^HTTP\/1\.1 408 [^]*"57P05"/)
    })

    it('a body that arrives in pieces within the timeout is taken', async () => {
      const body = Buffer.from(JSON.stringify({ text: 'slow but whole' }))
      const answer = await rawRequest(
        backend.port,
        `POST /rest/v1/${TABLE} HTTP/1.1\r\nhost: ${host()}\r\napikey: ${backend.anonKey}\r\n` +
          `content-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: close`,
        { body, chunk: 8, everyMs: 40, waitMs: REQUEST_TIMEOUT_MS * 4 },
      )
      expect(answer?.status).toBe(201)
      expect((await ownerRows(backend)).map((row) => row.text)).toEqual(['slow but whole'])
    })
  })

  describe('the service_role key', () => {
    const rows = Array.from({ length: 500 }, (_, i) => ({ text: `flood ${i}` }))
    const post = (origin?: string) =>
      realFetch(`${backend.url}/rest/v1/${TABLE}`, {
        method: 'POST',
        headers: {
          apikey: service,
          authorization: `Bearer ${service}`,
          'content-type': 'application/json',
          ...(origin === undefined ? {} : { origin }),
        },
        body: JSON.stringify(rows),
      })

    it.each([
      ["another site's page", 'http://evil.example'],
      ["the app's own page", `http://localhost:${APP_PORT}`],
      ['a sandboxed page (Origin: null)', 'null'],
    ])('from %s: 403, and no row is stored', async (_, origin) => {
      const refused = await post(origin)
      expect(refused.status).toBe(403)
      expect(await refused.json()).toMatchObject({
        code: '42501',
        message: 'The service_role key is not accepted from a browser page',
      })
      const read = await realFetch(`${backend.url}/rest/v1/${TABLE}?select=id`, {
        headers: { apikey: service, origin },
      })
      expect(read.status).toBe(403)
      expect(await ownerRows(backend)).toEqual([])
    })

    it('without an Origin (curl, scripts, supabase-js in Node) or from its own origin, it works', async () => {
      expect((await post()).status).toBe(201)
      expect((await post(`http://${new URL(backend.url).host}`)).status).toBe(201)
      const { count, status } = await voidClient(backend.url, service)
        .from(TABLE)
        .select('*', { count: 'exact', head: true })
      expect({ status, count }).toEqual({ status: 200, count: 1000 })
    })

    it('the anon key from any page keeps working, as the app uses it', async () => {
      const offered = await realFetch(`${backend.url}/rest/v1/${TABLE}`, {
        method: 'POST',
        headers: {
          apikey: backend.anonKey,
          'content-type': 'application/json',
          origin: `http://localhost:${APP_PORT}`,
        },
        body: JSON.stringify({ text: 'from the app' }),
      })
      expect(offered.status).toBe(201)
      expect(offered.headers.get('access-control-allow-origin')).toBe('*')
    })
  })

  describe('it answers only to its own hosts: any other Host is 421 (DNS rebinding)', () => {
    /** A request with `host` as its Host header; its answer, the connection closed after it. */
    const ask = (host: string | null, request: string, headers: string[] = [], body?: string) =>
      rawRequest(
        backend.port,
        [
          request,
          ...(host === null ? [] : [`host: ${host}`]),
          'connection: close',
          ...headers,
          ...(body === undefined ? [] : [`content-length: ${Buffer.byteLength(body)}`]),
        ].join('\r\n'),
        { waitMs: 5000, ...(body === undefined ? {} : { body: Buffer.from(body) }) },
      )
    const read = `GET /rest/v1/${TABLE}?select=id HTTP/1.1`
    const own = () => [
      `localhost:${backend.port}`,
      `127.0.0.1:${backend.port}`,
      `[::1]:${backend.port}`,
      `LOCALHOST:${backend.port}`,
      TUNNEL,
      `${TUNNEL}:443`,
    ]
    const foreign = () => [
      `evil.example:${backend.port}`,
      'evil.example',
      `localhost.evil.example:${backend.port}`,
      `127.0.0.1.nip.io:${backend.port}`,
      `sub.${TUNNEL}`,
      `localhost:${backend.port === 65535 ? 1 : backend.port + 1}`,
      'localhost',
      `0.0.0.0:${backend.port}`,
      `evil.example@localhost:${backend.port}`,
      `localhost:${backend.port}.evil.example`,
      '',
    ]

    it('a foreign Host is refused with 421 and a PostgREST error, preflights too', async () => {
      for (const host of foreign()) {
        for (const request of [read, `OPTIONS /rest/v1/${TABLE} HTTP/1.1`]) {
          const answer = await ask(host, request, [
            `apikey: ${backend.anonKey}`,
            'access-control-request-method: POST',
          ])
          expect({ host, request, status: answer?.status }).toEqual({
            host,
            request,
            status: 421,
          })
          expect(answer!.headers['content-type']).toContain('application/json')
          expect(json(answer)).toMatchObject({
            code: '08004',
            message: 'This backend does not answer to that host name',
          })
        }
      }
      // HTTP/1.0 may leave Host out: no name is not one of its own either.
      const noHost = await ask(null, `GET /rest/v1/${TABLE}?select=id HTTP/1.0`, [
        `apikey: ${backend.anonKey}`,
      ])
      expect(noHost?.status).toBe(421)
    })

    it('through a rebound name nothing happens: no row stored, no control reached, no service_role', async () => {
      const rebound = `evil.example:${backend.port}`
      const page = [`origin: http://${rebound}`]
      const offer = JSON.stringify({ text: 'through a rebound name' })
      const post = (path: string, headers: string[], body: string) =>
        ask(
          rebound,
          `POST ${path} HTTP/1.1`,
          [...page, ...headers, 'content-type: application/json'],
          body,
        )
      const answers = [
        await post(`/rest/v1/${TABLE}`, [`apikey: ${backend.anonKey}`], offer),
        await post(`/rest/v1/${TABLE}`, [`apikey: ${service}`], offer),
        await post(
          '/__seed',
          [`x-unburden-control-token: ${backend.controlToken}`],
          JSON.stringify({ rows: [{ text: 'seeded through a rebound name' }] }),
        ),
        await post('/__reset', [`x-unburden-control-token: ${backend.controlToken}`], '{}'),
        await ask(rebound, 'GET /__rows HTTP/1.1', [
          ...page,
          `x-unburden-control-token: ${backend.controlToken}`,
        ]),
        await ask(rebound, 'GET /__faults HTTP/1.1', [
          ...page,
          `x-unburden-control-token: ${backend.controlToken}`,
        ]),
        await ask(rebound, 'GET /__lab HTTP/1.1', page),
      ]
      expect(answers.map((answer) => answer?.status)).toEqual(answers.map(() => 421))
      expect(await ownerRows(backend)).toEqual([])
    })

    it('its own hosts still work: localhost, 127.0.0.1 and [::1] on its port, and configured names', async () => {
      for (const host of own()) {
        const answer = await ask(host, read, [`apikey: ${backend.anonKey}`])
        expect({ host, status: answer?.status }).toEqual({ host, status: 200 })
      }
      const offered = await realFetch(`${backend.url}/rest/v1/${TABLE}`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'by its own name' }),
      })
      expect(offered.status).toBe(201)
      expect(await ownerRows(backend)).toHaveLength(1)
    })

    it('on a network (API_HOST), the address a client reached and the machine name, on its port', () => {
      const lan = { address: '192.168.1.20', port: 54321 }
      const everywhere = ownHosts('0.0.0.0')
      const machine = hostname().toLowerCase()
      for (const host of ['192.168.1.20:54321', `${machine}:54321`, `${machine}.local:54321`])
        expect({ host, own: isOwnHost(host, lan, everywhere) }).toEqual({ host, own: true })
      expect(
        isOwnHost('192.168.1.20:54321', { ...lan, address: '::ffff:192.168.1.20' }, everywhere),
      ).toBe(true)
      expect(
        isOwnHost('[2001:db8::20]:54321', { ...lan, address: '2001:db8::20' }, everywhere),
      ).toBe(true)
      for (const host of ['192.168.1.21:54321', '192.168.1.20:54322', 'evil.example:54321'])
        expect({ host, own: isOwnHost(host, lan, everywhere) }).toEqual({ host, own: false })
      // Listening on one address or name: that one too; this machine only: neither the LAN nor its name.
      expect(isOwnHost('laptop.lan:54321', lan, ownHosts('laptop.lan'))).toBe(true)
      expect(isOwnHost(`${machine}:54321`, lan, ownHosts(undefined))).toBe(false)
      expect(isOwnHost(`${machine}:54321`, lan, ownHosts('127.0.0.1'))).toBe(false)
    })

    it('API_ALLOWED_HOSTS lists names, with or without a port; anything else stops the start', () => {
      const allowed = (value: string) =>
        optionsFromEnv({ API_ALLOWED_HOSTS: value }, []).allowedHosts
      expect(allowed('a.example, B.example:8443')).toEqual(['a.example', 'b.example:8443'])
      expect(allowed('')).toBeUndefined()
      for (const wrong of ['http://a.example', 'a.example/path', '*', 'a.example,'])
        expect(() => allowed(wrong)).toThrow(/API_ALLOWED_HOSTS/)
      const hosts = ownHosts(undefined, allowed('a.example, b.example:8443'))
      const local = { address: '127.0.0.1', port: 54321 }
      expect(isOwnHost('a.example', local, hosts)).toBe(true)
      expect(isOwnHost('a.example:1234', local, hosts)).toBe(true)
      expect(isOwnHost('b.example:8443', local, hosts)).toBe(true)
      expect(isOwnHost('b.example', local, hosts)).toBe(false)
      expect(isOwnHost('b.example:54321', local, hosts)).toBe(false)
    })
  })
})
