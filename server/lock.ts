/**
 * One backend per data folder: two PGlite processes on one folder lose writes silently. The lock is
 * a file holding the owner's pid and a random nonce, created whole and exclusively (a hard link of
 * a finished temporary file, so no reader ever sees it empty). A lock left by a process that no
 * longer runs (kill -9) is taken over, and only one of several starts may do that: removing a
 * stale lock needs the takeover guard (a directory, made exclusively by `mkdir`), and its holder
 * removes the lock only if it is still the stale one it read. Everyone then races to create the
 * lock anew, exclusively: one wins, the others see a running owner and stop.
 * Hand-written: the lock libraries on the registry use mtime-based staleness, not pids.
 */
import { randomBytes } from 'node:crypto'
import {
  linkSync,
  mkdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join, resolve } from 'node:path'

/** A takeover guard older than this was left by a start that died holding it. */
const GUARD_STALE_MS = 10_000
const ATTEMPTS = 50

function running(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const code = (error: unknown) => (error as NodeJS.ErrnoException).code

function readOwner(file: string): string | null {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    if (code(error) === 'ENOENT') return null
    throw error
  }
}

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

/** Removes the lock if it still holds `stale`, under the takeover guard. */
function removeStale(file: string, stale: string): void {
  const guard = `${file}.takeover`
  try {
    mkdirSync(guard)
  } catch (error) {
    if (code(error) !== 'EEXIST') throw error
    try {
      if (Date.now() - statSync(guard).mtimeMs > GUARD_STALE_MS) rmdirSync(guard)
    } catch {
      // Another start removed it first.
    }
    pause(20 + Math.random() * 30)
    return
  }
  try {
    if (readOwner(file) === stale) rmSync(file, { force: true })
  } finally {
    rmdirSync(guard)
  }
}

/** Takes the data folder's lock or throws a clear error; returns the release function. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const file = join(dataDir, 'backend.lock')
  const mine = `${process.pid} ${randomBytes(8).toString('hex')}`
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
  writeFileSync(temporary, mine)
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      try {
        linkSync(temporary, file)
        let released = false
        return () => {
          if (released) return
          released = true
          if (readOwner(file) === mine) rmSync(file, { force: true })
        }
      } catch (error) {
        if (code(error) !== 'EEXIST') throw error
      }
      const owner = readOwner(file)
      if (owner === null) continue
      const pid = Number(owner.split(' ')[0])
      if (Number.isInteger(pid) && pid > 0 && running(pid))
        throw new Error(
          `Another backend (pid ${pid}) is using the data folder ${resolve(dataDir)}. ` +
            'Stop it first, or start this one with another DATA_DIR.',
        )
      removeStale(file, owner)
    }
  } finally {
    rmSync(temporary, { force: true })
  }
  throw new Error(`Could not lock the data folder ${resolve(dataDir)}`)
}
