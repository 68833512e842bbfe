import { describe, expect, it, vi } from 'vitest'
import { registerRoute } from 'workbox-routing'
import { answerShare, installShareTarget } from '../../../sw/share-target'
import {
  SHARE_CACHE,
  SHARE_MAX_BYTES,
  SHARE_MAX_CHARACTERS,
  SHARE_MAX_WAITING,
} from '../../../src/shared/share-inbox'
import { fakeCaches } from './fake-caches'

// Workbox's router needs a worker's global scope; its registrations are read here instead.
vi.mock('workbox-routing', () => ({ registerRoute: vi.fn() }))

const ORIGIN = 'https://unburden.example'

/** A share as the browser posts it: multipart form data. */
function sharePost(fields: Record<string, string>): Request {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  return new Request(`${ORIGIN}/share-target`, { method: 'POST', body: form })
}

const deps = (cacheStorage: CacheStorage) => ({
  cacheStorage,
  origin: ORIGIN,
  now: () => 1_700_000_000_000,
  nonce: () => 'n1',
})

/** Every share the cache holds: key → text. */
async function stored(cacheStorage: CacheStorage): Promise<Record<string, string>> {
  if (!(await cacheStorage.has(SHARE_CACHE))) return {}
  const cache = await cacheStorage.open(SHARE_CACHE)
  const entries: Record<string, string> = {}
  for (const key of await cache.keys()) entries[key.url] = await (await cache.match(key))!.text()
  return entries
}

describe('the share target', () => {
  it('a page posting to it in a loop, or posting megabytes, fills nothing: the newest shares, cut', async () => {
    const { cacheStorage } = fakeCaches()
    let time = 1
    const flood = { ...deps(cacheStorage), now: () => time++, nonce: () => `n${time}` }
    for (let i = 0; i < SHARE_MAX_WAITING + 5; i++)
      await answerShare(sharePost({ text: `share ${i} ${'😶'.repeat(6_000)}` }), flood)
    const kept = Object.values(await stored(cacheStorage))
    expect(kept).toHaveLength(SHARE_MAX_WAITING)
    expect(kept[0]).toMatch(/^share 5 /)
    expect(kept.at(-1)).toMatch(new RegExp(`^share ${SHARE_MAX_WAITING + 4} `))
    for (const text of kept) {
      expect(text.length).toBeLessThanOrEqual(SHARE_MAX_CHARACTERS)
      // Cut between characters: no half of an emoji left at the end.
      expect(text.endsWith('😶')).toBe(true)
    }
  })

  it('answers the words as plain text, never sniffed, when the device will not keep them', async () => {
    const cacheStorage = {
      open: async () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
    } as unknown as CacheStorage
    const response = await answerShare(
      sharePost({ text: '<script>x</script>' }),
      deps(cacheStorage),
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await response.text()).toBe('<script>x</script>')
  })

  it('keeps a posted form’s words for the writer and answers a 303 to / with no query', async () => {
    const { cacheStorage } = fakeCaches()
    const request = sharePost({ title: 'A page', text: 'I keep thinking about it', url: '' })
    expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data/)
    const response = await answerShare(request, deps(cacheStorage))
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(`${ORIGIN}/`)
    expect(await stored(cacheStorage)).toEqual({
      [`${ORIGIN}/share-target/001700000000000-n1`]: 'I keep thinking about it',
    })
  })

  it('joins the link to the text when the text does not hold it', async () => {
    const { cacheStorage } = fakeCaches()
    await answerShare(
      sharePost({ title: 'News', text: 'this one', url: 'https://a.example/x' }),
      deps(cacheStorage),
    )
    expect(Object.values(await stored(cacheStorage))).toEqual(['this one\nhttps://a.example/x'])
  })

  it('keeps two shares apart, in the order they came', async () => {
    const { cacheStorage } = fakeCaches()
    let time = 1
    const more = { ...deps(cacheStorage), now: () => time++ }
    await answerShare(sharePost({ text: 'first' }), more)
    await answerShare(sharePost({ text: 'second' }), more)
    expect(Object.values(await stored(cacheStorage))).toEqual(['first', 'second'])
  })

  it('keeps nothing posted by a page of another origin that says so, nor a body too large to read', async () => {
    const { cacheStorage } = fakeCaches()
    const form = new FormData()
    form.append('text', 'words a stranger wants in the writer')
    const foreign = new Request(`${ORIGIN}/share-target`, {
      method: 'POST',
      body: form,
      referrer: 'https://elsewhere.example/page',
    })
    const huge = new Request(`${ORIGIN}/share-target`, {
      method: 'POST',
      body: 'x',
      headers: { 'content-length': String(SHARE_MAX_BYTES + 1) },
    })
    for (const request of [foreign, huge]) {
      const response = await answerShare(request, deps(cacheStorage))
      expect(response.status).toBe(303)
      expect(response.headers.get('location')).toBe(`${ORIGIN}/`)
    }
    expect(await stored(cacheStorage)).toEqual({})
    // A post from the app's own pages is a share.
    const own = new Request(`${ORIGIN}/share-target`, {
      method: 'POST',
      body: form,
      referrer: `${ORIGIN}/`,
    })
    await answerShare(own, deps(cacheStorage))
    expect(Object.values(await stored(cacheStorage))).toEqual([
      'words a stranger wants in the writer',
    ])
  })

  it('stores nothing for an empty share or a body that is not a form, and still goes to /', async () => {
    const { cacheStorage } = fakeCaches()
    for (const request of [
      sharePost({ title: ' ', text: '' }),
      new Request(`${ORIGIN}/share-target`, {
        method: 'POST',
        body: 'not a form',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      }),
    ]) {
      const response = await answerShare(request, deps(cacheStorage))
      expect(response.status).toBe(303)
      expect(response.headers.get('location')).toBe(`${ORIGIN}/`)
    }
    expect(await stored(cacheStorage)).toEqual({})
  })

  it('shows the words themselves when the device refuses to keep them', async () => {
    const { cacheStorage } = fakeCaches()
    const full = {
      ...cacheStorage,
      open: async () => {
        throw new DOMException('quota', 'QuotaExceededError')
      },
    } as unknown as CacheStorage
    const response = await answerShare(sharePost({ text: 'do not lose me' }), deps(full))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await response.text()).toBe('do not lose me')
  })
})

describe('installShareTarget', () => {
  it('routes a POST to /share-target on this origin, and a GET to / unread', async () => {
    const { cacheStorage } = fakeCaches()
    installShareTarget({
      location: new URL(`${ORIGIN}/sw.js`),
      caches: cacheStorage,
    } as unknown as ServiceWorkerGlobalScope)
    const calls = vi.mocked(registerRoute).mock.calls
    expect(calls.map((call) => call[2])).toEqual(['POST', 'GET'])
    const onGet = calls[1]![1] as (options: { request: Request }) => Promise<Response> | Response
    const sentOn = await onGet({ request: new Request(`${ORIGIN}/share-target?text=a+link`) })
    expect(sentOn.status).toBe(303)
    expect(sentOn.headers.get('location')).toBe(`${ORIGIN}/`)
    expect(await stored(cacheStorage)).toEqual({})
    const matches = calls[0]![0] as (options: { url: URL }) => boolean
    expect(matches({ url: new URL(`${ORIGIN}/share-target`) })).toBe(true)
    expect(matches({ url: new URL(`${ORIGIN}/share-target/x`) })).toBe(false)
    expect(matches({ url: new URL('https://elsewhere.example/share-target') })).toBe(false)
    const handler = calls[0]![1] as (options: { request: Request }) => Promise<Response>
    const response = await handler({ request: sharePost({ text: 'routed' }) })
    expect(response.status).toBe(303)
    expect(Object.values(await stored(cacheStorage))).toEqual(['routed'])
  })
})
