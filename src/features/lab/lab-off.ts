/** Turning the network lab off: every simulation ends with it, so turning it off is always safe. */
import { labToken, setBackendFaults } from './lab-backend'
import { stopSimulation } from './lab-simulation-client'

/**
 * Ends the in-app simulation for every window and, when this tab holds the backend's token, turns
 * the backend's faults off too. Never throws: the lab goes off whatever the backend says.
 */
export async function endEverySimulation(): Promise<void> {
  stopSimulation()
  if (labToken() !== null) await setBackendFaults({ mode: 'none' }).catch(() => undefined)
}
