/**
 * Fault injection (the tester controls' `/__faults`), played on REST requests at three points: before
 * the request is routed, once its key and body are in, and after its insert is stored. The tester's
 * steps (steps.ts) play them; the product's pipeline has no such step.
 */
import { ApiError } from '../edge/answer'
import type { Faults } from './controls'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Before routing: the latency, then a dropped connection (`'drop'`, for the caller to do) or a
 * 503 or 429 answer (thrown).
 */
export async function faultsBeforeRoute(faults: Faults | undefined): Promise<'drop' | undefined> {
  if (faults?.latencyMs) await sleep(faults.latencyMs)
  if (faults?.mode === 'drop') return 'drop'
  if (faults?.mode === '503')
    throw new ApiError(
      503,
      'PGRST001',
      'Database client error. Retrying the connection.',
      'Fault injection: 503',
    )
  if (faults?.mode === '429')
    throw new ApiError(
      429,
      'P0429',
      'Too many offers from this address. Try again later.',
      'Fault injection: 429',
      null,
      { 'retry-after': String(faults.retryAfterSeconds ?? 0) },
    )
  return undefined
}

/** True for an insert (a POST to a table, not a function). */
const isInsert = (method: string, rpc: string | undefined) => method === 'POST' && !rpc

/** Once the body is read: `reject-inserts` refuses an insert before it runs. */
export function faultsBeforeRun(
  faults: Faults | undefined,
  method: string,
  rpc: string | undefined,
): void {
  if (faults?.mode === 'reject-inserts' && isInsert(method, rpc))
    throw new ApiError(400, 'P0001', 'Inserts are refused', 'Fault injection: reject-inserts')
}

/** After the insert is stored: `store-then-drop` drops the connection instead of answering. */
export function dropsAfterStore(
  faults: Faults | undefined,
  method: string,
  rpc: string | undefined,
): boolean {
  return faults?.mode === 'store-then-drop' && isInsert(method, rpc)
}
