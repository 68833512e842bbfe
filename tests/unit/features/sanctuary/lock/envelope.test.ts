/**
 * The lock's envelope (src/features/sanctuary/lock/envelope.ts): the primitives against published
 * vectors, then the vault and the encrypted copy — round trips, a wrong passphrase, tampering,
 * truncation, changing the passphrase and raising the KDF.
 */
import { describe, expect, it } from 'vitest'
import {
  COPY_FORMAT,
  DEFAULT_ITERATIONS,
  LockError,
  createVault,
  decryptCopy,
  encryptCopy,
  fromBase64,
  isEncryptedCopy,
  kdfNeedsUpgrade,
  openContents,
  openSealed,
  parseVault,
  rewrapVault,
  sealContents,
  toBase64,
  unlockVault,
  writeContents,
  type Vault,
} from '../../../../../src/features/sanctuary/lock/envelope'

const subtle = globalThis.crypto.subtle
const hex = (text: string) => Uint8Array.from(text.match(/../g)!.map((byte) => parseInt(byte, 16)))
const toHex = (buffer: ArrayBuffer) => Buffer.from(buffer).toString('hex')
// Low iterations keep the suite quick; one test runs the default.
const FAST = 1_000
const ENTRY = { id: 1736073000000, text: 'what I could not say', date: '2025-01-05T10:30:00.000Z' }
const CONTENTS = { entries: [ENTRY], kept: [{ key: 'sanctuary-entries-backup-1', value: '{oops' }] }

async function rejection(promise: Promise<unknown>): Promise<LockError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(LockError)
  return error as LockError
}

/** `vault` with one base64 field's byte `at` flipped. */
function flip(vault: Vault, pick: (v: Vault) => { ciphertext: string }, at = 0): Vault {
  const copy = structuredClone(vault)
  const target = pick(copy)
  const bytes = fromBase64(target.ciphertext)
  bytes[at]! ^= 1
  target.ciphertext = toBase64(bytes)
  return copy
}

describe('the primitives give the published answers', () => {
  it('PBKDF2-HMAC-SHA-256 (RFC 7914, section 11)', async () => {
    const key = await subtle.importKey('raw', new TextEncoder().encode('passwd'), 'PBKDF2', false, [
      'deriveBits',
    ])
    const bits = await subtle.deriveBits(
      { name: 'PBKDF2', hash: 'SHA-256', salt: new TextEncoder().encode('salt'), iterations: 1 },
      key,
      512,
    )
    expect(toHex(bits)).toBe(
      '55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc' +
        '49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783',
    )
  })

  it('AES-256-GCM (GCM specification, test case 16)', async () => {
    const key = await subtle.importKey(
      'raw',
      hex('feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308'),
      'AES-GCM',
      false,
      ['encrypt'],
    )
    const sealed = await subtle.encrypt(
      {
        name: 'AES-GCM',
        iv: hex('cafebabefacedbaddecaf888'),
        additionalData: hex('feedfacedeadbeeffeedfacedeadbeefabaddad2'),
      },
      key,
      hex(
        'd9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72' +
          '1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39',
      ),
    )
    expect(toHex(sealed)).toBe(
      '522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa' +
        '8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662' +
        '76fc6ece0f4e1768cddf8853bb2d551b',
    )
  })

  it('HKDF-SHA-256 (RFC 5869, test case 1)', async () => {
    const key = await subtle.importKey('raw', new Uint8Array(22).fill(0x0b), 'HKDF', false, [
      'deriveBits',
    ])
    const bits = await subtle.deriveBits(
      {
        name: 'HKDF',
        hash: 'SHA-256',
        salt: hex('000102030405060708090a0b0c'),
        info: hex('f0f1f2f3f4f5f6f7f8f9'),
      },
      key,
      336,
    )
    expect(toHex(bits)).toBe(
      '3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865',
    )
  })
})

describe('the vault', () => {
  it('opens with its passphrase, at the default KDF, and records the KDF and its parameters', async () => {
    const { vault } = await createVault('a long quiet passphrase', CONTENTS)
    expect(vault.kdf).toMatchObject({ name: 'PBKDF2', hash: 'SHA-256', iterations: 600_000 })
    expect(DEFAULT_ITERATIONS).toBeGreaterThanOrEqual(600_000)
    expect(fromBase64(vault.kdf.salt)).toHaveLength(16)
    const stored = JSON.stringify(vault)
    expect(stored).not.toContain(ENTRY.text)
    expect(stored).not.toContain('passphrase')
    const keys = await unlockVault(parseVault(stored), 'a long quiet passphrase')
    expect(await openContents(keys, vault)).toEqual(CONTENTS)
    expect(keys.dataKey.extractable).toBe(false)
    expect(keys.privateKey.extractable).toBe(false)
  })

  it('uses a new salt and new IVs every time', async () => {
    const a = (await createVault('same', CONTENTS, FAST)).vault
    const b = (await createVault('same', CONTENTS, FAST)).vault
    expect(a.kdf.salt).not.toBe(b.kdf.salt)
    expect(a.contents.iv).not.toBe(b.contents.iv)
    const again = await writeContents(await unlockVault(a, 'same'), a, CONTENTS)
    expect(again.contents.iv).not.toBe(a.contents.iv)
  })

  it('says calmly that a wrong passphrase is wrong', async () => {
    const { vault } = await createVault('right', CONTENTS, FAST)
    const error = await rejection(unlockVault(vault, 'wrong'))
    expect(error.kind).toBe('wrong-passphrase')
  })

  it('tells tampered and truncated data from a wrong passphrase', async () => {
    const { vault } = await createVault('right', CONTENTS, FAST)
    const keys = await unlockVault(vault, 'right')
    expect(
      (
        await rejection(
          openContents(
            keys,
            flip(vault, (v) => v.contents, 3),
          ),
        )
      ).kind,
    ).toBe('unreadable')
    expect(
      (
        await rejection(
          unlockVault(
            flip(vault, (v) => v.privateKey, 5),
            'right',
          ),
        )
      ).kind,
    ).toBe('unreadable')
    const truncated = JSON.stringify(vault).slice(0, -40)
    expect(() => parseVault(truncated)).toThrow(LockError)
    const shortened = { ...vault, contents: { ...vault.contents, ciphertext: 'AAAA' } }
    expect((await rejection(openContents(keys, shortened))).kind).toBe('unreadable')
    // One ciphertext cannot stand in for another (each is bound to its place).
    const swapped = { ...vault, contents: vault.privateKey }
    expect((await rejection(openContents(keys, swapped))).kind).toBe('unreadable')
    expect(() => parseVault('{"format":"something else"}')).toThrow(LockError)
  })

  it('takes entries sealed to its public key without the passphrase; only the passphrase reads them', async () => {
    const { vault } = await createVault('right', { entries: [], kept: [] }, FAST)
    const later = { id: ENTRY.id + 1, text: 'written while locked', date: ENTRY.date }
    const sealed = await sealContents(vault, { entries: [later], kept: [] })
    expect(JSON.stringify(sealed)).not.toContain(later.text)
    const keys = await unlockVault({ ...vault, sealed: [sealed] }, 'right')
    expect(await openSealed(keys, sealed)).toEqual({ entries: [later], kept: [] })
    const other = await unlockVault((await createVault('right', CONTENTS, FAST)).vault, 'right')
    expect((await rejection(openSealed(other, sealed))).kind).toBe('unreadable')
    const tampered = { ...sealed, ciphertext: toBase64(fromBase64(sealed.ciphertext).reverse()) }
    expect((await rejection(openSealed(keys, tampered))).kind).toBe('unreadable')
  })

  it('changes the passphrase by wrapping the data key again, the entries untouched', async () => {
    const { vault } = await createVault('old words', CONTENTS, FAST)
    const changed = await rewrapVault(vault, 'old words', 'new words', FAST)
    expect(changed.contents).toEqual(vault.contents)
    expect(changed.privateKey).toEqual(vault.privateKey)
    expect(changed.kdf.salt).not.toBe(vault.kdf.salt)
    expect((await rejection(unlockVault(changed, 'old words'))).kind).toBe('wrong-passphrase')
    expect(await openContents(await unlockVault(changed, 'new words'), changed)).toEqual(CONTENTS)
    expect((await rejection(rewrapVault(vault, 'not it', 'new words', FAST))).kind).toBe(
      'wrong-passphrase',
    )
  })

  it('raises the KDF on a later unlock, recorded beside the data', async () => {
    const { vault } = await createVault('steady', CONTENTS, FAST)
    expect(kdfNeedsUpgrade(vault.kdf)).toBe(true)
    const raised = await rewrapVault(vault, 'steady', 'steady')
    expect(raised.kdf.iterations).toBe(DEFAULT_ITERATIONS)
    expect(kdfNeedsUpgrade(raised.kdf)).toBe(false)
    expect(raised.contents).toEqual(vault.contents)
    expect(await openContents(await unlockVault(raised, 'steady'), raised)).toEqual(CONTENTS)
    // A vault already above today's figure is never lowered.
    const higher = { ...raised, kdf: { ...raised.kdf, iterations: DEFAULT_ITERATIONS + 1 } }
    expect(kdfNeedsUpgrade(higher.kdf)).toBe(false)
  })
})

describe('the encrypted copy', () => {
  const plainCopy = '{"format":"unburden-private-entries","version":1,"entries":[]}\n'

  it('round-trips, names its format, and holds no readable text', async () => {
    const file = await encryptCopy(
      'copy words',
      plainCopy.replace('[]', JSON.stringify([ENTRY])),
      FAST,
    )
    expect(JSON.parse(file)).toMatchObject({
      format: COPY_FORMAT,
      version: 1,
      cipher: 'AES-256-GCM',
      kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations: FAST },
    })
    expect(file).not.toContain(ENTRY.text)
    expect(isEncryptedCopy(file)).toBe(true)
    expect(isEncryptedCopy(plainCopy)).toBe(false)
    expect(await decryptCopy(file, 'copy words')).toContain(ENTRY.text)
  })

  it('refuses a wrong passphrase and a damaged file', async () => {
    const file = await encryptCopy('copy words', plainCopy, FAST)
    expect((await rejection(decryptCopy(file, 'other'))).kind).toBe('wrong-passphrase')
    const value = JSON.parse(file) as { ciphertext: string }
    expect((await rejection(decryptCopy(file.slice(0, 80), 'copy words'))).kind).toBe('unreadable')
    const cut = JSON.stringify({ ...value, ciphertext: value.ciphertext.slice(0, 8) })
    expect((await rejection(decryptCopy(cut, 'copy words'))).kind).toBe('unreadable')
  })
})
