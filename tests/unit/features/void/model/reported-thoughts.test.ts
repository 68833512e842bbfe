import { describe, expect, it } from 'vitest'
import {
  REPORTED_THOUGHTS_KEY,
  REPORTED_THOUGHTS_MAX,
  readReportedThoughts,
  rememberReported,
  reportedThoughts,
} from '../../../../../src/features/void/model/reported-thoughts'

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial))
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    raw: (key: string) => items.get(key),
  }
}

describe('the thoughts reported on this device', () => {
  it('reads nothing from an empty storage, or none at all', () => {
    expect(readReportedThoughts(memoryStorage())).toEqual([])
    expect(readReportedThoughts(null)).toEqual([])
  })

  it.each([
    ['not JSON', '{oops'],
    ['an object', '{"ids":[1]}'],
    ['a number', '7'],
    ['null', 'null'],
  ])('ignores broken data (%s)', (_, raw) => {
    expect(readReportedThoughts(memoryStorage({ [REPORTED_THOUGHTS_KEY]: raw }))).toEqual([])
  })

  it('keeps only positive whole ids, each once, from a list with junk in it', () => {
    const raw = JSON.stringify([3, '4', -1, 0, 2.5, null, 3, 9, 1e300, { id: 5 }])
    expect(readReportedThoughts(memoryStorage({ [REPORTED_THOUGHTS_KEY]: raw }))).toEqual([3, 9])
  })

  it('remembers a report in storage and for this page at once, over broken data', () => {
    const storage = memoryStorage({ [REPORTED_THOUGHTS_KEY]: '"broken"' })
    rememberReported(41, storage)
    expect(reportedThoughts().has(41)).toBe(true)
    expect(JSON.parse(storage.raw(REPORTED_THOUGHTS_KEY)!)).toEqual([41])
  })

  it(`keeps the latest ${REPORTED_THOUGHTS_MAX} ids`, () => {
    const full = Array.from({ length: REPORTED_THOUGHTS_MAX }, (_, i) => 100_000 + i)
    const storage = memoryStorage({ [REPORTED_THOUGHTS_KEY]: JSON.stringify(full) })
    rememberReported(42, storage)
    const kept = JSON.parse(storage.raw(REPORTED_THOUGHTS_KEY)!) as number[]
    expect(kept).toHaveLength(REPORTED_THOUGHTS_MAX)
    expect(kept.at(-1)).toBe(42)
    expect(kept[0]).toBe(100_001)
  })

  it('a storage that refuses to write still hides the card for this visit', () => {
    rememberReported(43, {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    })
    expect(reportedThoughts().has(43)).toBe(true)
  })
})
