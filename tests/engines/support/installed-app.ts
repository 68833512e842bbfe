/**
 * The set-up every engine flow shares: the built app and the local backend, one engine, and a first
 * visit that installs the app's service worker before the flow goes on.
 */
import { afterAll, beforeAll } from 'vitest'
import { type EngineName, type EngineSession, launchEngine } from './engines'
import { waitForServiceWorker } from './page-actions'
import { APP_URL, type Stack, startStack } from './stack'

/**
 * In a describe block: before its tests, starts the stack and `engine`, hands the engine's session
 * (and a way to stop the stack early, for a flow that goes on without the app's server) to `onStart`,
 * opens the app and waits for its service worker; after them, closes what is still running. A block's
 * own `beforeAll` runs after this one, its own `afterAll` before (hooks after tests run in reverse).
 */
export function withInstalledApp(
  engine: EngineName,
  onStart: (session: EngineSession, stopStack: () => Promise<void>) => void,
): void {
  let stack: Stack | undefined
  let session: EngineSession | undefined
  const stopStack = async () => {
    const running = stack
    stack = undefined
    await running?.stop()
  }
  beforeAll(async () => {
    stack = await startStack()
    session = await launchEngine(engine)
    onStart(session, stopStack)
    await session.goto(`${APP_URL}/`)
    await waitForServiceWorker(session)
  })
  afterAll(async () => {
    await session?.close()
    await stopStack()
  })
}
