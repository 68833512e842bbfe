/**
 * Autovacuum for PGlite, which has no background workers: after writes, `VACUUM ANALYZE` the API's
 * tables when the backend has been idle a moment, so exact counts use index-only scans and the
 * planner's statistics follow the data (a hosted PostgreSQL's autovacuum does both by itself).
 */
import type { Engine } from './engine'
import { quoteIdent } from './postgrest/sql'

/** Writes after which the tables are vacuumed (once the backend is idle). */
const WRITES_BEFORE_VACUUM = 200
/** Quiet time before vacuuming, in ms. */
const IDLE_MS = 1000

/** Keeps PGlite's tables vacuumed; a no-op for PostgreSQL. */
export class Maintenance {
  private writes = 0
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private closed = false

  constructor(
    private readonly engine: Engine,
    private readonly tables: string[],
    private readonly log: (line: string) => void,
  ) {}

  /** Counts rows written; schedules a vacuum once enough have been. */
  noteWrites(rows: number): void {
    if (this.engine.kind !== 'pglite' || this.closed || rows <= 0) return
    this.writes += rows
    if (this.writes < WRITES_BEFORE_VACUUM) return
    clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.vacuumNow(), IDLE_MS)
    this.timer.unref()
  }

  /** Vacuums the API's tables now (after a bulk load). */
  async vacuumNow(): Promise<void> {
    if (this.engine.kind !== 'pglite' || this.closed) return
    clearTimeout(this.timer)
    this.writes = 0
    this.running ??= (async () => {
      try {
        const names = this.tables.map((name) => `public.${quoteIdent(name)}`).join(', ')
        if (names) await this.engine.exec(`vacuum analyze ${names}`)
      } catch (error) {
        this.log(`vacuum failed: ${(error as Error).message}`)
      } finally {
        this.running = undefined
      }
    })()
    await this.running
  }

  /** Stops scheduling and waits for a running vacuum. */
  async close(): Promise<void> {
    this.closed = true
    clearTimeout(this.timer)
    await this.running
  }
}
