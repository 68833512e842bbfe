/**
 * The floor: a bare React page with a precaching service worker, kept OUTSIDE the repository (its
 * README forbids adding it). Found through PERF_FLOOR_DIR, else as `../shared/perf-floor` beside the
 * repository (or beside its main checkout, for a git worktree). It is copied to a temporary folder and
 * built there, as its README allows; its packages are the project's own (same pinned versions), so no
 * install is needed unless a version differs, then `npm ci` runs in the copy.
 */
import { execFileSync } from 'node:child_process'
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { build, preview } from 'vite'
import { freePort } from '../tests/fixtures/free-port'

const root = resolve(import.meta.dirname, '..')

/** Where the floor's sources may be, in the order they are tried. */
function floorCandidates(): string[] {
  if (process.env.PERF_FLOOR_DIR) return [resolve(process.env.PERF_FLOOR_DIR)]
  const candidates = [resolve(root, '../shared/perf-floor')]
  try {
    const common = execFileSync(
      'git',
      ['rev-parse', '--path-format=absolute', '--git-common-dir'],
      {
        cwd: root,
        encoding: 'utf8',
      },
    ).trim()
    candidates.push(resolve(dirname(common), '../shared/perf-floor'))
  } catch {
    // Not a git checkout: only the folder beside the repository is tried.
  }
  return [...new Set(candidates)]
}

/** The floor's folder, or where it was looked for when it is absent. */
export function findPerfFloor(): { dir: string } | { missing: string[] } {
  const candidates = floorCandidates()
  const dir = candidates.find((candidate) => existsSync(join(candidate, 'package.json')))
  return dir ? { dir } : { missing: candidates }
}

/** True when every package the floor pins is installed in the project at that exact version. */
function projectHasFloorPackages(floorDir: string): boolean {
  const pkg = JSON.parse(readFileSync(join(floorDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>
    devDependencies?: Record<string, string>
  }
  const wanted = { ...pkg.dependencies, ...pkg.devDependencies }
  return Object.entries(wanted).every(([name, version]) => {
    const installed = join(root, 'node_modules', name, 'package.json')
    return (
      existsSync(installed) &&
      (JSON.parse(readFileSync(installed, 'utf8')) as { version: string }).version === version
    )
  })
}

/** The floor built in a temporary folder and served; `close` stops the server and removes it. */
export interface PerfFloor {
  url: string
  close(): Promise<void>
}

/** Copies, builds and serves the floor found in `floorDir` (port: FLOOR_PORT or a free one). */
export async function openPerfFloor(floorDir: string): Promise<PerfFloor> {
  const dir = mkdtempSync(join(tmpdir(), 'unburden-perf-floor-'))
  // The floor's files are read-only; the copy must take a dist/ folder.
  cpSync(floorDir, dir, {
    recursive: true,
    filter: (source) => !/[/\\](node_modules|dist)$/.test(source),
  })
  execFileSync('chmod', ['-R', 'u+w', dir])
  if (projectHasFloorPackages(floorDir))
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'))
  else execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' })
  const configFile = join(dir, 'vite.config.js')
  await build({ root: dir, configFile, logLevel: 'error' })
  const port = Number(process.env.FLOOR_PORT ?? (await freePort()))
  const server = await preview({
    root: dir,
    configFile,
    preview: { port, strictPort: true, host: 'localhost' },
    logLevel: 'error',
  })
  return {
    url: `http://localhost:${port}`,
    close: async () => {
      await server.close()
      chmodSync(dir, 0o700)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
