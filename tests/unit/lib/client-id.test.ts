import { webcrypto } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { newClientId } from '../../../src/lib/client-id'

type RandomSource = Pick<Crypto, 'getRandomValues'>
const insecureSource = {
  getRandomValues: webcrypto.getRandomValues.bind(webcrypto),
} as unknown as RandomSource

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('newClientId', () => {
  it('uses crypto.randomUUID where it exists', () => {
    expect(newClientId({ ...insecureSource, randomUUID: () => 'from-random-uuid' })).toBe(
      'from-random-uuid',
    )
  })

  it('builds a version 4 UUID from getRandomValues outside a secure context', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newClientId(insecureSource)))
    expect(ids.size).toBe(1000)
    for (const id of ids) expect(id).toMatch(UUID_V4)
  })

  it('sets the version and variant bits whatever the random bytes are', () => {
    const allOnes = {
      getRandomValues: <T extends ArrayBufferView | null>(array: T) => (
        new Uint8Array((array as unknown as Uint8Array).buffer).fill(0xff),
        array
      ),
    }
    expect(newClientId(allOnes as unknown as RandomSource)).toBe(
      'ffffffff-ffff-4fff-bfff-ffffffffffff',
    )
  })
})
