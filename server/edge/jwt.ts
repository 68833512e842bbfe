/**
 * HS256 JSON Web Tokens, as Supabase's API keys are. Verification only needs node:crypto; it is the
 * edge's (edge/auth.ts checks every request's key), and the local keys are the server's (jwt.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

/** The claims a key carries; `role` picks the database role the request runs as. */
export interface Claims {
  role?: unknown
  exp?: unknown
  [claim: string]: unknown
}

/** Why a token was refused: `claims` when its signature is good but a time claim refuses it. */
export class JwtError extends Error {
  constructor(
    message: string,
    readonly claims = false,
  ) {
    super(message)
  }
}

/** Clock skew PostgREST allows on `exp`, `nbf` and `iat`, in seconds. */
const ALLOWED_SKEW_SECONDS = 30

/**
 * PostgREST's checks of the time claims: each must be a number when present; `exp` not past,
 * `nbf` not future, `iat` not future (all with 30 s of skew). Their messages are PostgREST's.
 */
function checkTimeClaims(claims: Claims, now: number): void {
  const checks = [
    ['exp', (at: number) => at <= now - ALLOWED_SKEW_SECONDS, 'JWT expired'],
    ['nbf', (at: number) => at > now + ALLOWED_SKEW_SECONDS, 'JWT not yet valid'],
    ['iat', (at: number) => at > now + ALLOWED_SKEW_SECONDS, 'JWT issued at future'],
  ] as const
  for (const [name, refused, message] of checks) {
    const value = claims[name]
    if (value === undefined) continue
    if (typeof value !== 'number' || !Number.isFinite(value))
      throw new JwtError(`The JWT '${name}' claim must be a number`, true)
    if (refused(value)) throw new JwtError(message, true)
  }
}

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url')

/** Signs claims as an HS256 JWT (tests and tools use it to make keys for other roles). */
export function signJwt(claims: Claims, secret: string): string {
  const head = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))
  const body = base64url(JSON.stringify(claims))
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url')
  return `${head}.${body}.${signature}`
}

/** Verifies an HS256 JWT's signature and time claims; returns its claims or throws JwtError. */
export function verifyJwt(token: string, secret: string, nowSeconds = Date.now() / 1000): Claims {
  const parts = token.split('.')
  if (parts.length !== 3) throw new JwtError('Expected 3 parts in JWT; got ' + parts.length)
  const [head, body, signature] = parts as [string, string, string]
  let header: { alg?: unknown }
  let claims: Claims
  try {
    header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: unknown }
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Claims
  } catch {
    throw new JwtError('JWT cryptographic operation failed')
  }
  if (header.alg !== 'HS256') throw new JwtError('Wrong or unsupported encoding algorithm')
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest()
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new JwtError('JWSError JWSInvalidSignature')
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims))
    throw new JwtError('JWT claims must be an object')
  checkTimeClaims(claims, nowSeconds)
  return claims
}
