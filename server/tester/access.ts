/**
 * Who may use the tester's controls, and who may read their answers: a request with the token printed
 * at start, never a page of another origin (a cross-site form could otherwise reset the wall), except
 * the app's own page (its lab). Only the tester's steps (steps.ts) use this: a backend without the
 * controls has no control paths to guard.
 */
import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { CONTROL_TOKEN_HEADER } from '../../src/shared/local-backend'
import { ApiError } from '../edge/answer'
import { fromOtherOrigin } from '../edge/cors'
import { LAB_PROBE_PATH } from '../edge/route'

/** The tester controls' body limit, far above the REST one: `/__seed` carries many rows at once. */
export const CONTROL_LIMIT_BYTES = 64 * 1024 * 1024

/**
 * Whether a path is one of the tester's controls (`/__…`), which only the token opens. The lab's
 * probe is not: anyone may ask it whether the controls are on.
 */
export function isControlPath(url: URL): boolean {
  return url.pathname.startsWith('/__') && url.pathname !== LAB_PROBE_PATH
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The app's own origin, as the page served by `npm start` sends it: the app's port, on the host the
 * request reached the backend by (a phone on the network), or both on this machine. Null otherwise.
 */
export function appOrigin(request: IncomingMessage, appPort: number | undefined): string | null {
  const origin = request.headers.origin
  if (origin === undefined || appPort === undefined) return null
  let page: URL
  let backend: URL
  try {
    page = new URL(origin)
    backend = new URL(`http://${request.headers.host ?? ''}`)
  } catch {
    return null
  }
  const sameHost =
    page.hostname === backend.hostname ||
    (LOOPBACK.has(page.hostname) && LOOPBACK.has(backend.hostname))
  return page.protocol.startsWith('http') && page.port === String(appPort) && sameHost
    ? page.origin
    : null
}

/**
 * The CORS headers of a control's answer. The tester controls are for the tester's own tools and the
 * app's own lab (`fromApp`, its origin): no page of any other origin may read them.
 */
export function controlCors(fromApp: string | null): Record<string, string> {
  return fromApp ? { 'access-control-allow-origin': fromApp, vary: 'Origin' } : {}
}

const refusedControl = (details: string) =>
  new ApiError(403, '42501', 'The tester controls need their token', details)

/**
 * A tester control answers only a request with the printed token, never one a browser sends from
 * a page of another origin, except the app's own page (its lab), which must send the token in the
 * header. Checked from the headers alone, before the body is read.
 */
export function checkControlAccess(
  request: IncomingMessage,
  url: URL,
  token: string,
  fromApp: boolean,
): void {
  if (!fromApp && fromOtherOrigin(request))
    throw refusedControl('Cross-origin requests are refused')
  const header = request.headers[CONTROL_TOKEN_HEADER]
  const fromHeader = typeof header === 'string' ? header : undefined
  const given = Buffer.from(fromHeader ?? (fromApp ? '' : url.searchParams.get('token')) ?? '')
  const expected = Buffer.from(token)
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw refusedControl(
      `Send the token the backend printed at start in the ${CONTROL_TOKEN_HEADER} header`,
    )
}
