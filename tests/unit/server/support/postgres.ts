/**
 * A throwaway PostgreSQL server for the backend's tests: Debian's `postgresql` binaries, a cluster in
 * a temporary folder on a free port, removed afterwards. Without the binaries the tests fail (never
 * skip): `.ci/run` installs them. `initdb` refuses root, so as root it runs as the `postgres` user.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../../fixtures/free-port'

/** A running PostgreSQL cluster. */
export interface TestPostgres {
  url: string
  stop(): Promise<void>
}

/** Where Debian's (or pg_config's) PostgreSQL programs are: initdb, pg_ctl, pg_dump. */
export function findBinDir(): string {
  const debian = '/usr/lib/postgresql'
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => existsSync(join(debian, name, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a))
    if (versions[0]) return join(debian, versions[0], 'bin')
  }
  const which = spawnSync('sh', ['-c', 'command -v pg_config && pg_config --bindir'], {
    encoding: 'utf8',
  })
  const bindir = which.stdout.trim().split('\n').at(-1)
  if (bindir && existsSync(join(bindir, 'initdb'))) return bindir
  throw new Error(
    "PostgreSQL's binaries (initdb, pg_ctl) were not found: install Debian's postgresql package (.ci/run does).",
  )
}

/**
 * Creates and starts a cluster (about a second). `superuser` names the bootstrap superuser and the
 * URL's user (`postgres` by default; a hosted-like cluster makes `postgres` an ordinary role).
 */
export async function startTestPostgres({
  superuser = 'postgres',
}: { superuser?: string } = {}): Promise<TestPostgres> {
  const bin = findBinDir()
  const root = mkdtempSync(join(tmpdir(), 'unburden-pg-'))
  const asRoot = process.getuid?.() === 0
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]]
      : [join(bin, command), args]
    return execFileSync(file, argv, { stdio: 'pipe', encoding: 'utf8' })
  }
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(root, uid, gid)
  }
  const data = join(root, 'data')
  const port = await freePort()
  run('initdb', [
    '-D',
    data,
    '-U',
    superuser,
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
    '--locale=C',
  ])
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    join(root, 'server.log'),
    '-w',
    '-o',
    `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`,
    'start',
  ])
  return {
    url: `postgres://${superuser}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        rmSync(root, { recursive: true, force: true })
      }
    },
  }
}
