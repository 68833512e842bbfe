/** The Drop drill's dependencies in the app: the real queue, the worker's simulation, the backend's controls. */
import {
  isLocalBackend,
  labToken,
  probeBackendFaults,
  readWallRows,
  setBackendFaults,
} from './lab-backend'
import {
  canSimulate,
  startSimulation,
  stopSimulation,
  whenSimulating,
} from './lab-simulation-client'
import { newClientId } from '../../lib/client-id'
import { offerToVoid } from '../../offering/offering'
import type { DrillDeps, DrillState } from './drop-drill'

/** sessionStorage key of the tab's drill run. */
export const DRILL_STATE_KEY = 'unburden.lab.drill'

/** The drill over the app's own parts. */
export function appDrillDeps(): DrillDeps {
  return {
    checkBackend: async () => {
      if (!isLocalBackend() || !(await probeBackendFaults()))
        return 'The Drop drill publishes test thoughts, so it runs only against a local backend started with fault injection on (UNBURDEN_FAULTS=1 npm start). This backend has none.'
      if (labToken() === null)
        return 'The Drop drill needs the backend controls token: open the lab address npm start printed, or paste the token under Backend faults.'
      return null
    },
    setBackendFaults: (faults) => setBackendFaults(faults),
    setSimulation: async (mode) => {
      if (!canSimulate()) {
        // Nothing to stop; a start throws and says why (the drill then stops and says so too).
        if (mode !== 'none') startSimulation(mode)
        return
      }
      const confirmed = whenSimulating(mode)
      if (mode === 'none') stopSimulation()
      else startSimulation(mode)
      await confirmed
    },
    offer: (text) => offerToVoid(text, 'writer'),
    reload: () => location.reload(),
    readWall: () => readWallRows(),
    load: () => {
      const saved = sessionStorage.getItem(DRILL_STATE_KEY)
      return saved === null ? null : (JSON.parse(saved) as DrillState)
    },
    save: (state) => sessionStorage.setItem(DRILL_STATE_KEY, JSON.stringify(state)),
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    newRunId: () => newClientId().slice(0, 8),
  }
}
