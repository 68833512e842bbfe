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
