/**
 * The data folder's lock under a race: several starts that all find a stale lock (its owner was
 * killed) must not all take the folder. Each racer is its own process, released at the same instant.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'

const RACERS = 6
const lockModule = new URL('../../../server/lock.ts', import.meta.url).pathname

/** Runs one racer: waits for `startAt`, tries to lock, holds a winning lock 1.5 s. */
function racer(dataDir: string, startAt: number): Promise<string> {
  const script = `
    import { lockDataDir } from ${JSON.stringify(lockModule)}
    while (Date.now() < ${startAt}) {}
    try {
      const release = lockDataDir(${JSON.stringify(dataDir)})
      console.log('took')
      setTimeout(release, 1500)
    } catch (error) {
      console.log(/Another backend/.test(error.message) ? 'refused' : 'error: ' + error.message)
    }`
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return new Promise((resolve) => child.once('exit', () => resolve(output.trim())))
}

it('of several starts that find the same stale lock, exactly one takes the folder', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'unburden-lock-'))
  try {
    const dead = spawnSync(process.execPath, ['-e', '']).pid as number
    writeFileSync(join(dataDir, 'backend.lock'), String(dead))
    const startAt = Date.now() + 4000
    const results = await Promise.all(Array.from({ length: RACERS }, () => racer(dataDir, startAt)))
    expect(results.sort()).toEqual(['refused', 'refused', 'refused', 'refused', 'refused', 'took'])
    expect(() => readFileSync(join(dataDir, 'backend.lock'))).toThrow(/ENOENT/)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}, 60_000)
