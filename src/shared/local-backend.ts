/**
 * What the app and a local backend agree on without configuration: the port and the public key of
 * Supabase's local development stack. `npm start`'s embedded backend (server/) and `supabase start`
 * (supabase/config.toml) both answer there, so an app built without VITE_SUPABASE_URL works with
 * either.
 */

/** The API's port: Supabase's local default, `[api] port` in supabase/config.toml. */
export const LOCAL_API_PORT = 54321

/** Supabase CLI's well-known local anon key (role anon, signed with the local development secret). */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'

/** The faults a local backend started with faults on can play (server/tester/controls.ts, the lab). */
export const BACKEND_FAULT_MODES = [
  'none',
  'drop',
  '503',
  '429',
  'reject-inserts',
  'store-then-drop',
] as const

/** One of BACKEND_FAULT_MODES. */
export type BackendFaultMode = (typeof BACKEND_FAULT_MODES)[number]

/** The fault a local backend plays on REST requests, as `GET/POST /__faults` carry it. */
export interface BackendFaults {
  mode: BackendFaultMode
  latencyMs: number
  /** The `Retry-After` a `429` answers with, in seconds (only with mode `429`). */
  retryAfterSeconds?: number
  /** How many more requests the fault plays on before it turns itself off; absent: until changed. */
  count?: number
}

/** The request header that carries the tester controls' token (or `?token=` in the address). */
export const CONTROL_TOKEN_HEADER = 'x-unburden-control-token'
