/**
 * `npm start` (after the build): starts the local backend (http://localhost:54321/rest/v1), then
 * serves the built app with its service worker (http://localhost:4173) once the backend is ready.
 * Environment: APP_PORT, APP_HOST, API_PORT, API_HOST, DATA_DIR, DATABASE_URL,
 * VOID_WRITE_LIMIT_PER_MINUTE, UNBURDEN_FAULTS, UNBURDEN_CONTROL_TOKEN (see the README); DATA_DIR_REMOVE_ON_EXIT=1 deletes the data folder on exit (the
 * end-to-end tests start each run on a fresh temporary folder). Ctrl+C or SIGTERM stops both.
 */
import { rmSync } from 'node:fs'
import { preview } from 'vite'
import { optionsFromEnv } from '../server/config'
import { startBackend } from '../server/index'

const options = optionsFromEnv()
const appPort = options.appPort ?? 4173

let backend: Awaited<ReturnType<typeof startBackend>>
try {
  backend = await startBackend(options)
} catch (error) {
  console.error(`The backend could not start: ${(error as Error).message}`)
  process.exit(1)
}

// Vite's preview adds its own SIGTERM handler that exits at once, before the backend has closed:
// the handlers below stop both, in order.
const viteListeners = new Set(process.listeners('SIGTERM'))
let app: Awaited<ReturnType<typeof preview>>
try {
  app = await preview({
    // This machine only unless APP_HOST says otherwise (0.0.0.0 for a phone on the network).
    preview: { port: appPort, strictPort: true, host: process.env.APP_HOST || 'localhost' },
    logLevel: 'warn',
  })
} catch (error) {
  console.error(`The app could not be served: ${(error as Error).message}`)
  await backend.close()
  process.exit(1)
}

for (const listener of process.listeners('SIGTERM'))
  if (!viteListeners.has(listener)) process.off('SIGTERM', listener)

console.log(`Unburden            http://localhost:${appPort}`)
console.log(`The Void's backend  ${backend.url}/rest/v1`)
console.log(`Anon key            ${backend.anonKey}`)
if (options.faults) {
  console.log(`Fault injection on  ${backend.url}/__faults`)
  console.log(`Control token       x-unburden-control-token: ${backend.controlToken}`)
  // The lab with the backend's controls: the address carries the token once, the tab keeps it.
  console.log(
    `Network lab         http://localhost:${appPort}/?lab&token=${encodeURIComponent(backend.controlToken)}`,
  )
}

let stopping = false
async function stop(signal: string) {
  if (stopping) return
  stopping = true
  console.log(`\n${signal}: stopping…`)
  await app.close()
  await backend.close()
  if (process.env.DATA_DIR_REMOVE_ON_EXIT === '1' && !options.databaseUrl && options.dataDir)
    rmSync(options.dataDir, { recursive: true, force: true })
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
