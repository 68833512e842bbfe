import { describe, expect, it } from 'vitest'
import { createAppStore } from '../../../src/store'
import { MAX_TOASTS, TOAST_DURATION_MS } from '../../../src/store/toasts-slice'

describe('toasts slice', () => {
  it('shows a toast for 4000 ms by default, as news unless said otherwise', () => {
    const store = createAppStore()
    const id = store.getState().showToast({ title: 'Hello', description: 'there' })
    expect(store.getState().toasts).toEqual([
      { id, title: 'Hello', description: 'there', variant: 'default', durationMs: 4000 },
    ])
    expect(TOAST_DURATION_MS).toBe(4000)
  })

  it('keeps at most three, dropping the oldest', () => {
    const store = createAppStore()
    for (const title of ['one', 'two', 'three', 'four']) store.getState().showToast({ title })
    expect(MAX_TOASTS).toBe(3)
    expect(store.getState().toasts.map((t) => t.title)).toEqual(['two', 'three', 'four'])
  })

  it('dismisses one by id', () => {
    const store = createAppStore()
    const first = store.getState().showToast({ title: 'one', variant: 'destructive' })
    store.getState().showToast({ title: 'two' })
    store.getState().dismissToast(first)
    expect(store.getState().toasts.map((t) => t.title)).toEqual(['two'])
  })
})
