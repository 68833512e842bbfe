import { describe, expect, it } from 'vitest'
import { SYSTEM_PACKAGES, setupSystem } from '../../../scripts/setup-system.mjs'

const all = SYSTEM_PACKAGES.map((p) => p.name)

function machine(installed: string[], rights: { isRoot: boolean; hasSudo: boolean }) {
  const ran: string[][] = []
  const lines: string[] = []
  const outcome = setupSystem({
    isInstalled: (name: string) => installed.includes(name),
    run: (argv: string[]) => void ran.push(argv),
    log: (line: string) => void lines.push(line),
    ...rights,
  })
  return { outcome, ran, lines }
}

describe('setupSystem', () => {
  it('checks chromium, firefox-esr, webkit2gtk-driver, xvfb, postgresql, plpgsql_check and the Noto fonts', () => {
    expect(all).toEqual([
      'chromium',
      'firefox-esr',
      'webkit2gtk-driver',
      'xvfb',
      'postgresql',
      'postgresql-15-plpgsql-check',
      'fonts-noto-core',
      'fonts-noto-cjk',
    ])
  })

  it('installs the Noto fonts the e2e screenshots are drawn with, saying why', () => {
    const { outcome, ran, lines } = machine(all.slice(0, -2), { isRoot: true, hasSudo: false })
    expect(outcome).toBe('installed')
    expect(ran).toEqual([
      ['apt-get', 'update'],
      ['apt-get', 'install', '-y', '--no-install-recommends', 'fonts-noto-core', 'fonts-noto-cjk'],
    ])
    expect(lines.join('\n')).toMatch(/fonts-noto-core is missing \(the e2e screenshots/)
    expect(lines.join('\n')).toMatch(/fonts-noto-cjk is missing \(the e2e screenshots/)
  })

  it('does nothing when everything is present, and says so', () => {
    const { outcome, ran, lines } = machine(all, { isRoot: true, hasSudo: false })
    expect(outcome).toBe('present')
    expect(ran).toEqual([])
    expect(lines.join('\n')).toMatch(/nothing to install/)
  })

  it('as root: apt-get update once, then installs only what is missing, without recommends', () => {
    const { outcome, ran, lines } = machine(
      ['chromium', 'postgresql', 'postgresql-15-plpgsql-check'],
      {
        isRoot: true,
        hasSudo: false,
      },
    )
    expect(outcome).toBe('installed')
    expect(ran).toEqual([
      ['apt-get', 'update'],
      [
        'apt-get',
        'install',
        '-y',
        '--no-install-recommends',
        'firefox-esr',
        'webkit2gtk-driver',
        'xvfb',
        'fonts-noto-core',
        'fonts-noto-cjk',
      ],
    ])
    expect(lines.join('\n')).toMatch(
      /installing firefox-esr, webkit2gtk-driver, xvfb, fonts-noto-core, fonts-noto-cjk/,
    )
  })

  it('not root but with sudo: the same commands through sudo', () => {
    const { ran } = machine(all.slice(1), { isRoot: false, hasSudo: true })
    expect(ran).toEqual([
      ['sudo', 'apt-get', 'update'],
      ['sudo', 'apt-get', 'install', '-y', '--no-install-recommends', 'chromium'],
    ])
  })

  it('with no rights: runs nothing and prints the exact command to run', () => {
    const { outcome, ran, lines } = machine([], { isRoot: false, hasSudo: false })
    expect(outcome).toBe('no-rights')
    expect(ran).toEqual([])
    expect(lines.at(-1)).toContain(
      'apt-get update && apt-get install -y --no-install-recommends chromium firefox-esr webkit2gtk-driver xvfb postgresql postgresql-15-plpgsql-check fonts-noto-core fonts-noto-cjk',
    )
  })
})
