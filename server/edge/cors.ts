/**
 * CORS, as PostgREST's `Cors` module: the preflight's answer, and which origins may read an answer.
 * The REST API answers any origin (the tester's controls narrow that for theirs: tester/access.ts).
 */
import type { IncomingMessage } from 'node:http'
import type { Answer } from './answer'

/**
 * Headers the CORS preflight allows when the browser names none: every header supabase-js sends, and
 * `idempotency-key` (an offer's key). A preflight that names its headers gets them reflected, as
 * PostgREST and Supabase's gateway do.
 */
const ALLOWED_HEADERS = [
  'apikey',
  'idempotency-key',
  'authorization',
  'content-type',
  'accept',
  'accept-profile',
  'content-profile',
  'prefer',
  'range',
  'x-client-info',
  'x-retry-count',
  'x-supabase-api-version',
  'traceparent',
  'tracestate',
  'baggage',
].join(', ')

/** What every answer of the API (and every client error) carries. */
export const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers':
    'content-range, content-location, location, retry-after, preference-applied',
}

/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9a-z]+$/

/** The preflight's allowed headers: those the browser asks for (checked as header names), or the list. */
function allowedHeaders(request: IncomingMessage): string {
  const asked = request.headers['access-control-request-headers']
  const names = (Array.isArray(asked) ? asked.join(',') : (asked ?? ''))
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '')
  return names.length > 0 && names.every((name) => HEADER_NAME.test(name))
    ? [...new Set(names)].join(', ')
    : ALLOWED_HEADERS
}

/** The answer to an `OPTIONS` request, whatever its path. */
export function preflightAnswer(request: IncomingMessage): Answer {
  return {
    status: 204,
    headers: {
      'access-control-allow-methods': 'GET, HEAD, POST, PATCH, PUT, DELETE, OPTIONS',
      'access-control-allow-headers': allowedHeaders(request),
      'access-control-max-age': '86400',
    },
    body: '',
  }
}

/**
 * True when a browser page of another origin than the backend's own sent the request: it names an
 * Origin (`null` included) whose host is not the one the request reached the backend by. Tools such
 * as curl, scripts and supabase-js in Node send none.
 */
export function fromOtherOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin
  if (origin === undefined) return false
  try {
    return new URL(origin).host !== request.headers.host
  } catch {
    return true
  }
}
