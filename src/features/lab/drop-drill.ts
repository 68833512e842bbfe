/**
 * The Drop drill: the standard matrix of network failures, each with a test offer of its own sent
 * through the app's real queue, ending with a table (offered, delivered, duplicated, lost, time to
 * deliver each). Everything it touches is passed in (src/features/lab/drop-drill-deps.ts has the
 * app's), so the runner is tested without a browser.
 *
 * It publishes test thoughts to the wall and watches the wall through the local backend's controls,
 * so it refuses to run without them. Its state lives in the tab's sessionStorage: the "reload
 * mid-queue" step reloads the page, and the drill resumes where it was.
 */
import type { ActiveSimulationMode, SimulationMode } from './shared/lab-simulation'
import type { BackendFaults } from './lab-backend'

/** One step of the matrix. */
export interface DrillStep {
  name: string
  /** How the network breaks: the in-app simulation, or the local backend's faults. */
  fault: { simulation: ActiveSimulationMode } | { backend: Partial<BackendFaults> }
  /** How long the fault plays after the offer, in ms. */
  holdMs: number
  /** Reload the page while the offer is held. */
  reload?: boolean
}

/** The standard matrix. */
export const DRILL_MATRIX: readonly DrillStep[] = [
  { name: 'offline', fault: { simulation: 'offline' }, holdMs: 3000 },
  { name: 'backend down', fault: { backend: { mode: 'drop' } }, holdMs: 3000 },
  { name: '503', fault: { backend: { mode: '503' } }, holdMs: 3000 },
  { name: '429', fault: { backend: { mode: '429', retryAfterSeconds: 2 } }, holdMs: 1000 },
  { name: 'lost answer', fault: { simulation: 'lost-answer' }, holdMs: 3000 },
  { name: 'reload mid-queue', fault: { simulation: 'offline' }, holdMs: 1000, reload: true },
]

/** A test offer the drill made. */
export interface DrillOffer {
  /** 1-based, in the matrix's order. */
  n: number
  step: string
  text: string
  offeredAt: number
  /** What offering answered at once (`offered`, `held`, …). */
  outcome: string
  /** When the drill first saw it on the wall. */
  deliveredAt?: number
}

/** One line of the final table. */
export interface DrillRow {
  n: number
  step: string
  /** Rows on the wall with this offer's text: 1 is right, 0 is lost, more is duplicated. */
  copies: number
  msToDeliver: number | null
}

/** The final table's totals and lines. */
export interface DrillResult {
  offered: number
  delivered: number
  duplicated: number
  lost: number
  rows: DrillRow[]
}

/** A drill run as the tab keeps it. */
export interface DrillState {
  runId: string
  startedAt: number
  /** The index of the step to run (or to finish, after a reload). */
  next: number
  phase: 'running' | 'reloading' | 'done' | 'failed'
  offers: DrillOffer[]
  result?: DrillResult
  error?: string
}

/** What the drill needs from the app and the backend. */
export interface DrillDeps {
  /** Why the drill cannot run against this backend, or null when it can. */
  checkBackend(): Promise<string | null>
  setBackendFaults(faults: Partial<BackendFaults>): Promise<unknown>
  /** Starts or stops the in-app simulation; resolves once the service worker plays it. */
  setSimulation(mode: SimulationMode): Promise<void>
  /** Offers `text` through the app's real queue; resolves with the outcome. */
  offer(text: string): Promise<string>
  /** Reloads the page (the drill's state is saved first). */
  reload(): void
  /** Every row of the wall, through the backend's controls. */
  readWall(): Promise<{ text: string }[]>
  load(): DrillState | null
  save(state: DrillState): void
  now(): number
  sleep(ms: number): Promise<void>
  newRunId(): string
  onProgress?(state: DrillState, line: string): void
  /** How long the drill waits for one offer to reach the wall, in ms. Default 90 s. */
  deliveryTimeoutMs?: number
  /** How often it looks at the wall while waiting, in ms. Default 250. */
  pollMs?: number
  /** How long it waits after the last delivery before counting copies, in ms. Default 2 s. */
  settleMs?: number
}

/** The drill cannot run here; the message says why. */
export class DrillRefused extends Error {}

/** The text of the drill's `n`-th test offer. */
export function drillOfferText(runId: string, n: number, step: string): string {
  return `Drop drill ${runId} #${n} (${step})`
}

/** The table for `offers`, counted on `wall`. */
export function drillResult(
  offers: readonly DrillOffer[],
  wall: readonly { text: string }[],
): DrillResult {
  const rows = offers.map((offer) => ({
    n: offer.n,
    step: offer.step,
    copies: wall.filter((row) => row.text === offer.text).length,
    msToDeliver: offer.deliveredAt === undefined ? null : offer.deliveredAt - offer.offeredAt,
  }))
  return {
    offered: rows.length,
    delivered: rows.filter((row) => row.copies > 0).length,
    duplicated: rows.reduce((sum, row) => sum + Math.max(0, row.copies - 1), 0),
    lost: rows.filter((row) => row.copies === 0).length,
    rows,
  }
}

/** True when a run ended with every offer delivered exactly once. */
export function drillPassed(result: DrillResult): boolean {
  return result.lost === 0 && result.duplicated === 0 && result.delivered === result.offered
}

async function endFaults(deps: DrillDeps): Promise<void> {
  await Promise.allSettled([deps.setSimulation('none'), deps.setBackendFaults({ mode: 'none' })])
}

async function applyFault(deps: DrillDeps, step: DrillStep): Promise<void> {
  if ('simulation' in step.fault) await deps.setSimulation(step.fault.simulation)
  else await deps.setBackendFaults(step.fault.backend)
}

async function waitForDelivery(deps: DrillDeps, offer: DrillOffer): Promise<void> {
  const deadline = deps.now() + (deps.deliveryTimeoutMs ?? 90_000)
  while (deps.now() < deadline) {
    const wall = await deps.readWall().catch(() => [])
    if (wall.some((row) => row.text === offer.text)) {
      offer.deliveredAt = deps.now()
      return
    }
    await deps.sleep(deps.pollMs ?? 250)
  }
}

async function carryOn(
  deps: DrillDeps,
  state: DrillState,
  matrix: readonly DrillStep[],
): Promise<DrillState> {
  const progress = (line: string) => {
    deps.save(state)
    deps.onProgress?.(state, line)
  }
  try {
    for (let index = state.next; index < matrix.length; index++) {
      const step = matrix[index]!
      let offer = state.offers.find((made) => made.n === index + 1)
      // After a reload (the drill's own, or the tester's) a step's offer is finished, never made twice.
      if (offer === undefined) {
        progress(`Step ${index + 1} of ${matrix.length}: ${step.name}`)
        await applyFault(deps, step)
        const text = drillOfferText(state.runId, index + 1, step.name)
        const offeredAt = deps.now()
        offer = { n: index + 1, step: step.name, text, offeredAt, outcome: await deps.offer(text) }
        state.offers = [...state.offers, offer]
        progress(
          `Step ${index + 1}: offered (${offer.outcome}), ${step.name} for ${step.holdMs} ms`,
        )
        await deps.sleep(step.holdMs)
        if (step.reload) {
          state.phase = 'reloading'
          progress(`Step ${index + 1}: reloading the page with the offer held`)
          deps.reload()
          return state
        }
      }
      state.phase = 'running'
      await endFaults(deps)
      progress(`Step ${index + 1}: network back, waiting for the offer on the wall`)
      await waitForDelivery(deps, offer)
      state.next = index + 1
      progress(
        offer.deliveredAt === undefined
          ? `Step ${index + 1}: not on the wall in time`
          : `Step ${index + 1}: delivered in ${offer.deliveredAt - offer.offeredAt} ms`,
      )
    }
    await deps.sleep(deps.settleMs ?? 2000)
    state.result = drillResult(state.offers, await deps.readWall())
    state.phase = 'done'
    progress(drillPassed(state.result) ? 'Done: every offer delivered once' : 'Done: see the table')
  } catch (error) {
    await endFaults(deps)
    state.phase = 'failed'
    state.error = (error as Error).message
    progress(`Stopped: ${state.error}`)
  }
  return state
}

/** Runs the matrix from the start; throws DrillRefused when the backend has no controls. */
export async function runDropDrill(
  deps: DrillDeps,
  matrix: readonly DrillStep[] = DRILL_MATRIX,
): Promise<DrillState> {
  const refusal = await deps.checkBackend()
  if (refusal !== null) throw new DrillRefused(refusal)
  const state: DrillState = {
    runId: deps.newRunId(),
    startedAt: deps.now(),
    next: 0,
    phase: 'running',
    offers: [],
  }
  return carryOn(deps, state, matrix)
}

/** Resumes the tab's unfinished run (after the drill's reload, or any other); null when there is none. */
export async function resumeDropDrill(
  deps: DrillDeps,
  matrix: readonly DrillStep[] = DRILL_MATRIX,
): Promise<DrillState | null> {
  const state = deps.load()
  if (state === null || state.phase === 'done' || state.phase === 'failed') return null
  return carryOn(deps, state, matrix)
}
