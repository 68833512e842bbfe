/**
 * The app's environment, parsed once. Without VITE_SUPABASE_URL the app talks to the local backend on
 * the host that served it (port 54321), so a phone pointed at a tester's machine works too.
 */

import { LOCAL_ANON_KEY, LOCAL_API_PORT } from '../shared/local-backend'

function readUrl(): string {
  const configured = import.meta.env.VITE_SUPABASE_URL as string | undefined
  if (configured) return configured.replace(/\/+$/, '')
  const host = typeof location === 'undefined' ? 'localhost' : location.hostname
  return `http://${host}:${LOCAL_API_PORT}`
}

/** Where the backend lives and the public key it is called with. */
export const env = {
  supabaseUrl: readUrl(),
  supabaseAnonKey: (import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined) || LOCAL_ANON_KEY,
} as const
