/**
 * The network lab's access to the local backend's tester controls (server/README.md): the
 * unauthenticated probe `GET /__lab`, and `/__faults` and `/__rows` with the token, which the tab keeps
 * in sessionStorage (from the `?lab&token=` address or pasted by the tester). A hosted backend has no
 * controls: the probe is never sent to one.
 */
import { env } from '../../lib/env'
import { CONTROL_TOKEN_HEADER, type BackendFaults } from '../../shared/local-backend'
import { LAB_TOKEN_KEY } from './lab-session'

export { BACKEND_FAULT_MODES, type BackendFaults } from '../../shared/local-backend'

/** A row of the wall as the controls show it. */
export interface BackendWallRow {
  id: number
  text: string
  created_at: string
}

export { LAB_TOKEN_KEY }

/** A refusal of the controls, in words for the tester. */
export class BackendControlsError extends Error {}

const PRIVATE_HOST =
  /^(localhost|127(\.\d+){3}|\[::1\]|10(\.\d+){3}|192\.168(\.\d+){2}|172\.(1[6-9]|2\d|3[01])(\.\d+){2}|[^.]+\.local|.+\.local)$/

/** True when the build's backend is on this machine or the local network (never a hosted one). */
export function isLocalBackend(url: string = env.supabaseUrl): boolean {
  try {
    return PRIVATE_HOST.test(new URL(url).hostname)
  } catch {
    return false
  }
}

/** The token kept for this tab, if any. */
export function labToken(): string | null {
  try {
    return sessionStorage.getItem(LAB_TOKEN_KEY)
  } catch {
    return null
  }
}

/** Keeps `token` for this tab (an empty one forgets it). */
export function saveLabToken(token: string): void {
  const trimmed = token.trim()
  if (trimmed === '') sessionStorage.removeItem(LAB_TOKEN_KEY)
  else sessionStorage.setItem(LAB_TOKEN_KEY, trimmed)
}

/** True when the local backend says it has fault injection on (`GET /__lab`); false on any doubt. */
export async function probeBackendFaults(
  fetchFn: typeof fetch = (input, init) => fetch(input, init),
  backendUrl: string = env.supabaseUrl,
): Promise<boolean> {
  if (!isLocalBackend(backendUrl)) return false
  try {
    const response = await fetchFn(`${backendUrl}/__lab`, { cache: 'no-store' })
    if (!response.ok) return false
    return ((await response.json()) as { faults?: unknown }).faults === true
  } catch {
    return false
  }
}

async function control(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  fetchFn: typeof fetch,
): Promise<unknown> {
  const token = labToken()
  if (!token)
    throw new BackendControlsError(
      'No token for the backend controls: open the lab address npm start printed, or paste the token.',
    )
  let response: Response
  try {
    response = await fetchFn(`${env.supabaseUrl}${path}`, {
      method,
      cache: 'no-store',
      headers: {
        [CONTROL_TOKEN_HEADER]: token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch {
    throw new BackendControlsError('The backend did not answer (is it running, and reachable?).')
  }
  const answer = (await response.json().catch(() => null)) as {
    message?: string
  } | null
  if (response.status === 403)
    throw new BackendControlsError(
      'The backend refused the token: paste the one npm start printed.',
    )
  if (!response.ok)
    throw new BackendControlsError(
      `The backend refused: ${answer?.message ?? `status ${response.status}`}`,
    )
  return answer
}

/** The fault the backend plays now. */
export async function readBackendFaults(
  fetchFn: typeof fetch = (input, init) => fetch(input, init),
): Promise<BackendFaults> {
  return (await control('GET', '/__faults', undefined, fetchFn)) as BackendFaults
}

/** Makes the backend play `faults` (unset fields: none, 0 ms, until changed); returns what it plays. */
export async function setBackendFaults(
  faults: Partial<BackendFaults>,
  fetchFn: typeof fetch = (input, init) => fetch(input, init),
): Promise<BackendFaults> {
  return (await control(
    'POST',
    '/__faults',
    { mode: 'none', latencyMs: 0, ...faults },
    fetchFn,
  )) as BackendFaults
}

/** Every row of the wall, newest first, as the backend's owner sees it. */
export async function readWallRows(
  fetchFn: typeof fetch = (input, init) => fetch(input, init),
): Promise<BackendWallRow[]> {
  return (await control('GET', '/__rows', undefined, fetchFn)) as BackendWallRow[]
}
