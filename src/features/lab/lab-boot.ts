/**
 * Whether the network lab comes up, loaded by the app after start (src/app/lab-entry.ts, never in
 * the first paint). The lab comes up:
 * - with `?lab` in the address: remembered for the tab in sessionStorage `unburden.lab`; `?lab=off`
 *   forgets it; the address loses `lab` and `token` (the token is kept in `unburden.lab.token` for
 *   the lab's backend controls);
 * - when the service worker says a simulation is on (`LAB_SIMULATION` with a mode other than
 *   `none`: another tab started it, so this tab shows the banner);
 * - as a quiet "Lab" control only, when the app's backend is on this machine or a private network
 *   and `GET <backend>/__lab` answers `{"faults": true}` (a local backend started with faults on).
 *   A hosted backend is never asked.
 * The panel's code is loaded only then, by the `show` the app gives (src/app/lab-door.ts).
 */
import type { LabStart } from './lab-root'
import { probeBackendFaults } from './lab-backend'
import { LAB_KEY, LAB_TOKEN_KEY } from './lab-session'
import { onWorkerMessage, postToWorker } from './lab-worker-bridge'
import { versionSwitchPending } from '../../lib/version-switch'

/** How long after boot the backend is probed, in ms. */
const PROBE_AFTER_MS = 2500

/** Reads `?lab`, `?lab=off` and `token` from the address into sessionStorage; answers whether the lab is on. */
export function readLabAddress(): boolean {
  const url = new URL(location.href)
  const asked = url.searchParams.get('lab')
  if (asked !== null) {
    if (asked === 'off') {
      // Turning the lab off ends the in-app simulation in every tab.
      postToWorker({ type: 'LAB_STOP' })
      sessionStorage.removeItem(LAB_KEY)
      sessionStorage.removeItem(LAB_TOKEN_KEY)
    } else sessionStorage.setItem(LAB_KEY, '1')
    const token = url.searchParams.get('token')
    if (token) sessionStorage.setItem(LAB_TOKEN_KEY, token)
    url.searchParams.delete('lab')
    url.searchParams.delete('token')
    history.replaceState(history.state, '', url)
  }
  return sessionStorage.getItem(LAB_KEY) === '1'
}

/** Brings the lab up with `show` when asked for, or listens for the reasons it may come up later. */
export function bootLab(show: (start: LabStart) => Promise<void>): void {
  if (readLabAddress()) {
    void show('open')
    return
  }
  onWorkerMessage((message) => {
    const data = message as { type?: unknown; mode?: unknown } | null
    if (data?.type === 'LAB_SIMULATION' && data.mode !== 'none') void show('banner')
  })
  // A tab opened while another simulates learns it now, and shows the banner.
  postToWorker({ type: 'LAB_ASK' })
  // Not while the page switches to a new version: the probe and the lab's chunks are requests the
  // old worker would answer, and it must be left idle to hand over (src/lib/version-switch.ts).
  setTimeout(() => {
    if (versionSwitchPending()) return
    void probeBackendFaults().then((faults) => {
      if (faults && !versionSwitchPending()) void show('control')
    })
  }, PROBE_AFTER_MS)
}
