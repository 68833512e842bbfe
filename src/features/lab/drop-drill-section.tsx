/**
 * The lab panel's Drop drill: a button that runs the standard matrix (src/features/lab/drop-drill.ts),
 * a live progress line, and the final table. An unfinished run (the drill reloads the page once)
 * resumes as soon as this section mounts again.
 */
import { useEffect, useRef, useState } from 'react'
import {
  DrillRefused,
  drillPassed,
  resumeDropDrill,
  runDropDrill,
  type DrillState,
} from './drop-drill'
import { appDrillDeps } from './drop-drill-deps'
import './lab-faults.css'

const seconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`)

/** The drill's final table. */
function DrillTable({ state }: { state: DrillState }) {
  const result = state.result
  if (!result) return null
  return (
    <table aria-label="Drop drill result">
      <caption>
        Run {state.runId}: {drillPassed(result) ? 'passed' : 'FAILED'}
      </caption>
      <thead>
        <tr>
          <th scope="col">Offered</th>
          <th scope="col">Delivered</th>
          <th scope="col">Duplicated</th>
          <th scope="col">Lost</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td data-drill="offered">{result.offered}</td>
          <td data-drill="delivered">{result.delivered}</td>
          <td data-drill="duplicated">{result.duplicated}</td>
          <td data-drill="lost">{result.lost}</td>
        </tr>
      </tbody>
      <tbody>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Step</th>
          <th scope="col">On the wall</th>
          <th scope="col">Time to deliver</th>
        </tr>
        {result.rows.map((row) => (
          <tr key={row.n}>
            <td>{row.n}</td>
            <td>{row.step}</td>
            <td>{row.copies}</td>
            <td>{seconds(row.msToDeliver)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** "Run the Drop drill", its progress, and its table. */
export function DropDrillSection() {
  // An unfinished run of this tab (the drill reloads the page once) resumes on mount.
  const [pending] = useState(() => {
    const saved = appDrillDeps().load()
    return saved !== null && (saved.phase === 'running' || saved.phase === 'reloading')
  })
  const [running, setRunning] = useState(pending)
  const [line, setLine] = useState(pending ? 'Resuming the Drop drill…' : '')
  const [state, setState] = useState<DrillState | null>(null)
  const resumed = useRef(false)

  const deps = () => ({
    ...appDrillDeps(),
    onProgress: (next: DrillState, progress: string) => {
      setState(structuredClone(next))
      setLine(progress)
    },
  })
  const follow = (work: Promise<DrillState | null>) =>
    work
      .then((final) => final && setState(structuredClone(final)))
      .catch((error: unknown) =>
        setLine(error instanceof DrillRefused ? error.message : `Stopped: ${String(error)}`),
      )
      .finally(() => setRunning(false))
  const run = () => {
    setRunning(true)
    setLine('Starting the Drop drill…')
    void follow(runDropDrill(deps()))
  }

  useEffect(() => {
    if (!pending || resumed.current) return
    resumed.current = true
    void follow(resumeDropDrill(deps()))
  })

  return (
    <section className="lab-drill" aria-label="Drop drill">
      <h3>Drop drill</h3>
      <p>
        Offline, backend down, 503, 429, lost answer and a reload mid-queue, each with a test offer
        of its own published to the local wall.
      </p>
      <button type="button" disabled={running} onClick={run}>
        {running ? 'Drill running…' : 'Run the Drop drill'}
      </button>
      <p role="status">{line}</p>
      {state?.phase === 'done' && <DrillTable state={state} />}
    </section>
  )
}
