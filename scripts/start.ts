/**
 * `npm start` (after the build): serves the built app with its service worker on http://localhost:4173.
 * Ports come from APP_PORT and API_PORT (defaults 4173 and 54321). Stops cleanly on Ctrl+C.
 */
import { preview } from 'vite'

const appPort = Number(process.env.APP_PORT ?? 4173)

const app = await preview({
  preview: { port: appPort, strictPort: true, host: true },
  logLevel: 'warn',
})

console.log(`Unburden  http://localhost:${appPort}`)

let stopping = false
async function stop(signal: string) {
  if (stopping) return
  stopping = true
  console.log(`\n${signal}: stopping…`)
  await app.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
