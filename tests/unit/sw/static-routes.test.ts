import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  addStartRoutes,
  builtAssetsWithoutVary,
  dropVaryFromBuiltAssets,
  startCacheName,
  startRoutes,
  type InstallEventWithRoutes,
  type StaticRoute,
} from '../../../sw/static-routes'
import { deleteStaleCaches, RUNTIME_CACHES } from '../../../sw/caches'
import { fakeCaches } from './fake-caches'

const ORIGIN = 'https://unburden.example'
const PRECACHE = `workbox-precache-v2-${ORIGIN}/`
const START = startCacheName('rev1')

// Workbox's copyResponse copies only answers of the worker's own origin, as a worker sees them.
beforeEach(() => {
  vi.stubGlobal('self', { location: { origin: ORIGIN } })
  return () => vi.unstubAllGlobals()
})

/** An answer from `url`, as a server that varies on Origin and Accept-Encoding sends it. */
function served(body: string, status = 200, url = `${ORIGIN}/assets/a.js`): Response {
  const response = new Response(body, {
    status,
    headers: {
      'content-type': 'text/javascript',
      vary: 'Origin, Accept-Encoding',
      etag: '"1"',
    },
  })
  Object.defineProperty(response, 'url', { value: url })
  return response
}

/** An install event; `addRoutes` only when the browser is said to have static routing. */
function installEvent(addRoutes?: (routes: StaticRoute[]) => Promise<void>) {
  const waited: Promise<unknown>[] = []
  const event = {
    waitUntil: (work: Promise<unknown>) => waited.push(work),
    ...(addRoutes ? { addRoutes } : {}),
  } as unknown as InstallEventWithRoutes
  return { event, waited }
}

describe('startRoutes', () => {
  it('answers a navigation to / with no query from the start copy, and GETs under /assets/ from the precache, on this origin only', () => {
    const routes = startRoutes('http://localhost:4173', { start: START, precache: PRECACHE })
    expect(routes).toEqual([
      {
        condition: {
          urlPattern: {
            protocol: 'http',
            hostname: 'localhost',
            port: '4173',
            pathname: '/',
            search: '',
          },
          requestMode: 'navigate',
        },
        source: { cacheName: START },
      },
      {
        condition: {
          urlPattern: {
            protocol: 'http',
            hostname: 'localhost',
            port: '4173',
            pathname: '/assets/*',
          },
          requestMethod: 'GET',
        },
        source: { cacheName: PRECACHE },
      },
    ])
    // The default port is the empty string, as URLPattern reads it.
    expect(
      startRoutes(ORIGIN, { start: START, precache: PRECACHE })[0]!.condition.urlPattern,
    ).toEqual({
      protocol: 'https',
      hostname: 'unburden.example',
      port: '',
      pathname: '/',
      search: '',
    })
  })
})

describe('builtAssetsWithoutVary', () => {
  const plugin = builtAssetsWithoutVary(ORIGIN)
  const update = (url: string, response: Response) =>
    plugin.cacheWillUpdate!({
      request: new Request(url),
      response,
      event: undefined as unknown as ExtendableEvent,
      state: {},
    })

  it('stores a built file without Vary, and everything else of it as it came', async () => {
    const stored = (await update(`${ORIGIN}/assets/index-abc.js`, served('code')))!
    expect(stored.headers.has('vary')).toBe(false)
    expect(stored.headers.get('etag')).toBe('"1"')
    expect(stored.headers.get('content-type')).toBe('text/javascript')
    expect(stored.status).toBe(200)
    expect(await stored.text()).toBe('code')
  })

  it('leaves any other file, or another origin’s /assets/, as it came', async () => {
    for (const url of [`${ORIGIN}/index.html`, 'https://elsewhere.example/assets/a.js']) {
      const stored = (await update(url, served('x')))!
      expect(stored.headers.get('vary')).toBe('Origin, Accept-Encoding')
    }
  })

  it('refuses to store an answer of 400 or more, as Workbox’s own rule does', async () => {
    expect(await update(`${ORIGIN}/assets/a.js`, served('gone', 404))).toBeNull()
    expect(await update(`${ORIGIN}/index.html`, served('down', 503))).toBeNull()
  })
})

describe('dropVaryFromBuiltAssets', () => {
  it('rewrites the built files an earlier version stored with Vary, and only those', async () => {
    const { cacheStorage, open } = fakeCaches()
    const precache = open(PRECACHE)
    await precache.put(`${ORIGIN}/assets/old-1.js`, served('one'))
    await precache.put(`${ORIGIN}/assets/new-2.js`, new Response('two'))
    await precache.put(`${ORIGIN}/index.html?__WB_REVISION__=1`, served('<html>'))

    expect(await dropVaryFromBuiltAssets(cacheStorage, PRECACHE, ORIGIN)).toBe(1)
    const old = (await precache.match(`${ORIGIN}/assets/old-1.js`))!
    expect(old.headers.has('vary')).toBe(false)
    expect(await old.text()).toBe('one')
    const shell = (await precache.match(`${ORIGIN}/index.html?__WB_REVISION__=1`))!
    expect(shell.headers.get('vary')).toBe('Origin, Accept-Encoding')
    // Nothing left to rewrite the second time.
    expect(await dropVaryFromBuiltAssets(cacheStorage, PRECACHE, ORIGIN)).toBe(0)
  })
})

describe('addStartRoutes', () => {
  async function setUp() {
    const caches = fakeCaches()
    await caches.open(PRECACHE).put(`${ORIGIN}/assets/a.js`, served('code'))
    const deps = {
      cacheStorage: caches.cacheStorage,
      origin: ORIGIN,
      precacheName: PRECACHE,
      startCache: START,
      shell: async () =>
        served('<!doctype html><title>Unburden</title>', 200, `${ORIGIN}/index.html`),
    }
    return { ...caches, deps }
  }

  it('keeps a copy of index.html for / and adds the routes, once every copy is in place', async () => {
    const { deps, open } = await setUp()
    const seen: { start?: Response; asset?: Response } = {}
    const addRoutes = vi.fn(async () => {
      // What the browser's lookup will find, read when the routes arrive.
      seen.start = await open(START).match(`${ORIGIN}/`)
      seen.asset = await open(PRECACHE).match(`${ORIGIN}/assets/a.js`)
    })
    const { event } = installEvent(addRoutes)

    expect(await addStartRoutes(event, deps)).toBe(true)
    expect(addRoutes).toHaveBeenCalledWith(
      startRoutes(ORIGIN, { start: START, precache: PRECACHE }),
    )
    expect(await seen.start!.text()).toBe('<!doctype html><title>Unburden</title>')
    expect(seen.start!.headers.has('vary')).toBe(false)
    expect(seen.asset!.headers.has('vary')).toBe(false)
  })

  it('does nothing where the browser has no static routing (Firefox, WebKit)', async () => {
    const { deps, stores, open } = await setUp()
    const { event } = installEvent()
    expect(await addStartRoutes(event, deps)).toBe(false)
    expect(stores.has(START)).toBe(false)
    expect((await open(PRECACHE).match(`${ORIGIN}/assets/a.js`))!.headers.has('vary')).toBe(true)
  })

  it('adds no route without index.html in the precache, and does not fail the install', async () => {
    const { deps } = await setUp()
    const addRoutes = vi.fn(async () => {})
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    for (const shell of [async () => undefined, async () => served('gone', 404)]) {
      const { event } = installEvent(addRoutes)
      expect(await addStartRoutes(event, { ...deps, shell })).toBe(false)
    }
    expect(addRoutes).not.toHaveBeenCalled()
    expect(warn).toHaveBeenCalledTimes(2)
    warn.mockRestore()
  })

  it('settles without failing the install when the browser refuses the routes', async () => {
    const { deps } = await setUp()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { event } = installEvent(async () => {
      throw new TypeError('bad route')
    })
    await expect(addStartRoutes(event, deps)).resolves.toBe(false)
    expect(warn).toHaveBeenCalledOnce()
    warn.mockRestore()
  })
})

describe('the start copy and stale caches', () => {
  it('is kept by its own version and deleted by the next one', async () => {
    const { cacheStorage } = fakeCaches()
    const older = startCacheName('rev0')
    for (const name of [older, START, ...RUNTIME_CACHES]) await cacheStorage.open(name)
    expect(await deleteStaleCaches(cacheStorage, [...RUNTIME_CACHES, START])).toEqual([older])
    expect((await cacheStorage.keys()).sort()).toEqual([...RUNTIME_CACHES, START].sort())
  })
})
