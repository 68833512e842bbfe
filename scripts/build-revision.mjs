// Builds another git revision of this repository into a temporary folder, to measure it beside the
// working tree's build in one run (`npm run lighthouse` with COMPARE_REV, the benches with
// BENCH_COMPARE_REV). The revision's files come from `git archive` (no worktree, nothing in .git
// changes) and build with this checkout's node_modules; the folder goes when the process exits.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')

/** Builds `rev` with VITE_SUPABASE_URL=`apiUrl`; returns the path of its dist/. */
export function buildRevision(rev, apiUrl) {
  const source = mkdtempSync(join(tmpdir(), 'unburden-rev-'))
  process.on('exit', () => rmSync(source, { recursive: true, force: true }))
  execFileSync('sh', ['-c', 'git archive --format=tar "$1" | tar -x -C "$2"', 'sh', rev, source], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  symlinkSync(join(root, 'node_modules'), join(source, 'node_modules'))
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: source,
    env: { ...process.env, VITE_SUPABASE_URL: apiUrl, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  // Its Brotli copies, as `npm run build` writes them (an older revision wrote them in the build;
  // writing them again gives the same files), so both builds are served alike.
  execFileSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'scripts/precompress.ts'), join(source, 'dist')],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  )
  return join(source, 'dist')
}
