/**
 * Talking to the local backend's tester controls from end-to-end tests. The backend runs with fault
 * injection on during the tests (see playwright.config.ts and server/README.md).
 */
export const API_URL = `http://localhost:${process.env.API_PORT ?? 54321}`

/** A fault the backend can be told to play. */
export interface Faults {
  /** `none`; `drop`: close every connection without an answer; `503`: answer 503; `429`: answer
   *  429 with `Retry-After`; `reject-inserts`: refuse inserts with a 400 PostgREST error;
   *  `store-then-drop`: commit an insert, then close the connection before answering. */
  mode: 'none' | 'drop' | '503' | '429' | 'reject-inserts' | 'store-then-drop'
  /** Extra delay before every REST answer, in ms. */
  latencyMs: number
  /** The 429's `Retry-After`, in seconds (mode `429` only; default 2). */
  retryAfterSeconds?: number
  /** Play the fault on the next N requests it acts on, then turn it off; absent: until changed. */
  count?: number
}

/**
 * The controls' token: playwright.config.ts (and the engines suite's stack) give the backend it
 * through the environment. Read at each request, since the stack may set it after this module loads.
 */
const controlToken = (): string => process.env.UNBURDEN_CONTROL_TOKEN ?? ''

async function control(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${API_URL}${path}`, {
    method,
    headers: {
      'x-unburden-control-token': controlToken(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  const text = await response.text()
  return text ? JSON.parse(text) : null
}

/** Sets the backend's fault (unset fields go back to none / 0 ms). */
export async function setFaults(faults: Partial<Faults>): Promise<void> {
  await control('POST', '/__faults', { mode: 'none', latencyMs: 0, ...faults })
}

/** Empties the wall, clears the request log and the faults. */
export async function resetBackend(): Promise<void> {
  await control('POST', '/__reset')
}

/** A request the backend received (REST requests only, not the control endpoints). */
export interface LoggedRequest {
  method: string
  path: string
  query: string
  status: number
}

/** Every REST request since the last reset. */
export async function requestLog(): Promise<LoggedRequest[]> {
  return (await control('GET', '/__requests')) as LoggedRequest[]
}

/** Puts thoughts on the wall directly (as the table owner). `createdAt` defaults to now. */
export async function seedThoughts(rows: { text: string; createdAt?: string }[]): Promise<void> {
  await control('POST', '/__seed', { rows })
}

/** A row on the wall as the tester controls show it: `keyed` when an idempotency key was claimed for it. */
export interface WallRow {
  id: number
  text: string
  created_at: string
  keyed: boolean
}

/** Every row on the wall, newest first (as the table owner; never the keys themselves). */
export async function wallRows(): Promise<WallRow[]> {
  return (await control('GET', '/__rows')) as WallRow[]
}
