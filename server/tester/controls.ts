/**
 * Fault injection and the tester controls (only when the backend starts with `--faults` or
 * UNBURDEN_FAULTS=1; steps.ts puts them in the request pipeline). Testers, the app's lab, and the
 * end-to-end tests through tests/e2e/support/backend.ts, use:
 *   POST /__faults {mode, latencyMs, retryAfterSeconds?, count?}   GET /__faults   POST /__reset
 *   GET /__requests                    POST /__seed {rows: [{text, createdAt?}]}    GET /__rows
 * /__rows shows whether an idempotency key was claimed for each row (`keyed`), never the key.
 * Faults apply to REST paths only, never to these. `count` makes a fault play on the next N requests
 * it acts on (inserts for `reject-inserts` and `store-then-drop`, every REST request otherwise), then
 * turn itself off; without it the fault plays until changed.
 */
import {
  BACKEND_FAULT_MODES as MODES,
  type BackendFaults as Faults,
} from '../../src/shared/local-backend'
import type { Answer } from '../edge/answer'
import type { Engine } from '../engine'
import { ApiError, badBody } from '../errors'
import type { Maintenance } from '../maintenance'

export type { Faults }

/** The `Retry-After` of a `429` when the tester names none, in seconds. */
const DEFAULT_RETRY_AFTER_SECONDS = 2

const NO_FAULTS: Faults = { mode: 'none', latencyMs: 0 }

/** Modes that act on inserts only: their `count` counts inserts. */
const INSERT_MODES: readonly Faults['mode'][] = ['reject-inserts', 'store-then-drop']

/** A REST request as the request log shows it. */
export interface LoggedRequest {
  method: string
  path: string
  query: string
  /** 0 when the connection was dropped without an answer. */
  status: number
}

/** Rows per statement when seeding. */
const SEED_CHUNK = 5000
/** The most rows one seed request may carry. */
const SEED_MAX_ROWS = 200_000

/** The tester's controls over one backend. */
export class TesterControls {
  faults: Faults = NO_FAULTS
  readonly requests: LoggedRequest[] = []

  constructor(
    private readonly engine: Engine,
    private readonly maintenance: Maintenance,
  ) {}

  /**
   * The fault to play on one REST request, counted against `count`: the fault turns itself off after
   * its last counted request. Inserts count for the insert-only modes; every request for the others.
   */
  take(method: string): Faults {
    const faults = this.faults
    if (faults.count === undefined) return faults
    const counts = !INSERT_MODES.includes(faults.mode) || method === 'POST'
    if (!counts) return { ...faults, mode: 'none' }
    const left = faults.count - 1
    this.faults = left > 0 ? { ...faults, count: left } : NO_FAULTS
    return faults
  }

  /** Records a REST request for GET /__requests. */
  record(entry: LoggedRequest): void {
    this.requests.push(entry)
    if (this.requests.length > 10_000) this.requests.splice(0, this.requests.length - 10_000)
  }

  /** Answers a control request, or null when the path is not a control path. */
  async handle(method: string, path: string, body: string): Promise<Answer | null> {
    const route = `${method} ${path}`
    switch (route) {
      case 'GET /__faults':
        return json(200, this.faults)
      case 'POST /__faults':
        this.faults = parseFaults(parse(body))
        return json(200, this.faults)
      case 'POST /__reset':
        await this.reset()
        return json(200, { ok: true })
      case 'GET /__requests':
        return json(200, this.requests)
      case 'POST /__seed':
        return json(201, { inserted: await this.seed(parse(body)) })
      case 'GET /__rows':
        return {
          status: 200,
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: await this.rows(),
        }
      default:
        return null
    }
  }

  private async reset(): Promise<void> {
    this.faults = NO_FAULTS
    this.requests.length = 0
    await emptyWall(this.engine)
  }

  private async seed(body: unknown): Promise<number> {
    const rows = (body as { rows?: unknown } | null)?.rows
    if (!Array.isArray(rows)) throw badBody('Expected {rows: [{text, createdAt?}]}')
    if (rows.length > SEED_MAX_ROWS) throw badBody(`At most ${SEED_MAX_ROWS} rows per seed`)
    const clean = rows.map((row: unknown) => {
      const { text, createdAt } = (row ?? {}) as { text?: unknown; createdAt?: unknown }
      if (typeof text !== 'string' || (createdAt !== undefined && typeof createdAt !== 'string'))
        throw badBody('Each row is {text: string, createdAt?: string}')
      return { text, created_at: createdAt ?? null }
    })
    await this.engine.transaction(async (tx) => {
      for (let start = 0; start < clean.length; start += SEED_CHUNK)
        await tx.query(
          `insert into public.void_thoughts (text, created_at)
           select r.text, coalesce(r.created_at, now())
             from json_to_recordset($1::json) as r(text text, created_at timestamptz)`,
          [JSON.stringify(clean.slice(start, start + SEED_CHUNK))],
        )
    })
    // A bulk load: vacuum now, so the next reads are planned and counted as on a settled table.
    if (clean.length >= 1000) await this.maintenance.vacuumNow()
    else this.maintenance.noteWrites(clean.length)
    return clean.length
  }

  private async rows(): Promise<string> {
    const [row] = await this.engine.transaction((tx) =>
      tx.query<{ body: string }>(
        `select coalesce(json_agg(r order by r.created_at desc, r.id desc), '[]')::text as body
           from (select t.id, t.text, t.created_at,
                        exists (select from private.void_offer_keys k where k.thought_id = t.id) as keyed
                   from public.void_thoughts t) r`,
      ),
    )
    return row?.body ?? '[]'
  }
}

function json(status: number, value: unknown): Answer {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(value),
  }
}

function parse(body: string): unknown {
  if (body.trim() === '') return null
  try {
    return JSON.parse(body)
  } catch {
    throw badBody('Empty or invalid json')
  }
}

const wholeNumber = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max

function parseFaults(body: unknown): Faults {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return NO_FAULTS
  const given = body as {
    mode?: unknown
    latencyMs?: unknown
    retryAfterSeconds?: unknown
    count?: unknown
  }
  const mode = given.mode ?? 'none'
  const latencyMs = given.latencyMs ?? 0
  if (!(MODES as readonly string[]).includes(mode as string))
    throw new ApiError(400, 'PGRST102', `mode must be one of ${MODES.join(', ')}`)
  if (typeof latencyMs !== 'number' || !(latencyMs >= 0) || latencyMs > 120_000)
    throw new ApiError(400, 'PGRST102', 'latencyMs must be a number of milliseconds (0 to 120000)')
  const faults: Faults = { mode: mode as Faults['mode'], latencyMs }
  if (given.retryAfterSeconds !== undefined) {
    if (mode !== '429')
      throw new ApiError(400, 'PGRST102', 'retryAfterSeconds goes with mode 429 only')
    if (!wholeNumber(given.retryAfterSeconds, 0, 3600))
      throw new ApiError(400, 'PGRST102', 'retryAfterSeconds must be a whole number (0 to 3600)')
  }
  if (mode === '429')
    faults.retryAfterSeconds =
      (given.retryAfterSeconds as number | undefined) ?? DEFAULT_RETRY_AFTER_SECONDS
  if (given.count !== undefined) {
    if (!wholeNumber(given.count, 1, 100_000))
      throw new ApiError(400, 'PGRST102', 'count must be a whole number of requests (1 to 100000)')
    if (mode === 'none' && latencyMs === 0)
      throw new ApiError(400, 'PGRST102', 'count needs a mode or latencyMs to count')
    faults.count = given.count
  }
  return faults
}

/**
 * Empties the wall and everything kept beside it, as the owner, in one transaction: the thoughts and
 * their claimed keys, every trace of moderation (reports, hides and the hour's budget, the owner's
 * decisions, the pending list) and every write bucket; the reporters' salt starts again, so an emptied wall moderates as a new one does. The tester controls' reset and the
 * backend's tests share it.
 */
export function emptyWall(engine: Engine): Promise<void> {
  return engine.transaction(async (tx) => {
    await tx.query(
      `truncate public.void_thoughts, private.void_offer_keys, private.void_reports,
                private.void_hidden_thoughts, private.void_auto_hides, private.void_reviewed_thoughts,
                private.void_pending_thoughts restart identity`,
    )
    await tx.query('delete from private.void_write_buckets')
    // A salt dated now, so an emptied wall's reporters are named afresh for a day.
    await tx.query(
      `update private.void_report_salt set made_at = date_trunc('hour', now()), previous_salt = null`,
    )
  })
}
