import { describe, expect, it, vi } from 'vitest'
import {
  addStartRoutes,
  dropVaryFromBuiltAssets,
  hasStaticRouting,
  restoreStartCopy,
  startCacheName,
  startRoutes,
  type InstallEventWithRoutes,
  type StaticRoute,
} from '../../../sw/static-routes'
import { fakeCaches } from './fake-caches'

const ORIGIN = 'https://unburden.example'
const PRECACHE = `workbox-precache-v2-${ORIGIN}/`
const START = startCacheName('rev1')

/**
 * An answer from `url`, as a server that varies on Origin and Accept-Encoding sends it; with no
 * URL, as Workbox stores a redirected answer (a host that sends /index.html on to /).
 */
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
  it('answers a navigation to / with no query from the start copy, and GETs of scripts and styles under /assets/ from the precache, on this origin only', () => {
    const routes = startRoutes('http://localhost:4173', { start: START, precache: PRECACHE })
    const assets = (requestDestination: string) => ({
      condition: {
        urlPattern: {
          protocol: 'http',
          hostname: 'localhost',
          port: '4173',
          pathname: '/assets/*',
        },
        requestMethod: 'GET',
        requestDestination,
      },
      source: { cacheName: PRECACHE },
    })
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
      // Not a navigation: one to /assets/ still gets the shell and its not-found page.
      assets('script'),
      assets('style'),
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

describe('dropVaryFromBuiltAssets', () => {
  it('rewrites the built files an earlier version stored with Vary, and only those', async () => {
    const { cacheStorage, open } = fakeCaches()
    const precache = open(PRECACHE)
    await precache.put(`${ORIGIN}/assets/old-1.js`, served('one'))
    // Stored with no URL (a redirected answer, as Workbox keeps it): rewritten all the same.
    await precache.put(`${ORIGIN}/assets/moved-3.js`, served('three', 200, ''))
    await precache.put(`${ORIGIN}/assets/new-2.js`, new Response('two'))
    await precache.put(`${ORIGIN}/index.html?__WB_REVISION__=1`, served('<html>'))

    expect(await dropVaryFromBuiltAssets(cacheStorage, PRECACHE, ORIGIN)).toBe(2)
    const old = (await precache.match(`${ORIGIN}/assets/old-1.js`))!
    expect(old.headers.has('vary')).toBe(false)
    expect(old.headers.get('etag')).toBe('"1"')
    expect(old.headers.get('content-type')).toBe('text/javascript')
    expect(await old.text()).toBe('one')
    expect(await (await precache.match(`${ORIGIN}/assets/moved-3.js`))!.text()).toBe('three')
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
    const { deps: withUrl, open } = await setUp()
    // The shell as Workbox keeps a redirected one (no URL): copied all the same.
    const deps = {
      ...withUrl,
      shell: async () => served('<!doctype html><title>Unburden</title>', 200, ''),
    }
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

  it('adds no route without index.html in the precache, or without its revision, and does not fail the install', async () => {
    const { deps, stores } = await setUp()
    const addRoutes = vi.fn(async () => {})
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    for (const broken of [
      { shell: async () => undefined },
      { shell: async () => served('gone', 404) },
      // Every version would share one copy: a version still active would answer the next one's HTML.
      { startCache: null },
    ]) {
      const { event } = installEvent(addRoutes)
      expect(await addStartRoutes(event, { ...deps, ...broken })).toBe(false)
    }
    expect(addRoutes).not.toHaveBeenCalled()
    expect(stores.has(START)).toBe(false)
    expect(warn).toHaveBeenCalledTimes(3)
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

describe('restoreStartCopy', () => {
  it('puts back the copy an older version’s activation deleted, and leaves one in place alone', async () => {
    const { cacheStorage, open, stores } = fakeCaches()
    const deps = {
      cacheStorage,
      origin: ORIGIN,
      precacheName: PRECACHE,
      startCache: START,
      shell: async () => served('<p>shell</p>', 200, `${ORIGIN}/index.html`),
    }
    expect(await restoreStartCopy(deps)).toBe(true)
    const copy = (await open(START).match(`${ORIGIN}/`))!
    expect(await copy.text()).toBe('<p>shell</p>')
    expect(copy.headers.has('vary')).toBe(false)

    expect(await restoreStartCopy({ ...deps, shell: async () => served('<p>other</p>') })).toBe(
      false,
    )
    expect(await (await open(START).match(`${ORIGIN}/`))!.text()).toBe('<p>shell</p>')

    stores.delete(START)
    expect(await restoreStartCopy({ ...deps, shell: async () => undefined })).toBe(false)
    expect(await restoreStartCopy({ ...deps, startCache: null })).toBe(false)
    expect(stores.has(START)).toBe(false)
  })
})

describe('hasStaticRouting', () => {
  it('is true only where InstallEvent has addRoutes', () => {
    class WithRoutes {
      addRoutes() {}
    }
    expect(hasStaticRouting({ InstallEvent: WithRoutes })).toBe(true)
    expect(hasStaticRouting({ InstallEvent: class {} })).toBe(false)
    expect(hasStaticRouting({})).toBe(false)
  })
})
