import { describe, expect, it, vi } from 'vitest'
import {
  DRILL_MATRIX,
  DrillRefused,
  drillPassed,
  resumeDropDrill,
  runDropDrill,
  type DrillDeps,
  type DrillState,
} from '../../../../src/features/lab/drop-drill'
import type { BackendFaults } from '../../../../src/features/lab/lab-backend'
import type { SimulationMode } from '../../../../src/features/lab/shared/lab-simulation'

/**
 * A small world: a wall, a queue that holds offers while anything is broken and delivers them in
 * order once nothing is, and a clock that moves only when the drill sleeps.
 */
function fakeWorld(options: { duplicateLostAnswers?: boolean; swallow?: string } = {}) {
  const wall: { text: string }[] = []
  const held: string[] = []
  let simulation: SimulationMode = 'none'
  let backend: Partial<BackendFaults> = { mode: 'none' }
  let time = 1_000
  let saved: DrillState | null = null
  const broken = () => simulation !== 'none' || (backend.mode ?? 'none') !== 'none'
  const deliver = () => {
    while (!broken() && held.length > 0) wall.push({ text: held.shift()! })
  }
  const deps: DrillDeps = {
    checkBackend: async () => null,
    setBackendFaults: vi.fn(async (faults: Partial<BackendFaults>) => {
      backend = faults
      deliver()
    }),
    setSimulation: vi.fn(async (mode: SimulationMode) => {
      simulation = mode
      deliver()
    }),
    offer: vi.fn(async (text: string) => {
      if (text.includes(options.swallow ?? '\0')) return 'held'
      if (!broken()) {
        wall.push({ text })
        return 'offered'
      }
      // The answer is lost after the row was stored: a queue without idempotency sends it again.
      if (simulation === 'lost-answer' && options.duplicateLostAnswers) wall.push({ text })
      held.push(text)
      return 'held'
    }),
    reload: vi.fn(),
    readWall: async () => [...wall],
    load: () => (saved === null ? null : (structuredClone(saved) as DrillState)),
    save: (state) => (saved = structuredClone(state)),
    now: () => time,
    sleep: async (ms) => {
      time += ms
    },
    newRunId: () => 'r1',
    deliveryTimeoutMs: 5_000,
  }
  return {
    deps,
    wall,
    saved: () => saved,
    faults: () => ({ simulation, backend }),
  }
}

describe('the Drop drill', () => {
  it('refuses a backend without controls, and says why, before offering anything', async () => {
    const world = fakeWorld()
    world.deps.checkBackend = async () => 'This backend has no fault injection.'
    await expect(runDropDrill(world.deps)).rejects.toThrow(DrillRefused)
    await expect(runDropDrill(world.deps)).rejects.toThrow('This backend has no fault injection.')
    expect(world.deps.offer).not.toHaveBeenCalled()
    expect(world.wall).toEqual([])
  })

  it('runs the matrix, reloads mid-queue, resumes, and ends with every offer delivered once', async () => {
    const world = fakeWorld()
    const first = await runDropDrill(world.deps)
    // It stopped to reload with the last offer held and the network still broken.
    expect(first.phase).toBe('reloading')
    expect(world.deps.reload).toHaveBeenCalledTimes(1)
    expect(world.saved()?.phase).toBe('reloading')
    expect(world.wall.map((row) => row.text)).toHaveLength(DRILL_MATRIX.length - 1)
    expect(world.faults().simulation).toBe('offline')

    const done = (await resumeDropDrill(world.deps))!
    expect(done.phase).toBe('done')
    expect(done.result).toMatchObject({ offered: 6, delivered: 6, duplicated: 0, lost: 0 })
    expect(drillPassed(done.result!)).toBe(true)
    expect(done.result!.rows.map((row) => row.step)).toEqual(DRILL_MATRIX.map((s) => s.name))
    expect(world.wall.map((row) => row.text)).toEqual(
      DRILL_MATRIX.map((step, i) => `Drop drill r1 #${i + 1} (${step.name})`),
    )
    // Each offer waited out its fault before it could arrive.
    done.result!.rows.forEach((row, i) =>
      expect(row.msToDeliver).toBeGreaterThanOrEqual(DRILL_MATRIX[i]!.holdMs),
    )
    expect(world.faults()).toEqual({ simulation: 'none', backend: { mode: 'none' } })
    expect(world.deps.offer).toHaveBeenCalledTimes(6)
    // Nothing is left to resume.
    expect(await resumeDropDrill(world.deps)).toBeNull()
  })

  it('counts a second copy on the wall as duplicated', async () => {
    const world = fakeWorld({ duplicateLostAnswers: true })
    await runDropDrill(world.deps)
    const done = (await resumeDropDrill(world.deps))!
    expect(done.result).toMatchObject({ offered: 6, delivered: 6, duplicated: 1, lost: 0 })
    expect(done.result!.rows.find((row) => row.step === 'lost answer')?.copies).toBe(2)
    expect(drillPassed(done.result!)).toBe(false)
  })

  it('counts an offer that never reaches the wall as lost, and goes on with the rest', async () => {
    const world = fakeWorld({ swallow: '(503)' })
    await runDropDrill(world.deps)
    const done = (await resumeDropDrill(world.deps))!
    expect(done.result).toMatchObject({ offered: 6, delivered: 5, duplicated: 0, lost: 1 })
    expect(done.result!.rows.find((row) => row.step === '503')).toMatchObject({
      copies: 0,
      msToDeliver: null,
    })
  })

  it('turns every fault off when a step fails, and says why', async () => {
    const world = fakeWorld()
    world.deps.setBackendFaults = vi.fn(async (faults: Partial<BackendFaults>) => {
      if (faults.mode === 'drop') throw new Error('The backend refused the token')
    })
    const state = await runDropDrill(world.deps)
    expect(state.phase).toBe('failed')
    expect(state.error).toBe('The backend refused the token')
    expect(world.deps.setSimulation).toHaveBeenLastCalledWith('none')
    expect(world.deps.setBackendFaults).toHaveBeenLastCalledWith({ mode: 'none' })
  })

  it('after a reload in the middle of a step, finishes that step without offering again', async () => {
    const world = fakeWorld()
    const matrix = [{ name: 'offline', fault: { simulation: 'offline' as const }, holdMs: 1000 }]
    let interrupted: DrillState | null = null
    world.deps.onProgress = (state, line) => {
      if (line.includes('offered') && interrupted === null) interrupted = structuredClone(state)
    }
    await runDropDrill(world.deps, matrix)
    // The tester reloaded right after the offer: the tab kept the state of that moment.
    world.deps.save(interrupted!)
    const done = (await resumeDropDrill(world.deps, matrix))!
    expect(done.result).toMatchObject({ offered: 1, delivered: 1, duplicated: 0, lost: 0 })
    expect(world.deps.offer).toHaveBeenCalledTimes(1)
  })
})
