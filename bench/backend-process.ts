/**
 * The local backend in its own process (`npm run server`), as the app uses it, for the benches that
 * measure it from outside (bench/server.ts, bench/wall.ts, bench/abuse.ts).
 */
import { spawn } from 'node:child_process'

/** A running backend process. */
export interface BackendProcess {
  pid: number | undefined
  /** Stops it (SIGTERM) and waits until it has exited. */
  stop(): Promise<void>
}

/**
 * Starts `server/main.ts` with `env` on top of this process's environment; resolves once it has
 * printed its anon key (it is listening), rejects if it exits first.
 */
export async function spawnBackend(env: Record<string, string>): Promise<BackendProcess> {
  const child = spawn(
    process.execPath,
    ['--experimental-websocket', '--import', 'tsx', 'server/main.ts'],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const exited = new Promise((resolve) => child.once('exit', resolve))
  await new Promise<void>((resolve, reject) => {
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Anon key')) resolve()
    })
    void exited.then(() => reject(new Error(`The server exited: ${output}`)))
  })
  return {
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM')
      await exited
    },
  }
}
