/** Types of scripts/build-revision.mjs, for the benches. */
/** Builds git revision `rev` with VITE_SUPABASE_URL=`apiUrl` into a temporary folder; its dist/. */
export declare function buildRevision(rev: string, apiUrl: string): string
