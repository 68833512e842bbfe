/**
 * The app and the local backend, started the way `npm start` starts them (scripts/start.ts, on the
 * built dist/), with fault injection on and a fresh data folder, for the three-engine smoke suite.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const APP_PORT = Number(process.env.APP_PORT ?? 4173)
export const API_PORT = Number(process.env.API_PORT ?? 54321)
export const APP_URL = `http://localhost:${APP_PORT}`
// The tester controls' token, shared with tests/e2e/support/backend.ts through the environment.
process.env.UNBURDEN_CONTROL_TOKEN ??= randomUUID()

/** A running app + backend. */
export interface Stack {
  stop(): Promise<void>
}

async function waitFor(url: string, child: ChildProcess, output: () => string, ms = 90_000) {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The stack exited (${child.exitCode}):\n${output()}`)
    try {
      const response = await fetch(url)
      if (response.status < 500) return
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${url} did not come up:\n${output()}`)
}

/** Starts backend and app; resolves when both answer. */
export async function startStack(): Promise<Stack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'unburden-engines-'))
  let output = ''
  const child = spawn(
    process.execPath,
    ['--experimental-websocket', '--import', 'tsx', 'scripts/start.ts'],
    {
      env: {
        ...process.env,
        APP_PORT: String(APP_PORT),
        API_PORT: String(API_PORT),
        DATA_DIR: join(dataDir, 'data'),
        UNBURDEN_FAULTS: '1',
        VOID_WRITE_LIMIT_PER_MINUTE: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const kill = () => child.kill('SIGKILL')
  process.once('exit', kill)
  try {
    await waitFor(`http://localhost:${API_PORT}/__faults`, child, () => output)
    await waitFor(`${APP_URL}/`, child, () => output)
  } catch (error) {
    kill()
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  return {
    stop: async () => {
      process.off('exit', kill)
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        const timer = setTimeout(kill, 10_000)
        await exited
        clearTimeout(timer)
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
