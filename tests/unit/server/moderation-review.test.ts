/**
 * The review of the moderation migration (issue 24): attacks on
 * supabase/migrations/20261125000000_moderation_budget.sql that it did not stop, each as PostgREST
 * runs it (one transaction per request, role anon, request.headers as Supabase's edge sets them), and
 * the fix in 20261125010000_moderation_review.sql.
 */
import { describe, expect, it, vi } from 'vitest'
import type { Engine } from '../../../server/engine'
import { reportFrom, reviewList, seedThoughts } from '../../fixtures/moderation'
import { asOwner, emptyWall, ENGINES, useTestBackend, type TestBackend } from './support/backend'

vi.setConfig({ testTimeout: 120_000 })

describe.each(ENGINES)('moderation review on %s', (engineName) => {
  let backend: TestBackend
  let engine: Engine

  useTestBackend(engineName, {
    started: (started) => {
      backend = started
      engine = started.engine
    },
    eachTest: async () => {
      await emptyWall(backend)
      await asOwner(
        backend,
        `update private.void_settings
            set report_threshold = 3, reports_per_minute = 10, auto_hides_per_hour = 5,
                counted_reports_per_day = 5, writes_per_minute = 10`,
      )
    },
  })

  const setting = (sql: string) => asOwner(backend, `update private.void_settings set ${sql}`)

  describe('no oracle of what a housemate reported', () => {
    it('with the bucket spent, a report of a thought a housemate reported answers as one of a thought nobody reported', async () => {
      // A bucket of one report a minute: the housemate's report spends it.
      await setting('reports_per_minute = 1, report_threshold = 0')
      const [reportedByHousemate, notReported] = await seedThoughts(engine, 2)
      const home = '198.51.100.20'
      expect(await reportFrom(engine, home, reportedByHousemate!)).toEqual({ status: 201 })
      // Someone else at the same address asks about both thoughts: the answers must not tell which
      // one the housemate reported (before the fix: 201 for it, a repeat that cost nothing, and 429
      // for the other, which stored nothing, so the probe could be run on every thought of the wall).
      const probeReported = await reportFrom(engine, home, reportedByHousemate!)
      const probeOther = await reportFrom(engine, home, notReported!)
      expect(probeReported).toEqual(probeOther)
      expect(probeOther.status).toBe(429)
      // The probe stored nothing either way.
      expect(await reviewList(engine)).toEqual([
        { id: reportedByHousemate, status: 'visible', reports: 1, counting: 1 },
      ])
    })

    it('a resent report still answers 201 while the bucket holds a token, and is never counted twice', async () => {
      const [thought] = await seedThoughts(engine, 1)
      for (let i = 0; i < 3; i++)
        expect(await reportFrom(engine, '198.51.100.21', thought!)).toEqual({ status: 201 })
      expect(await reviewList(engine)).toEqual([
        { id: thought, status: 'visible', reports: 1, counting: 1 },
      ])
    })
  })
})
