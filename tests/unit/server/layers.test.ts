/**
 * The backend's layers, read from its source: `server/edge/` builds on nothing above it, and the
 * tester's controls and faults are off the product's path (a production start loads no module of
 * `server/tester/` before it runs; only a dynamic import, behind the `faults` option, reaches them).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(__dirname, '../../..')

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8')

/** Every .ts file under `dir`, relative to the repository, with `/` separators. */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort()
}

/**
 * The module specifiers `source` imports or re-exports. With `staticOnly`, what loads before it
 * runs: no `import()`, and no type-only import (the compiler erases it).
 */
function importsOf(source: string, { staticOnly = false } = {}): string[] {
  const found: string[] = []
  const fromClause = /^\s*(?:import|export)\s+(type\s+)?[^'"]*?\s+from\s+['"]([^'"]+)['"]/gm
  for (const [, typeOnly, specifier = ''] of source.matchAll(fromClause))
    if (!(staticOnly && typeOnly)) found.push(specifier)
  for (const [, specifier = ''] of source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm))
    found.push(specifier)
  if (!staticOnly)
    for (const [, specifier = ''] of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g))
      found.push(specifier)
  return found
}

/** The repository path of a relative specifier's module, or null (a package, a builtin). */
function resolveModule(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null
  const base = join(dirname(from), specifier)
  for (const candidate of [`${base}.ts`, join(base, 'index.ts'), base])
    if (candidate.endsWith('.ts') && existsSync(join(ROOT, candidate)))
      return candidate.split('\\').join('/')
  return null
}

/** The modules `entry` loads before it runs: its static imports, followed to the end. */
function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>([entry])
  const queue = [entry]
  for (let file = queue.shift(); file; file = queue.shift())
    for (const specifier of importsOf(read(file), { staticOnly: true })) {
      const target = resolveModule(file, specifier)
      if (target && !seen.has(target)) {
        seen.add(target)
        queue.push(target)
      }
    }
  return seen
}

const isBuiltin = (specifier: string) =>
  specifier.startsWith('node:') || builtinModules.includes(specifier)

describe('server/edge', () => {
  it('has its modules where this test reads them', () => {
    expect(sourceFiles('server/edge')).toContain('server/edge/answer.ts')
  })

  it('imports nothing outside server/edge: only its own modules, node builtins and packages', () => {
    const outside = sourceFiles('server/edge').flatMap((file) =>
      importsOf(read(file))
        .filter((specifier) => {
          if (isBuiltin(specifier)) return false
          // A package: neither relative nor absolute.
          if (!specifier.startsWith('.') && !specifier.startsWith('/')) return false
          const target = join(dirname(file), specifier).split('\\').join('/')
          return !target.startsWith('server/edge/')
        })
        .map((specifier) => `${file} imports ${specifier}`),
    )
    expect(outside).toEqual([])
  })
})

describe("the tester's controls and faults", () => {
  it('live in server/tester, which nothing of the edge or the product imports', () => {
    const reaching = sourceFiles('server')
      .filter((file) => !file.startsWith('server/tester/'))
      .flatMap((file) =>
        importsOf(read(file))
          .filter((specifier) => resolveModule(file, specifier)?.startsWith('server/tester/'))
          .map((specifier) => `${file} imports ${specifier}`),
      )
    // index.ts alone, and only by import() (checked below): the product's modules never do.
    expect(reaching).toEqual(['server/index.ts imports ./tester/steps'])
  })

  it('are loaded by no entry of a production start before it runs', () => {
    for (const entry of ['server/index.ts', 'server/main.ts', 'server/http.ts']) {
      const closure = staticClosure(entry)
      expect(closure.has('server/http.ts'), `the walk from ${entry} follows it`).toBe(true)
      expect(
        [...closure].filter((file) => file.startsWith('server/tester/')),
        entry,
      ).toEqual([])
    }
  })

  it('are loaded only behind the `faults` option', () => {
    const index = read('server/index.ts')
    const loads = [...index.matchAll(/options\.faults\s*\?\s*\(\s*await import\('([^']+)'\)\)/g)]
    expect(loads.map((match) => match[1])).toEqual(['./tester/steps'])
  })
})
