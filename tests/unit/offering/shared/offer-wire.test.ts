import { afterEach, describe, expect, it, vi } from 'vitest'
import { OFFER_SEND_TIMEOUT_MS } from '../../../../src/offering/shared/offer-queue-policy'
import { sendOffer } from '../../../../src/offering/shared/offer-wire'

const backend = { url: 'http://localhost:54321/', anonKey: 'anon-key' }
const offer = { clientId: '3f1c1a52-6b0e-4c1c-9a57-2d9a2c1e0b11', text: 'heavy day' }

afterEach(() => vi.useRealTimers())

describe('the offer request', () => {
  it("is the spec's insert({ text }): one offer, its key in Idempotency-Key, no query", async () => {
    const fetchOffer = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 201 }),
    )
    await sendOffer(fetchOffer, backend, offer, 8000)
    const [url, init] = fetchOffer.mock.calls[0]!
    expect(String(url)).toBe('http://localhost:54321/rest/v1/void_thoughts')
    expect(init?.method).toBe('POST')
    const headers = Object.fromEntries(new Headers(init?.headers))
    expect(headers).toMatchObject({
      apikey: 'anon-key',
      authorization: 'Bearer anon-key',
      'content-type': 'application/json',
      'content-profile': 'public',
      prefer: 'return=minimal',
      'idempotency-key': offer.clientId,
    })
    expect(JSON.parse(String(init?.body))).toEqual({ text: 'heavy day' })
  })
})

describe('sendOffer', () => {
  it.each([201, 204, 400, 404, 409, 429, 503])(
    'answers the status %i as it came',
    async (status) => {
      const fetchOffer = vi.fn(async () => new Response(status === 204 ? null : '{}', { status }))
      await expect(sendOffer(fetchOffer, backend, offer, 8000)).resolves.toEqual({
        kind: 'status',
        status,
      })
      expect(fetchOffer).toHaveBeenCalledOnce()
    },
  )

  it('answers a 404 with an empty body as a 404 (postgrest-js alone would call it a 204)', async () => {
    const fetchOffer = async () => new Response('', { status: 404 })
    await expect(sendOffer(fetchOffer, backend, offer, 8000)).resolves.toEqual({
      kind: 'status',
      status: 404,
    })
  })

  it("carries a 429's Retry-After, in ms", async () => {
    const fetchOffer = async () =>
      new Response('{}', { status: 429, headers: { 'retry-after': '6' } })
    await expect(sendOffer(fetchOffer, backend, offer, 8000)).resolves.toEqual({
      kind: 'status',
      status: 429,
      retryAfterMs: 6000,
    })
  })

  it('answers a network error when fetch rejects', async () => {
    const fetchOffer = async () => Promise.reject(new TypeError('Failed to fetch'))
    await expect(sendOffer(fetchOffer, backend, offer, 8000)).resolves.toEqual({
      kind: 'network-error',
    })
  })

  it('gives up after the one timeout and answers a timeout', async () => {
    vi.useFakeTimers()
    const fetchOffer = (_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        ),
      )
    const answer = sendOffer(fetchOffer, backend, offer)
    await vi.advanceTimersByTimeAsync(OFFER_SEND_TIMEOUT_MS - 1)
    let settled = false
    void answer.then(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await expect(answer).resolves.toEqual({ kind: 'timeout' })
  })
})
