/**
 * One backend per data folder: two PGlite processes on one folder lose writes silently. The lock is
 * a file holding the owner's pid; a lock left by a process that no longer runs (kill -9) is taken over.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

function running(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Takes the data folder's lock or throws a clear error; returns the release function. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const file = join(dataDir, 'backend.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' })
      let released = false
      return () => {
        if (released) return
        released = true
        rmSync(file, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number(readFileSync(file, 'utf8').trim())
      if (Number.isInteger(owner) && owner > 0 && running(owner))
        throw new Error(
          `Another backend (pid ${owner}) is using the data folder ${resolve(dataDir)}. ` +
            'Stop it first, or start this one with another DATA_DIR.',
          { cause: error },
        )
      rmSync(file, { force: true })
    }
  }
  throw new Error(`Could not lock the data folder ${resolve(dataDir)}`)
}
