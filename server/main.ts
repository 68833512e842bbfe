/**
 * `npm run server`: the local backend alone. Options come from the environment (see
 * server/config.ts and the README); `--faults` turns on the tester controls.
 */
import { optionsFromEnv } from './config'
import { startBackend, type Backend } from './index'

const options = optionsFromEnv()
const started = performance.now()
let backend: Backend
try {
  backend = await startBackend(options)
} catch (error) {
  console.error(`The backend could not start: ${(error as Error).message}`)
  process.exit(1)
}
const engine = options.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${options.dataDir}`
console.log(
  `The Void's backend  ${backend.url}/rest/v1  (${engine}, ready in ${Math.round(performance.now() - started)} ms)`,
)
console.log(`Anon key            ${backend.anonKey}`)
if (options.faults) {
  console.log(
    `Fault injection on  POST ${backend.url}/__faults {"mode": "drop" | "503" | …, "latencyMs": 0}`,
  )
  console.log(`Control token       x-unburden-control-token: ${backend.controlToken}`)
}
if (options.host === undefined)
  console.log('Listening on this machine only: API_HOST=0.0.0.0 lets a phone reach it')

let stopping = false
async function stop(signal: string) {
  if (stopping) return
  stopping = true
  console.log(`\n${signal}: stopping the backend…`)
  await backend.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
