// Opens an encrypted copy of Unburden's private entries without the app, with Node's own crypto only
// (docs/private-entries-format.md), so a person's words never depend on the app existing.
// Usage: node scripts/decrypt-copy.mjs <copy.encrypted.json>  > copy.json
// The passphrase: UNBURDEN_PASSPHRASE when it is set; else, on a terminal, typed without being shown;
// else the first line of standard input (`… < passphrase.txt`).
// Exit codes: 0 the plain copy is on standard output; 1 the passphrase does not open the copy (or its
// ciphertext is damaged); 2 nothing was tried: no file, not a copy, a copy this script refuses to open
// (parameters out of bounds), or no passphrase given; 130 cancelled with Ctrl-C.
// The copy is checked before the passphrase is asked for, and every number in it is bounded before it
// is used: a copy is a file from anywhere, and it must not make this script hang or accept a short tag.
import { createDecipheriv, pbkdf2Sync } from 'node:crypto'
import { readFileSync } from 'node:fs'

/**
 * The most PBKDF2 iterations a copy may ask for (the app writes 600,000). It MUST stay equal to
 * MAX_ITERATIONS in src/private-entries/lock/envelope.ts, so that this script and the app open and
 * refuse the same copies; tests/unit/scripts/decrypt-copy.test.ts checks that they agree.
 */
const MAX_ITERATIONS = 2_000_000
const COPY_FORMAT = 'unburden-private-entries-encrypted'
const PLAIN_FORMAT = 'unburden-private-entries'
/** AES-GCM's tag, fixed at 128 bits: WebCrypto writes it so, and a shorter one is easier to forge. */
const TAG_BYTES = 16

/** Says why, on standard error, and stops with `code` (no stack trace: nothing here is a bug). */
function refuse(message, code = 2) {
  // A copy's own values are quoted in messages: its control and direction characters are not let
  // through to the terminal, where they could rewrite what the reader sees.
  process.stderr.write(`${message.replace(/\p{C}/gu, '\uFFFD')}\n`)
  process.exit(code)
}

/** The bytes of standard base64 `value` (as the app writes it), exactly `length` long or at least `atLeast`. */
function bytes(value, name, { length, atLeast }) {
  if (typeof value !== 'string' || value.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(value))
    refuse(`This copy's ${name} is not base64, so the file is damaged.`)
  const decoded = Buffer.from(value, 'base64')
  if (length !== undefined && decoded.length !== length)
    refuse(
      `This copy's ${name} is ${decoded.length} bytes; a copy's is ${length}, so the file is damaged.`,
    )
  if (atLeast !== undefined && decoded.length < atLeast)
    refuse(
      `This copy's ${name} is ${decoded.length} bytes, shorter than its ${atLeast}-byte tag, so the file is damaged.`,
    )
  return decoded
}

/** The copy in `file`, checked field by field; refuses anything this recipe does not open. */
function readCopy(file) {
  let text
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    refuse(
      `Cannot read ${file}: ${error.code === 'ENOENT' ? 'there is no such file' : error.message}.`,
    )
  }
  let copy
  try {
    copy = JSON.parse(text)
  } catch {
    refuse(`${file} is not JSON, so it is not an encrypted copy of Unburden's private entries.`)
  }
  const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value)
  if (isRecord(copy) && copy.format === PLAIN_FORMAT)
    refuse(
      `${file} is a plain copy, not an encrypted one: it needs no passphrase, open it as it is.`,
    )
  if (!isRecord(copy) || copy.format !== COPY_FORMAT)
    refuse(
      `${file} is not an encrypted copy of Unburden's private entries (no "format": "${COPY_FORMAT}").`,
    )
  if (copy.version !== 1)
    refuse(`This copy is version ${JSON.stringify(copy.version)}; this script opens version 1.`)
  const { kdf } = copy
  if (
    !isRecord(kdf) ||
    kdf.name !== 'PBKDF2' ||
    kdf.hash !== 'SHA-256' ||
    copy.cipher !== 'AES-256-GCM'
  )
    refuse(
      'This copy names a KDF or cipher this script does not know (it opens PBKDF2 with SHA-256, and AES-256-GCM).',
    )
  if (
    !Number.isSafeInteger(kdf.iterations) ||
    kdf.iterations < 1 ||
    kdf.iterations > MAX_ITERATIONS
  )
    refuse(
      `This copy asks for ${JSON.stringify(kdf.iterations)} PBKDF2 iterations. This script, like the app, ` +
        `opens copies with a whole number from 1 to ${MAX_ITERATIONS.toLocaleString('en')}: ` +
        'more could keep the computer busy for hours, so the copy is refused.',
    )
  return {
    iterations: kdf.iterations,
    salt: bytes(kdf.salt, 'salt', { length: 16 }),
    iv: bytes(copy.iv, 'IV', { length: 12 }),
    sealed: bytes(copy.ciphertext, 'ciphertext', { atLeast: TAG_BYTES }),
  }
}

/**
 * The passphrase typed on the terminal, never shown: the terminal is put in raw mode, so it echoes
 * nothing, and this writes back nothing of what is typed. Enter ends it; Backspace takes back the last
 * character; Ctrl-U clears the line; Ctrl-C (or Ctrl-D on an empty line) cancels; arrow keys and other
 * escape sequences are ignored.
 */
function askOnTerminal() {
  const input = process.stdin
  const restore = () => {
    if (input.isRaw) input.setRawMode(false)
  }
  process.on('exit', restore)
  // Raw mode before the prompt: whatever is typed once the prompt shows is not echoed.
  input.setRawMode(true)
  input.setEncoding('utf8')
  process.stderr.write('Passphrase (not shown as you type): ')
  return new Promise((resolve) => {
    let typed = []
    /** Inside an escape sequence: 'esc' after ESC, 'csi' after ESC [, 'ss3' after ESC O. */
    let escape = ''
    const finish = (then) => {
      input.off('data', onData)
      restore()
      input.pause()
      process.stderr.write('\n')
      then()
    }
    const onData = (chunk) => {
      for (const character of chunk) {
        if (escape === 'esc') {
          escape = character === '[' ? 'csi' : character === 'O' ? 'ss3' : ''
          continue
        }
        if (escape === 'csi') {
          if (character >= '@' && character <= '~') escape = ''
          continue
        }
        if (escape === 'ss3') {
          escape = ''
          continue
        }
        if (character === '\r' || character === '\n') return finish(() => resolve(typed.join('')))
        if (character === '\u0003' || (character === '\u0004' && typed.length === 0))
          return finish(() => refuse('Cancelled.', 130))
        if (character === '\u0004') return finish(() => resolve(typed.join('')))
        if (character === '\u007f' || character === '\b') typed.pop()
        else if (character === '\u0015') typed = []
        else if (character === '\u001b') escape = 'esc'
        else if (character >= ' ') typed.push(character)
        // Any other control character is ignored.
      }
    }
    input.on('data', onData)
  })
}

/** The first line of standard input (without its line ending), for a passphrase piped in. */
async function firstLineOfInput() {
  let text = ''
  process.stdin.setEncoding('utf8')
  for await (const chunk of process.stdin) {
    text += chunk
    if (text.includes('\n')) break
  }
  return text.split('\n')[0].replace(/\r$/, '')
}

const file = process.argv[2]
if (!file || process.argv.length > 3)
  refuse('Usage: node scripts/decrypt-copy.mjs <copy.encrypted.json>')
const copy = readCopy(file)

const passphrase =
  process.env.UNBURDEN_PASSPHRASE ??
  (process.stdin.isTTY ? await askOnTerminal() : await firstLineOfInput())
if (passphrase === '')
  refuse(
    'No passphrase was given: type it when asked on a terminal, pipe it on standard input, or set UNBURDEN_PASSPHRASE.',
  )

// The key: PBKDF2-HMAC-SHA-256 over the passphrase (UTF-8, NFC) with the stored salt and iterations.
const key = pbkdf2Sync(
  Buffer.from(passphrase.normalize('NFC'), 'utf8'),
  copy.salt,
  copy.iterations,
  32,
  'sha256',
)
// AES-256-GCM: the last 16 bytes of the ciphertext are the tag, and only a 16-byte tag is accepted;
// there is no additional data.
const decipher = createDecipheriv('aes-256-gcm', key, copy.iv, { authTagLength: TAG_BYTES })
decipher.setAuthTag(copy.sealed.subarray(copy.sealed.length - TAG_BYTES))
let plain
try {
  plain = Buffer.concat([
    decipher.update(copy.sealed.subarray(0, copy.sealed.length - TAG_BYTES)),
    decipher.final(),
  ])
} catch {
  refuse('That passphrase does not open this copy, or the file is damaged.', 1)
}
process.stdout.write(plain)
