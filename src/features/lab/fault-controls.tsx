/**
 * The lab panel's section for breaking the network on purpose: the in-app simulation (any backend,
 * hosted included; src/features/lab/shared/lab-simulation.ts) and, only when the local backend says it has fault
 * injection on (`GET /__lab`), its fault modes through `/__faults` with the tab's token.
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react'
import { SIMULATION_LABELS, SIMULATION_MODES, type SimulationMode } from './shared/lab-simulation'
import {
  BACKEND_FAULT_MODES,
  BackendControlsError,
  labToken,
  probeBackendFaults,
  readBackendFaults,
  saveLabToken,
  setBackendFaults,
  type BackendFaults,
} from './lab-backend'
import { canSimulate, startSimulation, stopSimulation } from './lab-simulation-client'
import { useSimulation } from './simulation-banner'
import './lab-faults.css'

const BACKEND_MODE_LABELS: Record<BackendFaults['mode'], string> = {
  none: 'none',
  drop: 'drop connections',
  '503': '503',
  '429': '429 with Retry-After',
  'reject-inserts': 'reject inserts (400)',
  'store-then-drop': 'store, then drop the answer',
}

/** How the backend's fault reads to the tester. */
export function describeBackendFaults(faults: BackendFaults): string {
  if (faults.mode === 'none' && faults.latencyMs === 0) return 'no fault'
  const parts = [BACKEND_MODE_LABELS[faults.mode]]
  if (faults.mode === '429') parts[0] += ` (${faults.retryAfterSeconds ?? 0} s)`
  if (faults.latencyMs > 0) parts.push(`+${faults.latencyMs} ms`)
  parts.push(faults.count === undefined ? 'until turned off' : `for ${faults.count} more requests`)
  return parts.join(', ')
}

/** The in-app simulation: off, offline, 503 or lost answers, shown in the banner while on. */
function SimulationControls() {
  const { mode } = useSimulation()
  const [error, setError] = useState<string | null>(null)
  // The tester's choice shows at once, until the worker's word on it arrives (it then wins).
  const [chosen, setChosen] = useState<{ choice: SimulationMode; while: SimulationMode } | null>(
    null,
  )
  const shown = chosen !== null && chosen.while === mode ? chosen.choice : mode
  const name = useId()
  const choose = (next: SimulationMode) => {
    setError(null)
    setChosen({ choice: next, while: mode })
    try {
      if (next === 'none') stopSimulation()
      else startSimulation(next)
    } catch (failure) {
      setChosen(null)
      setError((failure as Error).message)
    }
  }
  return (
    <fieldset>
      <legend>In-app simulation (any backend)</legend>
      {(['none', ...SIMULATION_MODES] as const).map((option) => (
        <label key={option}>
          <input
            type="radio"
            name={name}
            value={option}
            checked={shown === option}
            onChange={() => choose(option)}
          />
          {option === 'none' ? 'off' : SIMULATION_LABELS[option]}
        </label>
      ))}
      {!canSimulate() && <p>No service worker controls this page yet: reload it to simulate.</p>}
      {error && (
        <p className="lab-faults__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** The local backend's fault modes, through its controls and the tab's token. */
function BackendFaultControls() {
  const [token, setToken] = useState(labToken() ?? '')
  const [hasToken, setHasToken] = useState(labToken() !== null)
  const [current, setCurrent] = useState<BackendFaults | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [mode, setMode] = useState<BackendFaults['mode']>('503')
  const [count, setCount] = useState('')
  const [latencyMs, setLatencyMs] = useState('0')
  const [retryAfterSeconds, setRetryAfterSeconds] = useState('2')

  const report = useCallback((failure: unknown) => {
    setError(
      failure instanceof BackendControlsError ? failure.message : 'The backend did not answer.',
    )
  }, [])
  const run = (work: () => Promise<BackendFaults>) => {
    setError(null)
    work().then(setCurrent, report)
  }
  useEffect(() => {
    if (hasToken) readBackendFaults().then(setCurrent, report)
  }, [hasToken, report])

  const apply = (event: FormEvent) => {
    event.preventDefault()
    run(() =>
      setBackendFaults({
        mode,
        latencyMs: Number(latencyMs) || 0,
        ...(mode === '429' ? { retryAfterSeconds: Number(retryAfterSeconds) || 0 } : {}),
        ...(count.trim() === '' ? {} : { count: Number(count) }),
      }),
    )
  }

  if (!hasToken)
    return (
      <fieldset>
        <legend>Backend faults (local backend)</legend>
        <form
          onSubmit={(event) => {
            event.preventDefault()
            saveLabToken(token)
            setHasToken(labToken() !== null)
          }}
        >
          <label>
            Control token
            <input
              value={token}
              onChange={(event) => setToken(event.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
          </label>
          <button type="submit">Use this token</button>
        </form>
        <p>Paste the token npm start printed, or open the lab address it printed.</p>
      </fieldset>
    )

  return (
    <fieldset>
      <legend>Backend faults (local backend)</legend>
      <p>Now: {current ? describeBackendFaults(current) : '…'}</p>
      <form onSubmit={apply} className="lab-faults">
        <label>
          Mode
          <select
            value={mode}
            onChange={(event) => setMode(event.target.value as BackendFaults['mode'])}
          >
            {BACKEND_FAULT_MODES.map((option) => (
              <option key={option} value={option}>
                {BACKEND_MODE_LABELS[option]}
              </option>
            ))}
          </select>
        </label>
        <label>
          For the next N requests (empty: until turned off)
          <input
            type="number"
            min={1}
            inputMode="numeric"
            value={count}
            onChange={(event) => setCount(event.target.value)}
          />
        </label>
        <label>
          Added latency (ms)
          <input
            type="number"
            min={0}
            max={120000}
            inputMode="numeric"
            value={latencyMs}
            onChange={(event) => setLatencyMs(event.target.value)}
          />
        </label>
        {mode === '429' && (
          <label>
            Retry-After (s)
            <input
              type="number"
              min={0}
              max={3600}
              inputMode="numeric"
              value={retryAfterSeconds}
              onChange={(event) => setRetryAfterSeconds(event.target.value)}
            />
          </label>
        )}
        <button type="submit">Apply to the backend</button>
        <button type="button" onClick={() => run(() => setBackendFaults({ mode: 'none' }))}>
          Turn backend faults off
        </button>
      </form>
      {error && (
        <p className="lab-faults__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** The lab's "Break the network" section. */
export function FaultControls() {
  const [backendFaults, setBackendFaultsOn] = useState(false)
  useEffect(() => {
    let live = true
    void probeBackendFaults().then((on) => live && setBackendFaultsOn(on))
    return () => {
      live = false
    }
  }, [])
  return (
    <section className="lab-faults" aria-label="Break the network">
      <h3>Break the network</h3>
      <SimulationControls />
      {backendFaults && <BackendFaultControls />}
    </section>
  )
}
