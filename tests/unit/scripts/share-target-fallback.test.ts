import type { IncomingMessage, ServerResponse } from 'node:http'
import { describe, expect, it, vi } from 'vitest'
import { redirectShareTarget } from '../../../scripts/share-target-fallback'

/** Runs the middleware on a request for `url`; answers what it sent, or 'next'. */
function serve(method: string, url: string) {
  const request = { method, url, resume: vi.fn(), read: vi.fn(), on: vi.fn() }
  const headers: Record<string, unknown> = {}
  const response = {
    statusCode: 200,
    setHeader: (name: string, value: unknown) => (headers[name.toLowerCase()] = value),
    end: vi.fn(),
  }
  let passed = false
  redirectShareTarget(
    request as unknown as IncomingMessage,
    response as unknown as ServerResponse,
    () => (passed = true),
  )
  return { passed, status: response.statusCode, headers, request, ended: response.end }
}

describe('the share target without a service worker', () => {
  it('sends a POST and a GET on to / with no query, reading neither body nor query', () => {
    for (const [method, url] of [
      ['POST', '/share-target'],
      ['GET', '/share-target?text=private+words'],
    ] as const) {
      const answer = serve(method, url)
      expect(answer.passed).toBe(false)
      expect(answer.status).toBe(303)
      expect(answer.headers).toEqual({ location: '/', 'cache-control': 'no-store' })
      expect(answer.ended).toHaveBeenCalledWith()
      // The body is drained, never read or listened to.
      expect(answer.request.read).not.toHaveBeenCalled()
      expect(answer.request.on).not.toHaveBeenCalled()
    }
  })

  it('passes every other path on', () => {
    for (const url of ['/share-target/x', '/', '/share-targets'])
      expect(serve('GET', url).passed).toBe(true)
  })
})
