/**
 * Runs a command under another Node.js major release: `node scripts/with-node.mjs 24 npm run check`.
 * `npm test` uses it so that the Node releases the README supports are the ones tested, whichever
 * Node the machine has. The release comes from the npm registry's own Node packages
 * (`node-<platform>-<arch>`, which carry the binary), unpacked once into node_modules/.cache; the
 * machine's Node is used as is when it already is that major release. Nothing is installed globally.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The exact release tested for each supported major one. */
export const NODE_RELEASES = { 24: '24.21.0' }

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** The folder whose bin/ holds `release`'s node for this platform, fetched from the registry if missing. */
function nodeFolder(release) {
  const name = `node-${process.platform}-${process.arch}`
  const folder = join(ROOT, 'node_modules', '.cache', `${name}-${release}`)
  if (existsSync(join(folder, 'bin', 'node'))) return folder
  console.log(`Node ${release}: fetching ${name}@${release} from the npm registry.`)
  const work = mkdtempSync(join(tmpdir(), 'unburden-node-'))
  try {
    const tarball = execFileSync(
      'npm',
      ['pack', `${name}@${release}`, '--pack-destination', work, '--silent'],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    )
      .trim()
      .split('\n')
      .at(-1)
    execFileSync('tar', ['-xzf', join(work, tarball), '-C', work])
    mkdirSync(join(folder, '..'), { recursive: true })
    renameSync(join(work, 'package'), folder)
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
  return folder
}

const [major, command, ...args] = process.argv.slice(2)
const release = NODE_RELEASES[major]
if (!release || !command) {
  console.error(
    `Usage: node scripts/with-node.mjs <${Object.keys(NODE_RELEASES).join('|')}> <command> [args...]`,
  )
  process.exit(2)
}
const env = { ...process.env }
if (process.versions.node.split('.')[0] !== major) {
  env.PATH = `${join(nodeFolder(release), 'bin')}${delimiter}${env.PATH ?? ''}`
}
const version = execFileSync('node', ['--version'], { env, encoding: 'utf8' }).trim()
console.log(`Under Node ${version}: ${[command, ...args].join(' ')}`)
const result = spawnSync(command, args, { env, stdio: 'inherit' })
process.exit(result.status ?? 1)
