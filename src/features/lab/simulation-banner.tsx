/**
 * The banner shown on every screen while the network lab simulates (src/features/lab/shared/lab-simulation.ts).
 * It is also what keeps the simulation on: while it is mounted and its page visible, it renews the
 * worker's lease; unmounted, hidden or closed, the lease lapses and the simulation ends by itself.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { LEASE_RENEW_MS, type LabWorkerMessage } from './shared/lab-simulation'
import { onSimulation, renewSimulation, stopSimulation } from './lab-simulation-client'
import './lab-faults.css'
import { translator } from '../../i18n/i18n'
import { LAB_MESSAGES } from '../../i18n/messages/lab'

const t = translator(LAB_MESSAGES)
/** Stands for the mode's element while the sentence around it is split. */
const MODE_SLOT = '\u{E000}'
/** Each simulation's words in the banner (the lab's panel keeps its own English labels). */
const MODE_WORDS = {
  offline: 'lab.offline',
  '503': 'lab.503',
  'lost-answer': 'lab.lostAnswer',
} as const

/** The current simulation as the worker tells this window. */
export function useSimulation(): LabWorkerMessage {
  const [simulation, setSimulation] = useState<LabWorkerMessage>({
    type: 'LAB_SIMULATION',
    mode: 'none',
  })
  useEffect(() => onSimulation(setSimulation), [])
  return simulation
}

/** "Network lab: simulating offline … Stop", while a simulation is on; renews its lease while visible. */
export function SimulationBanner() {
  const { mode, leaseId } = useSimulation()
  useEffect(() => {
    if (mode === 'none' || leaseId === undefined) return
    const renew = () => {
      if (document.visibilityState === 'visible') renewSimulation(leaseId)
    }
    renew()
    const timer = setInterval(renew, LEASE_RENEW_MS)
    // A page coming back (shown again, or unfrozen) renews at once, or learns the lease is gone.
    document.addEventListener('visibilitychange', renew)
    document.addEventListener('resume', renew)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', renew)
      document.removeEventListener('resume', renew)
    }
  }, [mode, leaseId])
  const [before = '', after = ''] = t('lab.simulating', { mode: MODE_SLOT }).split(MODE_SLOT)
  // The page makes room for the banner (styles in lab-faults.css), so it covers no control.
  const line = useRef<HTMLParagraphElement>(null)
  useLayoutEffect(() => {
    const element = line.current
    if (!element) return
    const root = document.documentElement
    const reserve = () =>
      root.style.setProperty('--lab-banner-space', `${element.getBoundingClientRect().height}px`)
    reserve()
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(reserve)
    observer?.observe(element)
    return () => {
      observer?.disconnect()
      root.style.removeProperty('--lab-banner-space')
    }
  }, [mode])
  return (
    <div className="lab-simulation-banner" role="status">
      {mode !== 'none' && (
        <p className="lab-simulation-banner__line" ref={line}>
          <span>
            {before}
            <strong>{t(MODE_WORDS[mode])}</strong>
            {after}
          </span>
          <button type="button" className="lab-simulation-banner__stop" onClick={stopSimulation}>
            {t('lab.stop')}
          </button>
        </p>
      )}
    </div>
  )
}
