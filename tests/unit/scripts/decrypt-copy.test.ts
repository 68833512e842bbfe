/**
 * The recipe in docs/private-entries-format.md: scripts/decrypt-copy.mjs opens a copy the app
 * encrypted, with Node's own crypto only, and refuses a wrong passphrase. It refuses, quickly and
 * with a sentence rather than a stack trace, a copy it should not trust: a tag shorter than 128 bits,
 * an iteration count outside the app's bounds, fields of the wrong size, a file that is not a copy.
 * On a terminal the passphrase is not shown as it is typed (run under a pseudo-terminal with
 * util-linux's `script`, which Debian always has: bsdutils is an essential package).
 */
import { spawn, spawnSync } from 'node:child_process'
import { createCipheriv, pbkdf2Sync, randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { MAX_ITERATIONS, encryptCopy } from '../../../src/private-entries/lock/envelope'
import { makeEntriesCopy } from '../../../src/private-entries/private-entry'

const SCRIPT = 'scripts/decrypt-copy.mjs'

const dir = mkdtempSync(join(tmpdir(), 'unburden-copy-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The environment without UNBURDEN_PASSPHRASE, plus `extra`. */
function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const copy = { ...process.env, ...extra }
  if (!('UNBURDEN_PASSPHRASE' in extra)) delete copy.UNBURDEN_PASSPHRASE
  return copy
}

const decrypt = (file: string, passphrase: string) =>
  spawnSync(process.execPath, [SCRIPT, file], {
    env: env({ UNBURDEN_PASSPHRASE: passphrase }),
    encoding: 'utf8',
    // A copy that makes the script work for minutes fails here instead of hanging the suite.
    timeout: 20_000,
  })

let files = 0
/** Writes `text` to a new file and returns its path. */
function write(text: string): string {
  const file = join(dir, `copy-${files++}.json`)
  writeFileSync(file, text)
  return file
}

/**
 * A copy made with Node's crypto, where each part can be made wrong: the tag's length, the sizes of
 * the salt and IV, the iteration count written into the file (`claimIterations`, while the key is
 * derived with `iterations`).
 */
function forgeCopy({
  passphrase = 'a slow river at dusk, under seven cold bridges',
  plain = '{}',
  iterations = 1_000,
  claimIterations = iterations as unknown,
  tagLength = 16,
  saltLength = 16,
  ivLength = 12,
}: {
  passphrase?: string
  plain?: string
  iterations?: number
  claimIterations?: unknown
  tagLength?: number
  saltLength?: number
  ivLength?: number
} = {}): string {
  const salt = randomBytes(saltLength)
  const iv = randomBytes(ivLength)
  const key = pbkdf2Sync(passphrase.normalize('NFC'), salt, iterations, 32, 'sha256')
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: tagLength })
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return JSON.stringify({
    format: 'unburden-private-entries-encrypted',
    version: 1,
    kdf: {
      name: 'PBKDF2',
      hash: 'SHA-256',
      iterations: claimIterations,
      salt: salt.toString('base64'),
    },
    cipher: 'AES-256-GCM',
    iv: iv.toString('base64'),
    ciphertext: sealed.toString('base64'),
  })
}

/** What a refusal looks like: exit code 2, one plain sentence, nothing on stdout, no stack trace. */
function expectRefused(result: ReturnType<typeof decrypt>, says: string | RegExp) {
  expect(result.error).toBeUndefined()
  expect(result.status).toBe(2)
  expect(result.stdout).toBe('')
  expect(result.stderr).toMatch(says)
  expect(result.stderr).not.toMatch(/\n\s+at /)
  expect(result.stderr.trim().split('\n')).toHaveLength(1)
}

describe('decrypting a copy outside the app', () => {
  it('gives back the plain copy, byte for byte', async () => {
    const plain = makeEntriesCopy(
      [{ id: 1736073000000, text: 'naïve words, 🌊 and all', date: '2025-01-05T10:30:00.000Z' }],
      1736073000000,
    )
    const file = join(dir, 'copy.encrypted.json')
    writeFileSync(file, await encryptCopy('Crème brûlée at night', plain, 2_000))
    const result = decrypt(file, 'Crème brûlée at night')
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    expect(result.stdout).toBe(plain)
  })

  it('refuses a wrong passphrase', async () => {
    const file = join(dir, 'other.encrypted.json')
    writeFileSync(file, await encryptCopy('the right one', '{}', 2_000))
    const result = decrypt(file, 'the wrong one')
    expect(result.status).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain('does not open')
  })

  it('reads the passphrase from the first line of piped input, and writes none of it', async () => {
    const file = write(await encryptCopy('piped in, line one', '{"piped":true}', 2_000))
    const result = spawnSync(process.execPath, [SCRIPT, file], {
      env: env(),
      input: 'piped in, line one\r\nnot this line\n',
      encoding: 'utf8',
      timeout: 20_000,
    })
    expect(result.status).toBe(0)
    expect(result.stdout).toBe('{"piped":true}')
    expect(result.stderr).not.toContain('piped in')
  })

  it('opens a copy made with Node crypto at the largest iteration count the app allows', () => {
    const file = write(forgeCopy({ iterations: MAX_ITERATIONS, plain: '{"at":"the bound"}' }))
    const result = decrypt(file, 'a slow river at dusk, under seven cold bridges')
    expect(result.stderr).toBe('')
    expect(result.stdout).toBe('{"at":"the bound"}')
  })
})

describe('a copy the script must not trust', () => {
  it("holds the app's bound on iterations (envelope.ts MAX_ITERATIONS), which must stay equal", () => {
    expect(readFileSync(SCRIPT, 'utf8')).toContain(
      `const MAX_ITERATIONS = ${MAX_ITERATIONS.toLocaleString('en').replaceAll(',', '_')}\n`,
    )
  })

  it('refuses a tag shorter than 128 bits (the old script accepted a 4-byte one)', () => {
    // An empty plain text under a 4-byte tag: 4 bytes of "ciphertext", all of it tag. The old script
    // took the last 16 bytes as the tag, which here is the whole 4, and Node accepted it.
    const four = write(forgeCopy({ plain: '', tagLength: 4 }))
    expectRefused(
      decrypt(four, 'a slow river at dusk, under seven cold bridges'),
      /ciphertext is 4 bytes, shorter than its 16-byte tag/,
    )
    // Any tag length GCM allows below 16 bytes, on a text short enough for the old slicing to try it.
    for (const tagLength of [8, 12]) {
      const file = write(forgeCopy({ plain: '', tagLength }))
      expectRefused(decrypt(file, 'a slow river at dusk, under seven cold bridges'), /16-byte tag/)
    }
  })

  // Nine starts of Node, one per count: each is held to 5 s below, and the whole to a bound that
  // fits nine starts on a loaded machine (vitest's default 5 s does not).
  it(
    'refuses, at once, iteration counts outside 1 to 2,000,000 (5×10⁹ used to hang or crash)',
    { timeout: 45_000 },
    () => {
      for (const claimIterations of [
        5e9,
        2_000_000_001, // within Node's limit: the old script would have run for minutes
        MAX_ITERATIONS + 1,
        0,
        -600_000,
        600_000.5,
        '600000',
        null,
        1e300,
      ]) {
        const file = write(forgeCopy({ claimIterations }))
        const started = performance.now()
        const result = decrypt(file, 'a slow river at dusk, under seven cold bridges')
        expectRefused(result, /PBKDF2 iterations\. .* from 1 to 2,000,000/)
        // Only Node's start-up: no key derivation is attempted.
        expect(performance.now() - started).toBeLessThan(5_000)
      }
    },
  )

  it('refuses a salt that is not 16 bytes and an IV that is not 12', () => {
    expectRefused(
      decrypt(write(forgeCopy({ saltLength: 8 })), 'x'),
      /salt is 8 bytes; a copy's is 16/,
    )
    expectRefused(
      decrypt(write(forgeCopy({ ivLength: 16 })), 'x'),
      /IV is 16 bytes; a copy's is 12/,
    )
  })

  // Eight starts of Node, as above.
  it('says plainly what a file is when it is not an encrypted copy', { timeout: 40_000 }, () => {
    expectRefused(decrypt(join(dir, 'missing.json'), 'x'), /Cannot read .*no such file/)
    expectRefused(decrypt(write('not json at all'), 'x'), /is not JSON/)
    expectRefused(decrypt(write('[1, 2]'), 'x'), /is not an encrypted copy/)
    expectRefused(
      decrypt(write(makeEntriesCopy([], 1736073000000)), 'x'),
      /is a plain copy, not an encrypted one/,
    )
    const copy = JSON.parse(forgeCopy()) as Record<string, unknown>
    expectRefused(decrypt(write(JSON.stringify({ ...copy, version: 2 })), 'x'), /version 2/)
    expectRefused(
      decrypt(write(JSON.stringify({ ...copy, cipher: 'AES-128-CBC' })), 'x'),
      /KDF or cipher this script does not know/,
    )
    expectRefused(
      decrypt(write(JSON.stringify({ ...copy, kdf: 'PBKDF2' })), 'x'),
      /KDF or cipher this script does not know/,
    )
    expectRefused(decrypt(write(JSON.stringify({ ...copy, iv: 'not base64!' })), 'x'), /not base64/)
  })

  it('quotes a copy’s values without their control or direction characters', () => {
    const copy = JSON.parse(forgeCopy()) as Record<string, unknown>
    // A right-to-left override and a terminal's control introducer, which JSON leaves as they are.
    const result = decrypt(write(JSON.stringify({ ...copy, version: '2\u202e\u009b31m' })), 'x')
    expectRefused(result, /version/)
    expect(result.stderr).not.toMatch(/[\u202e\u009b]/)
  })

  it('refuses no passphrase at all', () => {
    const file = write(forgeCopy())
    const result = spawnSync(process.execPath, [SCRIPT, file], {
      env: env(),
      input: '',
      encoding: 'utf8',
      timeout: 20_000,
    })
    expectRefused(result, /No passphrase was given/)
  })
})

/**
 * Runs the script on a pseudo-terminal (util-linux `script`, whose terminal echoes what it is fed
 * unless the program turns echo off), types `keys` once the prompt shows, and returns all the
 * terminal showed and the exit code.
 */
function onTerminal(file: string, keys: string): Promise<{ shown: string; status: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'script',
      ['-qec', `'${process.execPath}' ${SCRIPT} '${file}'`, '/dev/null'],
      { env: env(), stdio: ['pipe', 'pipe', 'pipe'] },
    )
    let shown = ''
    let typed = false
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`no answer on the terminal; it showed: ${JSON.stringify(shown)}`))
    }, 20_000)
    const read = (chunk: Buffer) => {
      shown += chunk.toString('utf8')
      if (!typed && shown.includes('Passphrase')) {
        typed = true
        child.stdin.write(keys)
      }
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.on('error', reject)
    child.on('close', (status) => {
      clearTimeout(timer)
      child.stdin.end()
      resolve({ shown: shown.replace(/\r\n/g, '\n'), status })
    })
  })
}

describe.skipIf(process.platform !== 'linux')('typing the passphrase on a terminal', () => {
  const passphrase = 'a slow river at dusk, under seven cold bridges'

  it('shows nothing of it (a typo taken back with Backspace), and the copy comes out', async () => {
    const file = write(forgeCopy({ passphrase, plain: '{"entries":["kept"]}' }))
    // A wrong last letter, Backspace, the right one, an arrow key (ignored), Enter.
    const keys = `${passphrase.slice(0, -1)}x\u007f${passphrase.slice(-1)}\u001b[D\r`
    const { shown, status } = await onTerminal(file, keys)
    expect(status).toBe(0)
    expect(shown).toContain('{"entries":["kept"]}')
    expect(shown).not.toContain(passphrase.slice(0, 6))
    expect(shown).not.toContain('*')
  })

  it('stops on Ctrl-C, with nothing shown and nothing decrypted', async () => {
    const file = write(forgeCopy({ passphrase, plain: '{"entries":["kept"]}' }))
    const { shown, status } = await onTerminal(file, `${passphrase.slice(0, 10)}\u0003`)
    expect(status).toBe(130)
    expect(shown).toContain('Cancelled.')
    expect(shown).not.toContain(passphrase.slice(0, 6))
    expect(shown).not.toContain('kept')
  })
})
