import { afterEach, describe, expect, it, vi } from 'vitest'
import { offerRequest, postOffers } from '../../../src/shared/offer-wire'

const backend = { url: 'http://localhost:54321/', anonKey: 'anon-key' }
const offer = { clientId: '3f1c1a52-6b0e-4c1c-9a57-2d9a2c1e0b11', text: 'heavy day' }
const other = { clientId: '9a0e7c41-1d2b-4f3a-8c5d-6e7f8091a2b3', text: 'lighter now' }

afterEach(() => vi.useRealTimers())

describe('offerRequest', () => {
  it("is the request supabase-js makes for insert({ text }) with the offer's Idempotency-Key", () => {
    const { url, init } = offerRequest(backend, offer)
    expect(url).toBe('http://localhost:54321/rest/v1/void_thoughts')
    expect(init.method).toBe('POST')
    expect(init.headers).toEqual({
      apikey: 'anon-key',
      Authorization: 'Bearer anon-key',
      'Content-Type': 'application/json',
      'Content-Profile': 'public',
      Prefer: 'return=minimal',
      'Idempotency-Key': offer.clientId,
    })
    expect(JSON.parse(String(init.body))).toEqual({ text: 'heavy day' })
  })
})

describe('postOffers', () => {
  it('sends each offer in its own request, in order, each with its own key', async () => {
    const sent: [string, string][] = []
    const fetchOffer = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      const headers = init?.headers as Record<string, string>
      sent.push([
        headers['Idempotency-Key']!,
        (JSON.parse(String(init?.body)) as { text: string }).text,
      ])
      return new Response(null, { status: 201 })
    })
    await expect(postOffers(fetchOffer, backend, [offer, other], 8000)).resolves.toEqual({
      kind: 'status',
      status: 201,
    })
    expect(sent).toEqual([
      [offer.clientId, 'heavy day'],
      [other.clientId, 'lighter now'],
    ])
  })

  it('stops at the first answer that is not a 2xx and returns it', async () => {
    const fetchOffer = vi.fn(async () => new Response('{}', { status: 503 }))
    await expect(postOffers(fetchOffer, backend, [offer, other], 8000)).resolves.toEqual({
      kind: 'status',
      status: 503,
    })
    expect(fetchOffer).toHaveBeenCalledOnce()
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
