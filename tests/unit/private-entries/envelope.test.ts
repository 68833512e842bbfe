/**
 * The lock's envelope (src/private-entries/lock/envelope.ts): the primitives against published
 * vectors, then the vault and the encrypted copy — round trips, a wrong passphrase, tampering,
 * truncation, changing the passphrase and raising the KDF — and what someone holding the device can
 * do to the stored vault: swap its public key, damage, remove or put back items, inflate the KDF.
 */
import { describe, expect, it } from 'vitest'
import {
  COPY_FORMAT,
  DEFAULT_ITERATIONS,
  LockError,
  MAX_ITERATIONS,
  createVault,
  decryptCopy,
  encryptCopy,
  fromBase64,
  isEncryptedCopy,
  kdfNeedsUpgrade,
  keysOpen,
  openSealed,
  parseVault,
  readVault,
  rekeyVault,
  rewrapVault,
  sealContents,
  toBase64,
  unlockVault,
  writeVault,
  type Vault,
  type VaultKeys,
  type VaultV2,
} from '../../../src/private-entries/lock/envelope'
import { createVaultV1, sealV1 } from '../../fixtures/vault-v1'

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
function flip<V>(vault: V, pick: (v: V) => { ciphertext: string }, at = 0): V {
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

/** The entries and kept values `keys` read from `vault`, nothing else. */
async function contentsOf(keys: VaultKeys, vault: Vault) {
  const { entries, kept } = await readVault(keys, vault)
  return { entries, kept }
}

const entryAt = (n: number, text = `entry ${n}`) => ({
  id: ENTRY.id + n,
  text,
  date: ENTRY.date,
})

describe('the vault', () => {
  it('opens with its passphrase, at the default KDF, and records the KDF and its parameters', async () => {
    const { vault } = await createVault('a long quiet passphrase', CONTENTS)
    expect(vault).toMatchObject({ version: 2 })
    expect(vault.kdf).toMatchObject({ name: 'PBKDF2', hash: 'SHA-256', iterations: 600_000 })
    expect(DEFAULT_ITERATIONS).toBeGreaterThanOrEqual(600_000)
    expect(fromBase64(vault.kdf.salt)).toHaveLength(16)
    const stored = JSON.stringify(vault)
    expect(stored).not.toContain(ENTRY.text)
    expect(stored).not.toContain('passphrase')
    const keys = await unlockVault(parseVault(stored), 'a long quiet passphrase')
    expect(await contentsOf(keys, vault)).toEqual(CONTENTS)
    expect(keys.dataKey.extractable).toBe(false)
    expect(keys.privateKey.extractable).toBe(false)
    expect(keys.publicKey).toBe(vault.publicKey)
  })

  it('uses a new salt and new IVs every time', async () => {
    const a = (await createVault('same', CONTENTS, FAST)).vault
    const b = (await createVault('same', CONTENTS, FAST)).vault
    expect(a.kdf.salt).not.toBe(b.kdf.salt)
    expect(a.items[0]!.iv).not.toBe(b.items[0]!.iv)
    const keys = await unlockVault(a, 'same')
    const again = await writeVault(keys, a, CONTENTS, await readVault(keys, a))
    expect(again.items.map((item) => item.iv)).not.toContain(a.items[0]!.iv)
    expect(again.manifest.iv).not.toBe(a.manifest.iv)
  })

  it('says calmly that a wrong passphrase is wrong', async () => {
    const { vault } = await createVault('right', CONTENTS, FAST)
    const error = await rejection(unlockVault(vault, 'wrong'))
    expect(error.kind).toBe('wrong-passphrase')
  })

  it('tells tampered and truncated data from a wrong passphrase', async () => {
    const { vault } = await createVault('right', CONTENTS, FAST)
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
    expect(() => parseVault('{"format":"something else"}')).toThrow(LockError)
    // One ciphertext cannot stand in for another (each is bound to its place).
    const keys = await unlockVault(vault, 'right')
    const swapped = { ...vault, manifest: vault.privateKey }
    expect((await readVault(keys, swapped)).problems.listDamaged).toBe(true)
  })

  it('takes entries sealed to its public key without the passphrase; only the passphrase reads them', async () => {
    const { vault } = await createVault('right', { entries: [], kept: [] }, FAST)
    const later = { id: ENTRY.id + 1, text: 'written while locked', date: ENTRY.date }
    const sealed = await sealContents(vault, { entries: [later], kept: [] })
    expect(JSON.stringify(sealed)).not.toContain(later.text)
    const keys = await unlockVault({ ...vault, sealed: [sealed] }, 'right')
    expect(await openSealed(keys, sealed)).toEqual({ entries: [later], kept: [], seq: 0 })
    const other = await unlockVault((await createVault('right', CONTENTS, FAST)).vault, 'right')
    expect((await rejection(openSealed(other, sealed))).kind).toBe('unreadable')
    const tampered = { ...sealed, ciphertext: toBase64(fromBase64(sealed.ciphertext).reverse()) }
    expect((await rejection(openSealed(keys, tampered))).kind).toBe('unreadable')
  })

  it('raises the KDF on a later unlock, recorded beside the data', async () => {
    const { vault } = await createVault('steady', CONTENTS, FAST)
    expect(kdfNeedsUpgrade(vault.kdf)).toBe(true)
    const raised = await rewrapVault(vault, 'steady')
    expect(raised.kdf.iterations).toBe(DEFAULT_ITERATIONS)
    expect(kdfNeedsUpgrade(raised.kdf)).toBe(false)
    expect(raised.items).toEqual(vault.items)
    expect(await contentsOf(await unlockVault(raised, 'steady'), raised)).toEqual(CONTENTS)
    // A vault already above today's figure is never lowered.
    const higher = { ...raised, kdf: { ...raised.kdf, iterations: DEFAULT_ITERATIONS + 1 } }
    expect(kdfNeedsUpgrade(higher.kdf)).toBe(false)
  })
})

describe('a new passphrase', () => {
  it('makes a new data key and key pair: the old wrap, wherever it survives, opens nothing written since', async () => {
    const { vault, keys } = await createVault('old words', CONTENTS, FAST)
    const read = await readVault(keys, vault)
    const { vault: changed, keys: newKeys } = await rekeyVault(read, 'new words', FAST)
    expect(await contentsOf(newKeys, changed)).toEqual(CONTENTS)
    expect(changed.publicKey).not.toBe(vault.publicKey)
    expect((await rejection(unlockVault(changed, 'old words'))).kind).toBe('wrong-passphrase')
    // Someone who learned the old passphrase puts the old wrap back beside the new data.
    const grafted: VaultV2 = { ...changed, kdf: vault.kdf, key: vault.key }
    expect((await rejection(unlockVault(grafted, 'old words'))).kind).toBe('unreadable')
    const later = await writeVault(newKeys, changed, { entries: [entryAt(9)], kept: [] }, read)
    const oldDataKey = { ...keys, publicKey: later.publicKey }
    const seen = await readVault(oldDataKey, later)
    expect(seen.entries).toEqual([])
    expect(seen.problems).toMatchObject({ damaged: 1, listDamaged: true })
  })
})

describe('someone holding the device', () => {
  it('swaps the public key: every unlock notices, and a write puts the vault’s own key back', async () => {
    const { vault } = await createVault('right', CONTENTS, FAST)
    const theirs = (await createVault('theirs', { entries: [], kept: [] }, FAST)).vault
    const swapped = { ...vault, publicKey: theirs.publicKey }
    // What the owner then saves while locked is sealed to the swapped key...
    const sealed = await sealContents(swapped, { entries: [entryAt(1)], kept: [] })
    const theirKeys = await unlockVault(theirs, 'theirs')
    expect((await openSealed(theirKeys, sealed)).entries).toEqual([entryAt(1)])
    // ...and the owner's unlock says so, instead of passing in silence.
    const keys = await unlockVault({ ...swapped, sealed: [sealed] }, 'right')
    expect(keys.publicKey).toBe(vault.publicKey)
    const read = await readVault(keys, { ...swapped, sealed: [sealed] })
    expect(read.problems.keyChanged).toBe(true)
    expect(read.problems.damaged).toBe(1)
    const repaired = await writeVault(keys, swapped, read, read)
    expect(repaired.publicKey).toBe(vault.publicKey)
    expect((await readVault(keys, repaired)).problems.keyChanged).toBe(false)
  })

  it('damages one item: only that one is lost, the rest is read, and the damaged one is kept as it is', async () => {
    const contents = { entries: [entryAt(1), entryAt(2), entryAt(3)], kept: [] }
    const { vault, keys } = await createVault('right', contents, FAST)
    const damaged = flip(vault, (v) => v.items[1]!, 4)
    const read = await readVault(keys, damaged)
    expect(read.entries).toEqual([entryAt(1), entryAt(3)])
    expect(read.problems).toMatchObject({ damaged: 1, missing: 0, listDamaged: false })
    const written = await writeVault(keys, damaged, read, read)
    expect(written.items).toContainEqual(damaged.items[1])
    expect((await readVault(keys, written)).problems.damaged).toBe(1)
    // A damaged sealed addition too loses only itself.
    const a = await sealContents(vault, { entries: [entryAt(4)], kept: [] })
    const b = flip(await sealContents(vault, { entries: [entryAt(5)], kept: [] }), (s) => s, 2)
    const withSealed = await readVault(keys, { ...vault, sealed: [a, b] })
    expect(withSealed.entries.map((e) => e.id)).toEqual([1, 2, 3, 4].map((n) => ENTRY.id + n))
    expect(withSealed.damagedSealed).toEqual([b])
  })

  it('a damaged list still shows every item that can be read, and says it cannot tell what is missing', async () => {
    const { vault, keys } = await createVault('right', { entries: [entryAt(1)], kept: [] }, FAST)
    const read = await readVault(
      keys,
      flip(vault, (v) => v.manifest, 3),
    )
    expect(read.entries).toEqual([entryAt(1)])
    expect(read.problems.listDamaged).toBe(true)
  })

  it('removes items or sealed additions: the unlock counts them', async () => {
    const { vault, keys } = await createVault(
      'right',
      { entries: [entryAt(1), entryAt(2)], kept: [] },
      FAST,
    )
    const fewer = { ...vault, items: vault.items.slice(1) }
    expect((await readVault(keys, fewer)).problems.missing).toBe(1)
    let withSealed: VaultV2 = vault
    for (const n of [3, 4, 5])
      withSealed = {
        ...withSealed,
        sealed: [
          ...withSealed.sealed,
          await sealContents(withSealed, { entries: [entryAt(n)], kept: [] }),
        ],
      }
    const gap = { ...withSealed, sealed: [withSealed.sealed[0]!, withSealed.sealed[2]!] }
    expect((await readVault(keys, gap)).problems.missing).toBe(1)
  })

  it('puts back an item the owner let go: it is not shown', async () => {
    const { vault, keys } = await createVault(
      'right',
      { entries: [entryAt(1), entryAt(2)], kept: [] },
      FAST,
    )
    const read = await readVault(keys, vault)
    const after = await writeVault(keys, vault, { entries: [entryAt(1)], kept: [] }, read)
    const replayed = { ...after, items: [...after.items, ...vault.items] }
    expect((await readVault(keys, replayed)).entries).toEqual([entryAt(1)])
  })

  it('asks for billions of KDF iterations: the vault and the copy are refused at once', async () => {
    const { vault } = await createVault('right', CONTENTS, FAST)
    const inflated = { ...vault, kdf: { ...vault.kdf, iterations: 5e9 } }
    expect(() => parseVault(JSON.stringify(inflated))).toThrow(LockError)
    expect(
      parseVault(JSON.stringify({ ...vault, kdf: { ...vault.kdf, iterations: MAX_ITERATIONS } })),
    ).toBeTruthy()
    const copy = JSON.parse(await encryptCopy('words', '{}', FAST)) as { kdf: object }
    const started = performance.now()
    const error = await rejection(
      decryptCopy(JSON.stringify({ ...copy, kdf: { ...copy.kdf, iterations: 5e9 } }), 'words'),
    )
    expect(error.kind).toBe('unreadable')
    expect(performance.now() - started).toBeLessThan(1_000)
  })

  it('hands over keys of another vault: they are told apart from the vault’s own', async () => {
    const { vault, keys } = await createVault('right', CONTENTS, FAST)
    const other = await createVault('right', CONTENTS, FAST)
    expect(await keysOpen(keys, vault)).toBe(true)
    expect(await keysOpen(other.keys, vault)).toBe(false)
    expect(await keysOpen({ ...keys, publicKey: other.vault.publicKey }, vault)).toBe(false)
  })
})

describe('a vault written by an earlier version', () => {
  it('opens, folds in what was sealed then, checks its public key, and is written in today’s form', async () => {
    const v1 = await createVaultV1('earlier words', CONTENTS)
    const sealed = await sealV1(v1, { entries: [entryAt(1)], kept: [] })
    const stored = parseVault(JSON.stringify({ ...v1, sealed: [sealed] }))
    const keys = await unlockVault(stored, 'earlier words')
    expect(keys.publicKey).toBe(v1.publicKey)
    const read = await readVault(keys, stored)
    expect(read.entries).toEqual([ENTRY, entryAt(1)])
    expect(read.kept).toEqual(CONTENTS.kept)
    expect(read.problems).toMatchObject({ damaged: 0, missing: 0, keyChanged: false })
    const upgraded = await writeVault(keys, stored, read, read)
    expect(upgraded).toMatchObject({ version: 2, sealed: [], key: v1.key, kdf: v1.kdf })
    expect(await contentsOf(await unlockVault(upgraded, 'earlier words'), upgraded)).toEqual({
      entries: [ENTRY, entryAt(1)],
      kept: CONTENTS.kept,
    })
    const swapped = { ...stored, publicKey: (await createVaultV1('x', CONTENTS)).publicKey }
    expect((await readVault(keys, swapped)).problems.keyChanged).toBe(true)
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

describe('after a hostile review', () => {
  it('a forged place number counts no more missing additions than there are', async () => {
    const { vault, keys } = await createVault('right', { entries: [], kept: [] }, FAST)
    const forged = await sealContents(
      { ...vault, sealed: new Array(2 ** 20).fill(null) as never },
      { entries: [entryAt(1)], kept: [] },
    )
    const read = await readVault(keys, { ...vault, sealed: [forged] })
    expect(read.problems.missing).toBeLessThanOrEqual(1)
  })

  it('of two items under one ref, the one that opens is kept, even behind a damaged copy', async () => {
    const { vault, keys } = await createVault('right', { entries: [entryAt(1)], kept: [] }, FAST)
    const damaged = flip(vault, (v) => v.items[0]!, 2)
    const both = { ...vault, items: [damaged.items[0]!, vault.items[0]!] }
    const read = await readVault(keys, both)
    expect(read.entries).toEqual([entryAt(1)])
    expect(read.problems.damaged).toBe(0)
  })
})
