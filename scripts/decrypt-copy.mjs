// Opens an encrypted copy of Unburden's private entries without the app, with Node's own crypto only
// (docs/private-entries-format.md), so a person's words never depend on the app existing.
// Usage: node scripts/decrypt-copy.mjs <copy.encrypted.json>  > copy.json
// The passphrase is read from UNBURDEN_PASSPHRASE, or asked for on the terminal.
import { createDecipheriv, pbkdf2Sync } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createInterface } from 'node:readline/promises'

const file = process.argv[2]
if (!file) {
  console.error('Usage: node scripts/decrypt-copy.mjs <copy.encrypted.json>')
  process.exit(2)
}
const copy = JSON.parse(readFileSync(file, 'utf8'))
if (copy.format !== 'unburden-private-entries-encrypted' || copy.version !== 1)
  throw new Error('Not an encrypted copy of version 1.')
if (copy.kdf.name !== 'PBKDF2' || copy.kdf.hash !== 'SHA-256' || copy.cipher !== 'AES-256-GCM')
  throw new Error('A KDF or cipher this recipe does not know.')

let passphrase = process.env.UNBURDEN_PASSPHRASE
if (passphrase === undefined) {
  const terminal = createInterface({ input: process.stdin, output: process.stderr })
  passphrase = await terminal.question('Passphrase: ')
  terminal.close()
}

// The key: PBKDF2-HMAC-SHA-256 over the passphrase (UTF-8, NFC) with the stored salt and iterations.
const key = pbkdf2Sync(
  Buffer.from(passphrase.normalize('NFC'), 'utf8'),
  Buffer.from(copy.kdf.salt, 'base64'),
  copy.kdf.iterations,
  32,
  'sha256',
)
// AES-256-GCM: the last 16 bytes of the ciphertext are the tag; there is no additional data.
const sealed = Buffer.from(copy.ciphertext, 'base64')
const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(copy.iv, 'base64'))
decipher.setAuthTag(sealed.subarray(sealed.length - 16))
try {
  process.stdout.write(
    Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]),
  )
} catch {
  console.error('That passphrase does not open this copy, or the file is damaged.')
  process.exit(1)
}
