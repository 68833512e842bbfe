/**
 * Any network call a test did not stub fails the test: `fetch` rejects loudly and the failure is
 * recorded, so even a swallowed rejection fails the test in afterEach.
 * A test that means to talk to a real server calls `allowNetwork()` first.
 */
import { afterEach, beforeEach, vi } from 'vitest'

let unexpected: string[] = []
let allowed = false

/** Lets the current test reach the network (integration tests against the local backend). */
export function allowNetwork(): void {
  allowed = true
  vi.stubGlobal('fetch', realFetch)
}

const realFetch = globalThis.fetch

beforeEach(() => {
  unexpected = []
  allowed = false
  vi.stubGlobal('fetch', (input: unknown) => {
    const url = input instanceof Request ? input.url : String(input)
    unexpected.push(url)
    return Promise.reject(new Error(`Unexpected network call in a unit test: ${url}`))
  })
})

afterEach(() => {
  vi.unstubAllGlobals()
  if (!allowed && unexpected.length > 0) {
    const calls = unexpected
    unexpected = []
    throw new Error(`Unexpected network call(s): ${calls.join(', ')}`)
  }
})
