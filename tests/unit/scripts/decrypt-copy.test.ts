/**
 * The recipe in docs/private-entries-format.md: scripts/decrypt-copy.mjs opens a copy the app
 * encrypted, with Node's own crypto only, and refuses a wrong passphrase.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { encryptCopy } from '../../../src/features/sanctuary/lock/envelope'
import { makeEntriesCopy } from '../../../src/shared/sanctuary-entries'

const dir = mkdtempSync(join(tmpdir(), 'unburden-copy-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const decrypt = (file: string, passphrase: string) =>
  spawnSync(process.execPath, ['scripts/decrypt-copy.mjs', file], {
    env: { ...process.env, UNBURDEN_PASSPHRASE: passphrase },
    encoding: 'utf8',
  })

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
})
