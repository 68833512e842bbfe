/**
 * The lock's cryptography (PRODUCT.md 20), with no React, no DOM and no storage: WebCrypto only, so
 * the same code runs in every browser and in Node's tests. The format is documented in
 * docs/private-entries-format.md; change the two together.
 *
 * - A random 256-bit data key encrypts the entries (AES-GCM, a fresh IV on every write).
 * - The data key is wrapped (AES-GCM) by a key derived from the passphrase; the KDF's name and
 *   parameters are stored beside it, so they can be raised on a later unlock without touching the
 *   entries. Changing the passphrase re-wraps the data key only.
 * - An ECDH P-256 key pair lets anyone holding the phone add an entry without the passphrase: a new
 *   entry is sealed to the public key (ephemeral ECDH, HKDF-SHA-256, AES-GCM); the private key is
 *   wrapped by the data key, so only the passphrase reads what was sealed.
 * Keys that leave this module are non-extractable CryptoKeys; the passphrase is never kept.
 */
import type { SanctuaryEntry } from '../../../shared/sanctuary-entries'

/** The key derivation and its parameters, as stored. */
export interface KdfParams {
  name: 'PBKDF2'
  hash: 'SHA-256'
  iterations: number
  /** base64, 16 random bytes, new for every wrap. */
  salt: string
}

/** OWASP's figure for PBKDF2-HMAC-SHA-256 (Password Storage Cheat Sheet). */
export const DEFAULT_ITERATIONS = 600_000

/** One AES-GCM ciphertext (the 16-byte tag at its end, as WebCrypto writes it) and its IV. */
export interface Sealed {
  /** base64, 12 bytes. */
  iv: string
  /** base64. */
  ciphertext: string
}

/** Contents added while locked (a new entry, or what a half-finished lock left in plain): sealed to the vault's public key. */
export interface SealedEntry extends Sealed {
  /** base64, the ephemeral P-256 public key (65 bytes, uncompressed). */
  epk: string
}

/** What `sanctuary-vault` holds. */
export interface Vault {
  format: typeof VAULT_FORMAT
  version: 1
  kdf: KdfParams
  /** The data key (32 bytes), wrapped by the passphrase's key. */
  key: Sealed
  /** base64, the P-256 public key (65 bytes, uncompressed) that new entries are sealed to. */
  publicKey: string
  /** The P-256 private key (PKCS #8), wrapped by the data key. */
  privateKey: Sealed
  /** The contents (`VaultContents` as JSON), encrypted by the data key. */
  contents: Sealed
  /** Contents (`VaultContents` as JSON) added while locked, oldest first. */
  sealed: SealedEntry[]
}

/** What the vault's `contents` decrypt to. */
export interface VaultContents {
  entries: SanctuaryEntry[]
  /** Values once kept aside under `sanctuary-entries-backup-*`, kept here while locked. */
  kept: { key: string; value: string }[]
}

/** The keys an unlocked vault is read and written with; they live in memory only. */
export interface VaultKeys {
  dataKey: CryptoKey
  privateKey: CryptoKey
}

export const VAULT_FORMAT = 'unburden-sanctuary-vault'
export const COPY_FORMAT = 'unburden-private-entries-encrypted'

/** An encrypted copy ("Download a copy"): the plain copy's file, encrypted by a passphrase. */
export interface EncryptedCopy {
  format: typeof COPY_FORMAT
  version: 1
  kdf: KdfParams
  cipher: 'AES-256-GCM'
  iv: string
  ciphertext: string
}

/** Why a vault or a copy could not be opened. */
export class LockError extends Error {
  constructor(
    readonly kind: 'wrong-passphrase' | 'unreadable',
    message: string,
  ) {
    super(message)
    this.name = 'LockError'
  }
}

// Additional data that tells the vault's ciphertexts apart, so none can stand in for another.
const AAD = {
  key: 'unburden-sanctuary-vault/1/key',
  privateKey: 'unburden-sanctuary-vault/1/private-key',
  contents: 'unburden-sanctuary-vault/1/contents',
  sealed: 'unburden-sanctuary-vault/1/sealed',
} as const

const subtle = () => globalThis.crypto.subtle
const utf8 = new TextEncoder()
const fromUtf8 = new TextDecoder('utf-8', { fatal: true })
const random = (length: number) => globalThis.crypto.getRandomValues(new Uint8Array(length))

/** Standard base64 of `bytes`. */
export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/** The bytes of standard base64 `text`; throws `unreadable` on anything else. */
export function fromBase64(text: unknown): Uint8Array<ArrayBuffer> {
  if (typeof text !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0)
    throw unreadable()
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

const unreadable = () =>
  new LockError('unreadable', 'The locked data is damaged or incomplete, so it cannot be read.')
const wrongPassphrase = () =>
  new LockError('wrong-passphrase', 'That passphrase does not open these entries.')

/** Fresh KDF parameters (a new salt) at `iterations`. */
export function newKdf(iterations: number = DEFAULT_ITERATIONS): KdfParams {
  return { name: 'PBKDF2', hash: 'SHA-256', iterations, salt: toBase64(random(16)) }
}

/** Whether `kdf` is weaker than what a new wrap would use (then the next unlock raises it). */
export function kdfNeedsUpgrade(kdf: KdfParams, iterations: number = DEFAULT_ITERATIONS): boolean {
  return kdf.iterations < iterations
}

/** The AES-GCM key `passphrase` derives under `kdf` (async: the browser runs it off the page). */
export async function deriveKey(passphrase: string, kdf: KdfParams): Promise<CryptoKey> {
  const material = await subtle().importKey(
    'raw',
    utf8.encode(passphrase.normalize('NFC')),
    'PBKDF2',
    false,
    ['deriveKey'],
  )
  return subtle().deriveKey(
    { name: 'PBKDF2', hash: kdf.hash, iterations: kdf.iterations, salt: fromBase64(kdf.salt) },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
}

async function encrypt(key: CryptoKey, plain: Uint8Array<ArrayBuffer>, aad?: string) {
  const iv = random(12)
  const ciphertext = await subtle().encrypt(
    aad === undefined
      ? { name: 'AES-GCM', iv }
      : { name: 'AES-GCM', iv, additionalData: utf8.encode(aad) },
    key,
    plain,
  )
  return { iv: toBase64(iv), ciphertext: toBase64(new Uint8Array(ciphertext)) }
}

/** Decrypts `sealed`; a failed tag throws `failure` (the caller knows what it means). */
async function decrypt(
  key: CryptoKey,
  sealed: Sealed,
  aad: string | undefined,
  failure: () => LockError,
): Promise<Uint8Array<ArrayBuffer>> {
  const iv = fromBase64(sealed.iv)
  const ciphertext = fromBase64(sealed.ciphertext)
  if (iv.length !== 12 || ciphertext.length < 16) throw unreadable()
  try {
    const plain = await subtle().decrypt(
      aad === undefined
        ? { name: 'AES-GCM', iv }
        : { name: 'AES-GCM', iv, additionalData: utf8.encode(aad) },
      key,
      ciphertext,
    )
    return new Uint8Array(plain)
  } catch {
    throw failure()
  }
}

const importDataKey = (raw: Uint8Array<ArrayBuffer>) =>
  subtle().importKey('raw', raw, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(fromUtf8.decode(bytes))
  } catch {
    throw unreadable()
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isSealed = (value: unknown): value is Sealed =>
  isRecord(value) && typeof value.iv === 'string' && typeof value.ciphertext === 'string'
const isKdf = (value: unknown): value is KdfParams =>
  isRecord(value) &&
  value.name === 'PBKDF2' &&
  value.hash === 'SHA-256' &&
  typeof value.iterations === 'number' &&
  Number.isSafeInteger(value.iterations) &&
  value.iterations >= 1 &&
  typeof value.salt === 'string'
const isEntry = (value: unknown): value is SanctuaryEntry =>
  isRecord(value) &&
  typeof value.id === 'number' &&
  typeof value.text === 'string' &&
  typeof value.date === 'string'

/** Reads a stored vault; throws `unreadable` for anything that is not one, whole. */
export function parseVault(raw: string): Vault {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    throw unreadable()
  }
  if (
    !isRecord(value) ||
    value.format !== VAULT_FORMAT ||
    value.version !== 1 ||
    !isKdf(value.kdf) ||
    !isSealed(value.key) ||
    typeof value.publicKey !== 'string' ||
    !isSealed(value.privateKey) ||
    !isSealed(value.contents) ||
    !Array.isArray(value.sealed) ||
    !value.sealed.every(
      (item: unknown) => isSealed(item) && typeof (item as SealedEntry).epk === 'string',
    )
  )
    throw unreadable()
  return value as unknown as Vault
}

const plainContents = (contents: VaultContents): VaultContents => ({
  entries: contents.entries.map(({ id, text, date }) => ({ id, text, date })),
  kept: contents.kept.map(({ key, value }) => ({ key, value })),
})

async function encryptContents(dataKey: CryptoKey, contents: VaultContents): Promise<Sealed> {
  return encrypt(dataKey, utf8.encode(JSON.stringify(plainContents(contents))), AAD.contents)
}

/** A new vault holding `contents`, locked by `passphrase`; and its keys. */
export async function createVault(
  passphrase: string,
  contents: VaultContents,
  iterations: number = DEFAULT_ITERATIONS,
): Promise<{ vault: Vault; keys: VaultKeys }> {
  const rawDataKey = random(32)
  const kdf = newKdf(iterations)
  const wrappingKey = await deriveKey(passphrase, kdf)
  const dataKey = await importDataKey(rawDataKey)
  const pair = await subtle().generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])
  const publicKey = new Uint8Array(await subtle().exportKey('raw', pair.publicKey))
  const pkcs8 = new Uint8Array(await subtle().exportKey('pkcs8', pair.privateKey))
  const vault: Vault = {
    format: VAULT_FORMAT,
    version: 1,
    kdf,
    key: await encrypt(wrappingKey, rawDataKey, AAD.key),
    publicKey: toBase64(publicKey),
    privateKey: await encrypt(dataKey, pkcs8, AAD.privateKey),
    contents: await encryptContents(dataKey, contents),
    sealed: [],
  }
  rawDataKey.fill(0)
  pkcs8.fill(0)
  // Imported again from its wrapped form, so the private key handed out is non-extractable.
  return { vault, keys: { dataKey, privateKey: await importPrivateKey(vault.privateKey, dataKey) } }
}

async function importPrivateKey(wrapped: Sealed, dataKey: CryptoKey): Promise<CryptoKey> {
  const pkcs8 = await decrypt(dataKey, wrapped, AAD.privateKey, unreadable)
  try {
    return await subtle().importKey('pkcs8', pkcs8, { name: 'ECDH', namedCurve: 'P-256' }, false, [
      'deriveBits',
    ])
  } catch {
    throw unreadable()
  } finally {
    pkcs8.fill(0)
  }
}

/** The data key `passphrase` unwraps from `vault`; throws `wrong-passphrase` or `unreadable`. */
async function unwrapDataKey(vault: Vault, passphrase: string): Promise<CryptoKey> {
  const wrappingKey = await deriveKey(passphrase, vault.kdf)
  const raw = await decrypt(wrappingKey, vault.key, AAD.key, wrongPassphrase)
  if (raw.length !== 32) throw unreadable()
  try {
    return await importDataKey(raw)
  } finally {
    raw.fill(0)
  }
}

/** The keys of `vault` if `passphrase` opens it; throws `wrong-passphrase` or `unreadable`. */
export async function unlockVault(vault: Vault, passphrase: string): Promise<VaultKeys> {
  const dataKey = await unwrapDataKey(vault, passphrase)
  return { dataKey, privateKey: await importPrivateKey(vault.privateKey, dataKey) }
}

/**
 * `vault` with its data key wrapped again by `passphrase` under fresh KDF parameters (a new salt, and
 * `iterations`): how the passphrase is changed and the KDF raised. The entries are not touched.
 */
export async function rewrapVault(
  vault: Vault,
  currentPassphrase: string,
  passphrase: string,
  iterations: number = Math.max(DEFAULT_ITERATIONS, vault.kdf.iterations),
): Promise<Vault> {
  const wrappingKey = await deriveKey(currentPassphrase, vault.kdf)
  const raw = await decrypt(wrappingKey, vault.key, AAD.key, wrongPassphrase)
  if (raw.length !== 32) throw unreadable()
  const kdf = newKdf(iterations)
  const key = await encrypt(await deriveKey(passphrase, kdf), raw, AAD.key)
  raw.fill(0)
  return { ...vault, kdf, key }
}

const SEALED_INFO = utf8.encode('unburden-sanctuary-vault/1/sealed-key')

async function sealedEntryKey(
  privateKey: CryptoKey,
  publicKey: CryptoKey,
  epk: Uint8Array<ArrayBuffer>,
) {
  const shared = await subtle().deriveBits({ name: 'ECDH', public: publicKey }, privateKey, 256)
  const hkdf = await subtle().importKey('raw', shared, 'HKDF', false, ['deriveKey'])
  return subtle().deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: epk, info: SEALED_INFO },
    hkdf,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
}

const importPublicKey = (raw: Uint8Array<ArrayBuffer>) =>
  subtle().importKey('raw', raw, { name: 'ECDH', namedCurve: 'P-256' }, false, [])

/** `contents` sealed to the vault's public key: readable only with the vault's passphrase. */
export async function sealContents(vault: Vault, contents: VaultContents): Promise<SealedEntry> {
  const recipient = await importPublicKey(fromBase64(vault.publicKey))
  const ephemeral = await subtle().generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
    'deriveBits',
  ])
  const epk = new Uint8Array(await subtle().exportKey('raw', ephemeral.publicKey))
  const key = await sealedEntryKey(ephemeral.privateKey, recipient, epk)
  const sealed = await encrypt(
    key,
    utf8.encode(JSON.stringify(plainContents(contents))),
    AAD.sealed,
  )
  return { epk: toBase64(epk), ...sealed }
}

/** What `sealed` holds; throws `unreadable`. */
export async function openSealed(keys: VaultKeys, sealed: SealedEntry): Promise<VaultContents> {
  const epk = fromBase64(sealed.epk)
  let sender: CryptoKey
  try {
    sender = await importPublicKey(epk)
  } catch {
    throw unreadable()
  }
  const key = await sealedEntryKey(keys.privateKey, sender, epk)
  return asContents(parseJson(await decrypt(key, sealed, AAD.sealed, unreadable)))
}

function asContents(value: unknown): VaultContents {
  if (
    !isRecord(value) ||
    !Array.isArray(value.entries) ||
    !value.entries.every(isEntry) ||
    !Array.isArray(value.kept) ||
    !value.kept.every(
      (item) => isRecord(item) && typeof item.key === 'string' && typeof item.value === 'string',
    )
  )
    throw unreadable()
  return plainContents({ entries: value.entries, kept: value.kept as VaultContents['kept'] })
}

/** What `vault.contents` holds; throws `unreadable`. */
export async function openContents(keys: VaultKeys, vault: Vault): Promise<VaultContents> {
  return asContents(
    parseJson(await decrypt(keys.dataKey, vault.contents, AAD.contents, unreadable)),
  )
}

/** `vault` holding `contents` instead (a fresh IV), keeping the sealed entries in `keepSealed`. */
export async function writeContents(
  keys: VaultKeys,
  vault: Vault,
  contents: VaultContents,
  keepSealed: SealedEntry[] = vault.sealed,
): Promise<Vault> {
  return { ...vault, contents: await encryptContents(keys.dataKey, contents), sealed: keepSealed }
}

/** A copy's file text (the plain copy `copyText`), encrypted by `passphrase`. */
export async function encryptCopy(
  passphrase: string,
  copyText: string,
  iterations: number = DEFAULT_ITERATIONS,
): Promise<string> {
  const kdf = newKdf(iterations)
  const sealed = await encrypt(await deriveKey(passphrase, kdf), utf8.encode(copyText))
  const copy: EncryptedCopy = {
    format: COPY_FORMAT,
    version: 1,
    kdf,
    cipher: 'AES-256-GCM',
    ...sealed,
  }
  return `${JSON.stringify(copy, null, 2)}\n`
}

/** Whether `raw` is an encrypted copy (by its format; it may still be damaged). */
export function isEncryptedCopy(raw: string): boolean {
  try {
    const value: unknown = JSON.parse(raw)
    return isRecord(value) && value.format === COPY_FORMAT
  } catch {
    return false
  }
}

/** The plain copy inside an encrypted one; throws `wrong-passphrase` or `unreadable`. */
export async function decryptCopy(raw: string, passphrase: string): Promise<string> {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    throw unreadable()
  }
  if (
    !isRecord(value) ||
    value.format !== COPY_FORMAT ||
    value.version !== 1 ||
    value.cipher !== 'AES-256-GCM' ||
    !isKdf(value.kdf) ||
    !isSealed(value)
  )
    throw unreadable()
  const key = await deriveKey(passphrase, value.kdf)
  try {
    return fromUtf8.decode(await decrypt(key, value, undefined, wrongPassphrase))
  } catch (error) {
    if (error instanceof LockError) throw error
    throw unreadable()
  }
}
