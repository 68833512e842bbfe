/**
 * The lock's cryptography (docs/product.md, decision 20), with no React, no DOM and no storage: WebCrypto only, so
 * the same code runs in every browser and in Node's tests. The format is documented in
 * docs/private-entries-format.md; change the two together.
 *
 * - A random 256-bit data key encrypts the entries, each on its own (AES-GCM, a fresh IV on every
 *   write), so damage to one loses only that one; an encrypted manifest lists them, so one removed
 *   from storage is noticed.
 * - The data key is wrapped (AES-GCM) by a key derived from the passphrase; the KDF's name and
 *   parameters are stored beside it, so they can be raised on a later unlock without touching the
 *   entries. Changing the passphrase makes a new data key and key pair and encrypts everything again,
 *   so an old wrap left anywhere opens nothing written since.
 * - An ECDH P-256 key pair lets anyone holding the phone add an entry without the passphrase: a new
 *   entry is sealed to the public key (ephemeral ECDH, HKDF-SHA-256, AES-GCM); the private key is
 *   wrapped by the data key, so only the passphrase reads what was sealed. The stored public key is
 *   checked against the private key at every unlock, since anyone holding the phone could swap it.
 * Keys that leave this module are non-extractable CryptoKeys; the passphrase is never kept.
 */
import { placeOf, type PrivateEntry } from '../private-entry'

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

/**
 * The most iterations a vault or a copy may ask for: a stored count is not trusted, and one crafted
 * to billions would hang the unlock. scripts/decrypt-copy.mjs holds the same figure.
 */
export const MAX_ITERATIONS = 2_000_000

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

/** One entry, or one kept value, encrypted by the data key on its own. */
export interface VaultItem extends Sealed {
  /** base64, 16 random bytes naming the item in the manifest (and in its additional data). */
  ref: string
}

/** What every vault holds. */
interface VaultBase {
  format: typeof VAULT_FORMAT
  kdf: KdfParams
  /** The data key (32 bytes), wrapped by the passphrase's key. */
  key: Sealed
  /** base64, the P-256 public key (65 bytes, uncompressed) that new entries are sealed to. */
  publicKey: string
  /** The P-256 private key (PKCS #8), wrapped by the data key. */
  privateKey: Sealed
  /** Contents (`VaultContents` as JSON) added while locked, oldest first. */
  sealed: SealedEntry[]
}

/** The vault as versions before 2 wrote it: every entry in one ciphertext. Read, never written. */
export interface VaultV1 extends VaultBase {
  version: 1
  /** The contents (`VaultContents` as JSON), encrypted by the data key. */
  contents: Sealed
}

/** The vault as it is written now. */
export interface VaultV2 extends VaultBase {
  version: 2
  /** `{generation, refs}` as JSON, encrypted by the data key: which items belong. */
  manifest: Sealed
  /** The entries and kept values, each on its own. */
  items: VaultItem[]
}

/** What `sanctuary-vault` holds. */
export type Vault = VaultV1 | VaultV2

/** What the vault's contents decrypt to. */
export interface VaultContents {
  entries: PrivateEntry[]
  /** Values once kept aside under `sanctuary-entries-backup-*`, kept here while locked. */
  kept: { key: string; value: string }[]
}

/** The keys an unlocked vault is read and written with; they live in memory only. */
export interface VaultKeys {
  dataKey: CryptoKey
  privateKey: CryptoKey
  /** base64, the public key that belongs to `privateKey` (not the stored one, which may be swapped). */
  publicKey: string
}

/** What an unlock found wrong, beside what it could read. */
export interface VaultProblems {
  /** Items or sealed additions that failed their tag (or the list itself, in a vault of version 1). */
  damaged: number
  /** Items the manifest lists, or sealed additions numbered, that are not in storage any more. */
  missing: number
  /** The stored public key was not the vault's own: entries saved meanwhile may have been read. */
  keyChanged: boolean
  /** The manifest could not be read: every readable item is shown, and nothing missing can be told. */
  listDamaged: boolean
  /**
   * Entries found stored without the lock beside the vault and sealed in (a lock interrupted half
   * way, or words written while someone had taken the vault away): they may have been read.
   */
  foundUnlocked: number
}

/** Everything a vault holds as far as it can be read, and what could not be. */
export interface VaultRead extends VaultContents {
  problems: VaultProblems
  /** Kept as they are, unread, so a later write destroys nothing. */
  damagedItems: VaultItem[]
  damagedSealed: SealedEntry[]
  generation: number
}

// 'sanctuary' (the private entries' former name in code) stays in the format and the additional
// data below: both are stored in, and bound into, the vaults already on users' devices.
const VAULT_FORMAT = 'unburden-sanctuary-vault'
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
  manifest: 'unburden-sanctuary-vault/2/manifest',
  /** Followed by the item's ref, so an item cannot be passed off as another. */
  item: 'unburden-sanctuary-vault/2/item/',
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
function newKdf(iterations: number = DEFAULT_ITERATIONS): KdfParams {
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
  value.iterations <= MAX_ITERATIONS &&
  typeof value.salt === 'string'
// Ids are whole numbers a step can be added to (an id planted at 2^53 or Infinity would make the
// search for a free id never end).
const isEntry = (value: unknown): value is PrivateEntry =>
  isRecord(value) &&
  typeof value.id === 'number' &&
  Number.isSafeInteger(value.id) &&
  Math.abs(value.id) < Number.MAX_SAFE_INTEGER / 2 &&
  typeof value.text === 'string' &&
  typeof value.date === 'string'

/** `raw` as JSON; throws `unreadable` when it is not JSON at all. */
function parsedOrUnreadable(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown
  } catch {
    throw unreadable()
  }
}

/** Reads a stored vault; throws `unreadable` for anything that is not one, whole. */
export function parseVault(raw: string): Vault {
  const value = parsedOrUnreadable(raw)
  if (
    !isRecord(value) ||
    value.format !== VAULT_FORMAT ||
    !isKdf(value.kdf) ||
    !isSealed(value.key) ||
    typeof value.publicKey !== 'string' ||
    !isSealed(value.privateKey) ||
    !Array.isArray(value.sealed) ||
    !value.sealed.every(
      (item: unknown) => isSealed(item) && typeof (item as SealedEntry).epk === 'string',
    )
  )
    throw unreadable()
  if (value.version === 1 && isSealed(value.contents)) return value as unknown as VaultV1
  if (
    value.version === 2 &&
    isSealed(value.manifest) &&
    Array.isArray(value.items) &&
    value.items.every(
      (item: unknown) => isSealed(item) && typeof (item as VaultItem).ref === 'string',
    )
  )
    return value as unknown as VaultV2
  throw unreadable()
}

const plainContents = (contents: VaultContents): VaultContents => ({
  entries: contents.entries.map(({ id, text, date }) => ({ id, text, date })),
  kept: contents.kept.map(({ key, value }) => ({ key, value })),
})

const encryptJson = (key: CryptoKey, value: unknown, aad: string) =>
  encrypt(key, utf8.encode(JSON.stringify(value)), aad)

/** `contents` as items, each under a new ref, plus the items kept as they were; and the manifest. */
async function encryptItems(
  dataKey: CryptoKey,
  contents: VaultContents,
  keepItems: VaultItem[],
  generation: number,
): Promise<{ items: VaultItem[]; manifest: Sealed }> {
  const items = [...keepItems]
  const { entries, kept } = plainContents(contents)
  for (const value of [...entries.map((entry) => ({ entry })), ...kept.map((k) => ({ kept: k }))]) {
    const ref = toBase64(random(16))
    items.push({ ref, ...(await encryptJson(dataKey, value, AAD.item + ref)) })
  }
  const manifest = await encryptJson(
    dataKey,
    { generation, refs: items.map((item) => item.ref) },
    AAD.manifest,
  )
  return { items, manifest }
}

/** A new key pair, and the public half as stored. */
async function newKeyPair() {
  const pair = await subtle().generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])
  const publicKey = new Uint8Array(await subtle().exportKey('raw', pair.publicKey))
  const pkcs8 = new Uint8Array(await subtle().exportKey('pkcs8', pair.privateKey))
  return { publicKey: toBase64(publicKey), pkcs8 }
}

/**
 * A vault of today's version holding `contents` under a new data key, a new key pair, and a wrap by
 * `passphrase`; and its keys. Items that could not be read are carried over untouched.
 */
async function newVault(
  passphrase: string,
  contents: VaultContents,
  iterations: number,
  generation: number,
  carried: { items: VaultItem[]; sealed: SealedEntry[] } = { items: [], sealed: [] },
): Promise<{ vault: VaultV2; keys: VaultKeys }> {
  const rawDataKey = random(32)
  const kdf = newKdf(iterations)
  const wrappingKey = await deriveKey(passphrase, kdf)
  const dataKey = await importDataKey(rawDataKey)
  const pair = await newKeyPair()
  const { items, manifest } = await encryptItems(dataKey, contents, carried.items, generation)
  const vault: VaultV2 = {
    format: VAULT_FORMAT,
    version: 2,
    kdf,
    key: await encrypt(wrappingKey, rawDataKey, AAD.key),
    publicKey: pair.publicKey,
    privateKey: await encrypt(dataKey, pair.pkcs8, AAD.privateKey),
    manifest,
    items,
    sealed: carried.sealed,
  }
  rawDataKey.fill(0)
  pair.pkcs8.fill(0)
  // Imported again from its wrapped form, so the private key handed out is non-extractable.
  return { vault, keys: { dataKey, ...(await importPrivateKey(vault.privateKey, dataKey)) } }
}

/** A new vault holding `contents`, locked by `passphrase`; and its keys. */
export function createVault(
  passphrase: string,
  contents: VaultContents,
  iterations: number = DEFAULT_ITERATIONS,
): Promise<{ vault: VaultV2; keys: VaultKeys }> {
  return newVault(passphrase, contents, iterations, 1)
}

const fromBase64Url = (text: string) =>
  fromBase64(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4))

/**
 * The private key wrapped in `wrapped`, non-extractable, and the public key that belongs to it
 * (read from the key itself, so a public key swapped in storage cannot pass for it).
 */
async function importPrivateKey(
  wrapped: Sealed,
  dataKey: CryptoKey,
): Promise<{ privateKey: CryptoKey; publicKey: string }> {
  const pkcs8 = await decrypt(dataKey, wrapped, AAD.privateKey, unreadable)
  const algorithm = { name: 'ECDH', namedCurve: 'P-256' }
  try {
    const open = await subtle().importKey('pkcs8', pkcs8, algorithm, true, ['deriveBits'])
    const { x, y } = await subtle().exportKey('jwk', open)
    const point = new Uint8Array(65)
    point[0] = 4
    point.set(fromBase64Url(x ?? ''), 1)
    point.set(fromBase64Url(y ?? ''), 33)
    const privateKey = await subtle().importKey('pkcs8', pkcs8, algorithm, false, ['deriveBits'])
    return { privateKey, publicKey: toBase64(point) }
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
  return { dataKey, ...(await importPrivateKey(vault.privateKey, dataKey)) }
}

/** Whether `keys` open `vault` (keys handed over by another tab are checked, not trusted). */
export async function keysOpen(keys: VaultKeys, vault: Vault): Promise<boolean> {
  try {
    return (await importPrivateKey(vault.privateKey, keys.dataKey)).publicKey === keys.publicKey
  } catch {
    return false
  }
}

/**
 * `vault` with its data key wrapped again by the same passphrase under fresh KDF parameters (a new
 * salt, and `iterations`): how the KDF is raised. The entries are not touched.
 */
export async function rewrapVault<V extends Vault>(
  vault: V,
  passphrase: string,
  iterations: number = Math.max(DEFAULT_ITERATIONS, vault.kdf.iterations),
): Promise<V> {
  const wrappingKey = await deriveKey(passphrase, vault.kdf)
  const raw = await decrypt(wrappingKey, vault.key, AAD.key, wrongPassphrase)
  if (raw.length !== 32) throw unreadable()
  const kdf = newKdf(iterations)
  const key = await encrypt(await deriveKey(passphrase, kdf), raw, AAD.key)
  raw.fill(0)
  return { ...vault, kdf, key }
}

/**
 * What `read` holds, under a new data key and key pair wrapped by `passphrase`: how the passphrase is
 * changed, so the old wrap, wherever a copy of it survives, opens nothing written from now on.
 */
export function rekeyVault(
  read: VaultRead,
  passphrase: string,
  iterations: number = DEFAULT_ITERATIONS,
): Promise<{ vault: VaultV2; keys: VaultKeys }> {
  return newVault(passphrase, read, iterations, read.generation + 1, {
    items: read.damagedItems,
    sealed: read.damagedSealed,
  })
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

/** A P-256 public key; throws `unreadable` for bytes that are not one (a stored key may be anything). */
async function importPublicKey(raw: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  try {
    return await subtle().importKey('raw', raw, { name: 'ECDH', namedCurve: 'P-256' }, false, [])
  } catch {
    throw unreadable()
  }
}

/** Whether `privateKey` is the private half of the public key `publicKey` (base64), by one ECDH each way. */
export async function isPairOf(privateKey: CryptoKey, publicKey: string): Promise<boolean> {
  try {
    const other = await subtle().generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
      'deriveBits',
    ])
    const theirs = await importPublicKey(fromBase64(publicKey))
    const [a, b] = await Promise.all([
      subtle().deriveBits({ name: 'ECDH', public: other.publicKey }, privateKey, 256),
      subtle().deriveBits({ name: 'ECDH', public: theirs }, other.privateKey, 256),
    ])
    return toBase64(new Uint8Array(a)) === toBase64(new Uint8Array(b))
  } catch {
    return false
  }
}

/**
 * `contents` sealed to `publicKey` (the vault's, checked by the caller): readable only with the
 * vault's passphrase. It carries its place among the sealed additions, so one removed before it is
 * noticed.
 */
export async function sealContents(
  vault: Vault,
  contents: VaultContents,
  publicKey: string = vault.publicKey,
  /** What was found stored without the lock beside the vault, and is sealed in now. */
  found = false,
): Promise<SealedEntry> {
  const recipient = await importPublicKey(fromBase64(publicKey))
  const ephemeral = await subtle().generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
    'deriveBits',
  ])
  const epk = new Uint8Array(await subtle().exportKey('raw', ephemeral.publicKey))
  const key = await sealedEntryKey(ephemeral.privateKey, recipient, epk)
  const sealed = await encryptJson(
    key,
    { ...plainContents(contents), seq: vault.sealed.length, ...(found ? { found } : {}) },
    AAD.sealed,
  )
  return { epk: toBase64(epk), ...sealed }
}

/** What `sealed` holds, and its place (absent in additions made before version 2); throws `unreadable`. */
export async function openSealed(
  keys: VaultKeys,
  sealed: SealedEntry,
): Promise<VaultContents & { seq?: number; found?: true }> {
  const epk = fromBase64(sealed.epk)
  let sender: CryptoKey
  try {
    sender = await importPublicKey(epk)
  } catch {
    throw unreadable()
  }
  const key = await sealedEntryKey(keys.privateKey, sender, epk)
  const value = parseJson(await decrypt(key, sealed, AAD.sealed, unreadable))
  const contents = asContents(value)
  const seq = isRecord(value) ? value.seq : undefined
  const found = isRecord(value) && value.found === true ? { found: true as const } : {}
  return typeof seq === 'number' && Number.isSafeInteger(seq) && seq >= 0
    ? { ...contents, seq, ...found }
    : { ...contents, ...found }
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

const isKept = (value: unknown): value is VaultContents['kept'][number] =>
  isRecord(value) && typeof value.key === 'string' && typeof value.value === 'string'

/** One item's entry or kept value; throws `unreadable`. */
async function openItem(dataKey: CryptoKey, item: VaultItem): Promise<VaultContents> {
  const value = parseJson(await decrypt(dataKey, item, AAD.item + item.ref, unreadable))
  if (isRecord(value) && isEntry(value.entry))
    return plainContents({ entries: [value.entry], kept: [] })
  if (isRecord(value) && isKept(value.kept))
    return plainContents({ entries: [], kept: [value.kept] })
  throw unreadable()
}

/** The manifest's generation and refs, or null when it cannot be read. */
async function openManifest(
  dataKey: CryptoKey,
  manifest: Sealed,
): Promise<{ generation: number; refs: string[] } | null> {
  try {
    const value = parseJson(await decrypt(dataKey, manifest, AAD.manifest, unreadable))
    if (
      isRecord(value) &&
      typeof value.generation === 'number' &&
      Number.isSafeInteger(value.generation) &&
      Array.isArray(value.refs) &&
      value.refs.every((ref) => typeof ref === 'string')
    )
      return { generation: value.generation, refs: value.refs as string[] }
  } catch (error) {
    if (!(error instanceof LockError)) throw error
  }
  return null
}

/**
 * Everything `vault` holds that can be read with `keys`, sealed additions folded in, and what could
 * not be: a damaged item or addition loses only itself, and is kept as it is. Throws `unreadable`
 * only when nothing can be read (the list of a vault of version 1, which holds every entry at once).
 */
export async function readVault(keys: VaultKeys, vault: Vault): Promise<VaultRead> {
  const problems: VaultProblems = {
    damaged: 0,
    missing: 0,
    keyChanged: vault.publicKey !== keys.publicKey,
    listDamaged: false,
    foundUnlocked: 0,
  }
  const read: VaultRead = {
    entries: [],
    kept: [],
    problems,
    damagedItems: [],
    damagedSealed: [],
    generation: 0,
  }
  // By id, so folding in many additions stays linear (someone holding the device can plant many).
  const byId = new Map<number, PrivateEntry>()
  const add = (contents: VaultContents) => {
    for (const entry of contents.entries) addEntry(byId, entry)
    for (const one of contents.kept)
      if (!read.kept.some((k) => k.key === one.key)) read.kept.push(one)
  }
  if (vault.version === 1) {
    add(
      asContents(parseJson(await decrypt(keys.dataKey, vault.contents, AAD.contents, unreadable))),
    )
  } else {
    const manifest = await openManifest(keys.dataKey, vault.manifest)
    problems.listDamaged = manifest === null
    read.generation = manifest?.generation ?? 0
    const listed = manifest ? new Set(manifest.refs) : null
    const seen = new Set<string>()
    const opened = new Set<string>()
    for (const item of vault.items) {
      // An item the manifest does not list was let go (or put back by someone): it is not shown.
      // Of two items under one ref, the one that opens is kept, whichever comes first.
      if ((listed && !listed.has(item.ref)) || opened.has(item.ref)) continue
      seen.add(item.ref)
      try {
        add(await openItem(keys.dataKey, item))
        opened.add(item.ref)
        read.damagedItems = read.damagedItems.filter((damaged) => damaged.ref !== item.ref)
      } catch (error) {
        if (!(error instanceof LockError)) throw error
        if (!read.damagedItems.some((damaged) => damaged.ref === item.ref))
          read.damagedItems.push(item)
      }
    }
    if (listed) for (const ref of listed) if (!seen.has(ref)) problems.missing++
  }
  const places = new Set<number>()
  let lastPlace = -1
  for (const item of vault.sealed) {
    try {
      const added = await openSealed(keys, item)
      add(added)
      if (added.found) problems.foundUnlocked += added.entries.length
      if (added.seq !== undefined) {
        places.add(added.seq)
        lastPlace = Math.max(lastPlace, added.seq)
      }
    } catch (error) {
      if (!(error instanceof LockError)) throw error
      read.damagedSealed.push(item)
    }
  }
  // Additions are numbered from 0 after each fold: a gap is one removed from storage (a number
  // forged by whoever sealed the addition counts no further than the additions there are).
  problems.missing += Math.min(
    vault.sealed.length,
    Math.max(0, lastPlace + 1 - places.size - read.damagedSealed.length),
  )
  problems.damaged = read.damagedItems.length + read.damagedSealed.length
  read.entries = [...byId.values()].sort((a, b) => a.id - b.id)
  return read
}

/** Adds `entry` to `byId`, unless it is there already (a sealed addition read twice); a clash of ids moves it to the next free one. */
function addEntry(byId: Map<number, PrivateEntry>, entry: PrivateEntry): void {
  const id = placeOf(entry, (taken) => byId.get(taken))
  if (id !== null) byId.set(id, { ...entry, id })
}

/**
 * `vault` holding `contents` (a fresh IV on every item) in today's version, with the sealed additions
 * folded in: what `readVault` could not read is carried over untouched, and the public key is put back
 * to the one that belongs to the private key.
 */
export async function writeVault(
  keys: VaultKeys,
  vault: Vault,
  contents: VaultContents,
  read: Pick<VaultRead, 'damagedItems' | 'damagedSealed' | 'generation'>,
): Promise<VaultV2> {
  const { items, manifest } = await encryptItems(
    keys.dataKey,
    contents,
    read.damagedItems,
    read.generation + 1,
  )
  return {
    format: VAULT_FORMAT,
    version: 2,
    kdf: vault.kdf,
    key: vault.key,
    publicKey: keys.publicKey,
    privateKey: vault.privateKey,
    manifest,
    items,
    sealed: read.damagedSealed,
  }
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
  const value = parsedOrUnreadable(raw)
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
