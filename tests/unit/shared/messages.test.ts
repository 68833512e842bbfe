import { describe, expect, it } from 'vitest'
import { isPageToWorkerMessage, isWorkerToPageMessage } from '../../../src/shared/messages'

describe('page ↔ service worker messages', () => {
  it('recognises what the worker sends, and nothing else', () => {
    expect(isWorkerToPageMessage({ type: 'FLUSH_OFFERS' })).toBe(true)
    for (const other of [null, 'FLUSH_OFFERS', {}, { type: 'SKIP_WAITING' }, { type: 42 }])
      expect(isWorkerToPageMessage(other)).toBe(false)
  })

  it('recognises what a page sends, checking the backend it names', () => {
    expect(isPageToWorkerMessage({ type: 'SKIP_WAITING' })).toBe(true)
    expect(
      isPageToWorkerMessage({ type: 'BACKEND', backend: { url: 'http://x', anonKey: 'k' } }),
    ).toBe(true)
    for (const other of [
      null,
      { type: 'BACKEND' },
      { type: 'BACKEND', backend: null },
      { type: 'BACKEND', backend: { url: 1, anonKey: 'k' } },
      { type: 'FLUSH_OFFERS' },
    ])
      expect(isPageToWorkerMessage(other)).toBe(false)
  })
})
