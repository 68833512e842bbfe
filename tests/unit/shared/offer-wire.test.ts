import { afterEach, describe, expect, it, vi } from 'vitest'
import { offerRequest, postOffers } from '../../../src/shared/offer-wire'

const backend = { url: 'http://localhost:54321/', anonKey: 'anon-key' }
const offer = { clientId: '3f1c1a52-6b0e-4c1c-9a57-2d9a2c1e0b11', text: 'heavy day' }
const other = { clientId: '9a0e7c41-1d2b-4f3a-8c5d-6e7f8091a2b3', text: 'lighter now' }

afterEach(() => vi.useRealTimers())

describe('offerRequest', () => {
  it('is the request supabase-js makes for insert(rows): text and client id, in order', () => {
    const { url, init } = offerRequest(backend, [offer, other])
    expect(url).toBe(
      'http://localhost:54321/rest/v1/void_thoughts?columns=%22text%22%2C%22client_id%22',
    )
    expect(init.method).toBe('POST')
    expect(init.headers).toMatchObject({
      apikey: 'anon-key',
      Authorization: 'Bearer anon-key',
      'Content-Type': 'application/json',
      'Content-Profile': 'public',
      Prefer: 'return=minimal',
    })
    expect(JSON.parse(String(init.body))).toEqual([
      { text: 'heavy day', client_id: offer.clientId },
      { text: 'lighter now', client_id: other.clientId },
    ])
  })
})

describe('postOffer', () => {
  it.each([201, 204, 400, 409, 429, 503])('answers the status %i as it came', async (status) => {
    const fetchOffer = vi.fn(async () => new Response(status === 204 ? null : '{}', { status }))
    await expect(postOffers(fetchOffer, backend, [offer], 8000)).resolves.toEqual({
      kind: 'status',
      status,
    })
    expect(fetchOffer).toHaveBeenCalledOnce()
  })

  it("carries a 429's Retry-After, in ms", async () => {
    const fetchOffer = async () =>
      new Response('{}', { status: 429, headers: { 'retry-after': '6' } })
    await expect(postOffers(fetchOffer, backend, [offer], 8000)).resolves.toEqual({
      kind: 'status',
      status: 429,
      retryAfterMs: 6000,
    })
  })

  it('answers a network error when fetch rejects', async () => {
    const fetchOffer = async () => Promise.reject(new TypeError('Failed to fetch'))
    await expect(postOffers(fetchOffer, backend, [offer], 8000)).resolves.toEqual({
      kind: 'network-error',
    })
  })

  it('gives up after the timeout and answers a timeout', async () => {
    vi.useFakeTimers()
    const fetchOffer = (_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        ),
      )
    const answer = postOffers(fetchOffer, backend, [offer], 8000)
    await vi.advanceTimersByTimeAsync(7999)
    let settled = false
    void answer.then(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await expect(answer).resolves.toEqual({ kind: 'timeout' })
  })
})
