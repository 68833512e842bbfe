import { afterEach, describe, expect, it, vi } from 'vitest'
import { offerRequest, postOffer } from '../../../src/shared/offer-wire'

const backend = { url: 'http://localhost:54321/', anonKey: 'anon-key' }
const offer = { clientId: '3f1c1a52-6b0e-4c1c-9a57-2d9a2c1e0b11', text: 'heavy day' }

afterEach(() => vi.useRealTimers())

describe('offerRequest', () => {
  it('is the request supabase-js makes for an upsert that ignores a repeated client id', () => {
    const { url, init } = offerRequest(backend, offer)
    expect(url).toBe('http://localhost:54321/rest/v1/void_thoughts?on_conflict=client_id')
    expect(init.method).toBe('POST')
    expect(init.headers).toMatchObject({
      apikey: 'anon-key',
      Authorization: 'Bearer anon-key',
      'Content-Type': 'application/json',
      'Content-Profile': 'public',
      Prefer: 'resolution=ignore-duplicates,return=minimal',
    })
    expect(JSON.parse(String(init.body))).toEqual({ text: 'heavy day', client_id: offer.clientId })
  })
})

describe('postOffer', () => {
  it.each([201, 204, 400, 409, 429, 503])('answers the status %i as it came', async (status) => {
    const fetchOffer = vi.fn(async () => new Response(status === 204 ? null : '{}', { status }))
    await expect(postOffer(fetchOffer, backend, offer, 8000)).resolves.toEqual({
      kind: 'status',
      status,
    })
    expect(fetchOffer).toHaveBeenCalledOnce()
  })

  it('answers a network error when fetch rejects', async () => {
    const fetchOffer = async () => Promise.reject(new TypeError('Failed to fetch'))
    await expect(postOffer(fetchOffer, backend, offer, 8000)).resolves.toEqual({
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
    const answer = postOffer(fetchOffer, backend, offer, 8000)
    await vi.advanceTimersByTimeAsync(7999)
    let settled = false
    void answer.then(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await expect(answer).resolves.toEqual({ kind: 'timeout' })
  })
})
