/**
 * Routing: what a request's path names. REST paths are `/rest/v1/<table>` or
 * `/rest/v1/rpc/<function>`; `/__lab` is the app's probe for the tester's controls, whose own
 * paths (`/__…`) are routed by the tester's steps alone (tester/access.ts).
 */
import { ApiError } from './answer'

const REST_PREFIX = '/rest/v1/'

/** The request's URL; one Node cannot parse is answered as an unknown path. */
export function parseUrl(raw: string | undefined): URL {
  try {
    return new URL(raw ?? '/', 'http://localhost')
  } catch {
    return new URL('/__unparseable__', 'http://localhost')
  }
}

/** Whether a path is the REST API's (`/rest/v1/…`). */
export function isRestPath(url: URL): boolean {
  return url.pathname.startsWith(REST_PREFIX)
}

/**
 * The app's lab asks whether this backend has fault injection on: anyone may ask, and the answer
 * says only that, faults on or off (a backend without them answers too, so the app's probe on
 * every page load never logs a failed request).
 */
export const LAB_PROBE_PATH = '/__lab'

function decodePath(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw new ApiError(400, 'PGRST100', 'Invalid percent-encoding in the path')
  }
}

/** The table or function a REST path names; any other path is a 404 `PGRST125`. */
export function restTarget(url: URL): { table: string; rpc: string | undefined } {
  if (!url.pathname.startsWith(REST_PREFIX))
    throw new ApiError(
      404,
      'PGRST125',
      `Invalid path specified in request URL: ${url.pathname}`,
      'Only /rest/v1/<table> is served by the local backend',
    )
  const table = decodePath(url.pathname.slice(REST_PREFIX.length))
  const rpc = /^rpc\/([^/]+)$/.exec(table)?.[1]
  if (!rpc && (table === '' || table.includes('/')))
    throw new ApiError(404, 'PGRST125', `Invalid path specified in request URL: ${url.pathname}`)
  return { table, rpc }
}
