/**
 * The keys of a local backend: Supabase CLI's development secret and anon key. Signing and verifying
 * HS256 tokens is the edge's (edge/jwt.ts), re-exported here for the server, its tests and tools.
 */

/** Supabase CLI's well-known local development secret (never a production secret). */
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'

/** Supabase CLI's well-known local anon key, signed with LOCAL_JWT_SECRET (the app's default key). */
export { LOCAL_ANON_KEY } from '../src/shared/local-backend'

export { JwtError, signJwt, verifyJwt, type Claims } from './edge/jwt'
