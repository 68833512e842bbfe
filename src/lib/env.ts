/**
 * The app's environment, parsed once. Without VITE_SUPABASE_URL the app talks to the local backend on
 * the host that served it (port 54321), so a phone pointed at a tester's machine works too.
 */

/** Supabase CLI's well-known local anon key (role anon, signed with the local development secret). */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'

function readUrl(): string {
  const configured = import.meta.env.VITE_SUPABASE_URL as string | undefined
  if (configured) return configured.replace(/\/+$/, '')
  const host = typeof location === 'undefined' ? 'localhost' : location.hostname
  return `http://${host}:54321`
}

/** Where the backend lives and the public key it is called with. */
export const env = {
  supabaseUrl: readUrl(),
  supabaseAnonKey: (import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined) || LOCAL_ANON_KEY,
} as const
