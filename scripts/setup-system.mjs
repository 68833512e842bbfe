/**
 * The first step of `npm test`: makes sure the Debian packages the tests need are installed, and
 * installs the missing ones with apt-get (`apt-get update` once first, `--no-install-recommends`),
 * printing what it installs. As root it runs apt-get itself, otherwise through sudo; with neither,
 * it stops and prints the exact command to run. When everything is there it does nothing and says so.
 * Browsers and fonts come from Debian's packages, never from a download.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { pathToFileURL } from 'node:url'

/** The Debian packages the test suite needs, and what each is for. */
export const SYSTEM_PACKAGES = [
  { name: 'chromium', why: 'end-to-end tests and the engines suite (Chromium)' },
  { name: 'firefox-esr', why: 'the engines suite (Firefox)' },
  { name: 'webkit2gtk-driver', why: 'the engines suite (WebKitGTK MiniBrowser + WebKitWebDriver)' },
  { name: 'xvfb', why: 'a display for MiniBrowser' },
  { name: 'postgresql', why: 'the backend tests on a real PostgreSQL server' },
  {
    // Debian 12's PostgreSQL is 15; the extension is built per server version.
    name: 'postgresql-15-plpgsql-check',
    why: '`supabase db lint` in the backend tests (plpgsql_check)',
  },
  // The e2e screenshots are drawn with these fonts and no other (tests/e2e/fonts.conf): the families
  // Android draws the app with, so a baseline made on one machine matches on another.
  {
    name: 'fonts-noto-core',
    why: 'the e2e screenshots: Noto Sans and its scripts, as on Android',
  },
  {
    name: 'fonts-noto-cjk',
    why: 'the e2e screenshots: Noto Sans CJK for Chinese, as on Android',
  },
]

/** The apt-get commands that install `missing`, as argument lists (`sudo` prefixed when asked). */
export function installCommands(missing, { sudo = false } = {}) {
  const prefix = sudo ? ['sudo'] : []
  return [
    [...prefix, 'apt-get', 'update'],
    [...prefix, 'apt-get', 'install', '-y', '--no-install-recommends', ...missing],
  ]
}

/**
 * Checks every package with `isInstalled(name)` and installs the missing ones with `run(argv)`.
 * Answers `present`, `installed`, or `no-rights` (nothing run; the command to run was printed).
 */
export function setupSystem({ isInstalled, run, isRoot, hasSudo, log = console.log }) {
  const missing = SYSTEM_PACKAGES.filter((p) => !isInstalled(p.name))
  if (missing.length === 0) {
    log(`System packages: all ${SYSTEM_PACKAGES.length} present, nothing to install.`)
    return 'present'
  }
  const names = missing.map((p) => p.name)
  for (const p of missing) log(`System packages: ${p.name} is missing (${p.why}).`)
  if (!isRoot && !hasSudo) {
    const command = installCommands(names)
      .map((argv) => argv.join(' '))
      .join(' && ')
    log(`System packages: no rights to install them. As root, run:\n  ${command}`)
    return 'no-rights'
  }
  log(`System packages: installing ${names.join(', ')} with apt-get.`)
  for (const argv of installCommands(names, { sudo: !isRoot })) run(argv)
  return 'installed'
}

/** True when dpkg says `name` is installed. */
function dpkgInstalled(name) {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' })
  return result.status === 0 && result.stdout.includes('install ok installed')
}

function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!commandExists('dpkg-query')) {
    console.log(
      'System packages: not a Debian system; install the browsers and PostgreSQL yourself.',
    )
    process.exit(0)
  }
  const outcome = setupSystem({
    isInstalled: dpkgInstalled,
    run: (argv) =>
      execFileSync(argv[0], argv.slice(1), {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      }),
    isRoot: process.getuid?.() === 0,
    hasSudo: commandExists('sudo'),
  })
  if (outcome === 'no-rights') process.exit(1)
}
