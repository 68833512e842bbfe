/**
 * The idempotency key of an offer: a random (version 4) UUID. `crypto.randomUUID` exists only in
 * secure contexts, so a phone that opens the app over plain http on a tester's network has
 * `crypto.getRandomValues` alone: the key is then built from it.
 */

type RandomSource = Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string }

/** A new random UUID, from `crypto.randomUUID` where it exists, else from `getRandomValues`. */
export function newClientId(source: RandomSource = globalThis.crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID()
  const bytes = source.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
