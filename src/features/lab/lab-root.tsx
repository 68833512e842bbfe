/**
 * The network lab's root, the lazy chunk src/app/lab-mount.tsx renders outside the router:
 * the simulation banner (on every screen while a simulation is on), then the quiet "Lab" control or
 * the panel. Whether the panel was left closed is remembered for the tab.
 */
import { useEffect, useRef, useState } from 'react'
import type { LabServices } from './lab-services'
import { LabPanel } from './lab-panel'
import { endEverySimulation } from './lab-off'
import { SimulationBanner } from './simulation-banner'
import { LAB_CLOSED_KEY as CLOSED, LAB_SESSION_KEYS as LAB_KEYS } from './lab-session'
import './lab.css'

/** How the lab came up: panel open (`?lab`), a simulation's banner, or only the quiet control. */
export type LabStart = 'open' | 'banner' | 'control'

/** The class only the lab's own code carries: the build test looks for it in the first paint. */
export const LAB_MARKER = 'unburden-network-lab'

const rememberedClosed = (): boolean => {
  try {
    return sessionStorage.getItem(CLOSED) === '1'
  } catch {
    return false
  }
}

interface LabRootProps {
  start: LabStart
  /** The queue and the journeys, as the app hands them in. */
  services: LabServices
}

/** The lab: banner, then control or panel. */
export default function LabRoot({ start, services }: LabRootProps) {
  const [open, setOpen] = useState(() => start === 'open' && !rememberedClosed())
  const [off, setOff] = useState(false)
  const controlRef = useRef<HTMLButtonElement>(null)
  const closedByTester = useRef(false)
  // Focus goes back to the control when the tester closes the panel.
  useEffect(() => {
    if (!open && closedByTester.current) controlRef.current?.focus()
  }, [open])
  const show = (next: boolean) => {
    setOpen(next)
    try {
      if (next) sessionStorage.removeItem(CLOSED)
      else sessionStorage.setItem(CLOSED, '1')
    } catch {
      // The choice is then not remembered across reloads.
    }
    closedByTester.current = !next
  }
  const turnOff = () => {
    // Every simulation ends with the lab (it reads the token before the keys below are forgotten).
    void endEverySimulation()
    try {
      for (const key of LAB_KEYS) sessionStorage.removeItem(key)
    } catch {
      // Nothing was remembered, then.
    }
    setOff(true)
  }
  if (off) return null
  return (
    <div className={LAB_MARKER}>
      <SimulationBanner />
      {open ? (
        <LabPanel services={services} onClose={() => show(false)} onTurnOff={turnOff} />
      ) : (
        <button
          ref={controlRef}
          type="button"
          className="lab-control"
          aria-label="Open the network lab"
          onClick={() => show(true)}
        >
          Lab
        </button>
      )}
    </div>
  )
}
