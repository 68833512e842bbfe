/**
 * Who may ask, as PostgREST's `Auth` module, checked from the headers alone, before any body is
 * read: the API key and its role, and the service_role key sent from a page.
 */
import type { IncomingMessage } from 'node:http'
import { ApiError } from './answer'
import { JwtError, verifyJwt, type Claims } from './jwt'
import { fromOtherOrigin } from './cors'

/** Roles a key may carry (Supabase's API roles). */
export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const

/** Verifies the request's key (Authorization: Bearer first, then apikey) and returns its claims. */
export function authenticate(
  request: IncomingMessage,
  secret: string,
): { role: string; claims: Claims } {
  const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]
  const apikey = request.headers.apikey
  const token = bearer ?? (typeof apikey === 'string' ? apikey : undefined)
  if (!token)
    throw new ApiError(
      401,
      'PGRST301',
      'No API key found in request',
      null,
      'No `apikey` request header or url param was found.',
    )
  let claims: Claims
  try {
    claims = verifyJwt(token.trim(), secret)
  } catch (error) {
    if (error instanceof JwtError)
      throw new ApiError(401, error.claims ? 'PGRST303' : 'PGRST301', error.message, null, null, {
        'www-authenticate': `Bearer error="invalid_token", error_description="${error.message}"`,
      })
    throw error
  }
  const role = claims.role
  if (typeof role !== 'string' || !(API_ROLES as readonly string[]).includes(role))
    throw new ApiError(
      401,
      'PGRST301',
      `The role in the JWT is not one this API accepts`,
      `role: ${String(role)}`,
    )
  return { role, claims }
}

/**
 * The service_role key passes every limit the wall keeps (row-level security, the write limit): it
 * belongs to the owner's own tools, never to a browser page. Sent by a page of another origin (the
 * app's included), the key has leaked into a page, and any site the laptop opens could write with
 * it: refused, before its body is read.
 */
export function checkServiceRoleOrigin(request: IncomingMessage, role: string): void {
  if (role === 'service_role' && fromOtherOrigin(request))
    throw new ApiError(
      403,
      '42501',
      'The service_role key is not accepted from a browser page',
      `Origin: ${String(request.headers.origin)}`,
      'Pages use the anon key; service_role is for tools that send no Origin (curl, scripts).',
    )
}
