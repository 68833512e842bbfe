/**
 * The claims of docs/architecture.md that the source tree can prove: which page modules talk to the
 * service worker, that every import keeps to the layer table, that the shared folders are what the
 * worker and the local backend compile, and what the product's first paint (no `?lab`) loads of
 * the network lab. The doc is read, not copied here, so a claim changed in either place alone fails.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(__dirname, '../..')
const DOC = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8')

/** Every .ts and .tsx file under `dir`, relative to the repository, with `/` separators. */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort()
}

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8')

/**
 * The module specifiers `source` imports or re-exports. With `staticOnly`, what runs before it: no
 * `import()`, and no type-only import (the compiler erases it).
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

/** The repository path of a relative specifier's TypeScript module, or null (a package, CSS). */
function resolveModule(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null
  const base = join(dirname(from), specifier)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (/\.tsx?$/.test(candidate) && existsSync(join(ROOT, candidate)))
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

interface Layer {
  /** The row's folders (its first column), with `/` at the end, or a file. */
  folders: string[]
  /** The folders its imports may reach besides its own, or 'any'. */
  allowed: string[] | 'any'
}

/**
 * The layer table's rows: each row's folders and what its "may import" column allows: folders
 * named there, every row above it ("all of the above"), anything ("everything"), or nothing of ours.
 */
function layerTable(): Layer[] {
  const section = DOC.split(/^## /m).find((part) => part.startsWith('Layers')) ?? ''
  const paths = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map(([, path = '']) => path)
  const table: Layer[] = []
  for (const line of section.split('\n').filter((row) => /^\|\s*`/.test(row))) {
    const [, first = '', , may = ''] = line.split('|').map((cell) => cell.trim())
    const folders = paths(first)
    if (/everything/.test(may)) table.push({ folders, allowed: 'any' })
    else if (/all of the above/.test(may))
      table.push({ folders, allowed: table.flatMap((row) => row.folders) })
    else table.push({ folders, allowed: paths(may) })
  }
  return table
}

/** Whether `file` is in `folder` (`src/features/<name>/` stands for any one feature). */
const inFolder = (file: string, folder: string) =>
  folder.endsWith('/')
    ? new RegExp(
        `^${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('<name>', '[^/]+')}`,
      ).test(file)
    : file === folder

/** The row whose folder holds `file` most closely (the longest folder it is in). */
function layerOf(file: string, layers: Layer[]): Layer | undefined {
  const depth = (layer: Layer) =>
    Math.max(...layer.folders.filter((folder) => inFolder(file, folder)).map((f) => f.length), -1)
  return [...layers].sort((a, b) => depth(b) - depth(a)).find((layer) => depth(layer) >= 0)
}

/** Code that reaches the service worker from a page: its container, or a message to a worker. */
const TALKS_TO_WORKER =
  /navigator\.serviceWorker|['"]serviceWorker['"]\s+in\s+navigator|\b(controller|active|waiting|installing)\??\.postMessage\(/

describe('docs/architecture.md', () => {
  it('names every page module that talks to the service worker, and only those', () => {
    const paragraph = DOC.split(/\n\s*\n/).find((block) =>
      block.includes('The page talks to the worker through'),
    )
    expect(paragraph, 'the paragraph naming the page modules that talk to the worker').toBeDefined()
    const named = [...(paragraph ?? '').matchAll(/`(src\/[^`]+\.tsx?)`/g)].map((m) => m[1]).sort()
    // What the worker itself runs (src/shared, src/offering/shared, the lab's worker/) talks to its
    // clients, not to a worker.
    const pageModules = sourceFiles('src').filter(
      (file) =>
        !file.startsWith('src/shared/') &&
        !file.startsWith('src/offering/shared/') &&
        !file.startsWith('src/features/lab/worker/'),
    )
    const talking = pageModules.filter((file) => TALKS_TO_WORKER.test(read(file)))
    expect(talking).toEqual([...new Set(named)])
  })

  it('every import stays within its layer and the layers the table names for it', () => {
    const layers = layerTable()
    expect(layers.length, 'the layer table, read from the doc').toBeGreaterThan(10)
    const crossings = ['src', 'sw', 'server'].flatMap(sourceFiles).flatMap((file) => {
      const from = layerOf(file, layers)
      if (!from) return [`${file} is in no layer of the table`]
      return importsOf(read(file))
        .map((specifier) => resolveModule(file, specifier))
        .filter((target): target is string => target !== null)
        .filter((target) => {
          const to = layerOf(target, layers)
          return (
            to !== from &&
            !(from.allowed === 'any' || (to && from.allowed.includes(to.folders[0]!)))
          )
        })
        .map((target) => `${file} imports ${target}`)
    })
    expect(crossings).toEqual([])
  })

  it('src/shared is exactly what the worker and the local backend compile of the page, src/offering/shared what the worker compiles of offering', () => {
    // Every module the worker's sources reach, type-only imports included: what its tsconfig compiles.
    const seen = new Set<string>()
    const queue = sourceFiles('sw')
    for (let file = queue.shift(); file; file = queue.shift())
      for (const specifier of importsOf(read(file))) {
        const target = resolveModule(file, specifier)
        if (target && !seen.has(target)) {
          seen.add(target)
          queue.push(target)
        }
      }
    const reached = (dir: string) => [...seen].filter((file) => file.startsWith(dir)).sort()
    const server = sourceFiles('server').flatMap((file) =>
      importsOf(read(file))
        .map((specifier) => resolveModule(file, specifier))
        .filter((target): target is string => target?.startsWith('src/') ?? false),
    )
    expect([...new Set([...reached('src/shared/'), ...server])].sort()).toEqual(
      sourceFiles('src/shared'),
    )
    expect(reached('src/offering/')).toEqual(sourceFiles('src/offering/shared'))
  })

  it("offering's retry rule and its try and answer events are written once, in the policy", () => {
    expect(DOC).toContain('attempt (`attemptOffer` in `src/offering/shared/offer-queue-policy.ts`)')
    // A retry wait (backoff, Retry-After) or a try or an answer told: only the policy's one attempt.
    const RETRY_RULE = /backoffDelayMs\(|OFFER_RETRY_AFTER_MAX_MS|\btype: 'try',|\btype: 'answer',/
    const writers = [...sourceFiles('src'), ...sourceFiles('sw')].filter((file) =>
      RETRY_RULE.test(read(file)),
    )
    expect(writers).toEqual(['src/offering/shared/offer-queue-policy.ts'])
  })

  it("the product's entry loads no lab module before it runs: only src/app/lab-entry.ts", () => {
    expect(DOC).toContain('adds only `src/app/lab-entry.ts` to the first')
    const closure = staticClosure('src/main.tsx')
    expect(closure.has('src/features/writer/writer-screen.tsx'), 'the walk follows the entry').toBe(
      true,
    )
    const lab = [...closure].filter(
      (file) => file.startsWith('src/features/lab/') || /^src\/app\/lab-/.test(file),
    )
    expect(lab).toEqual(['src/app/lab-entry.ts'])
  })

  it("the writer's first paint loads no router: the entry imports it only with import()", () => {
    expect(DOC).toContain('The writer before the router')
    const closure = staticClosure('src/main.tsx')
    expect(closure.has('src/features/writer/writer-screen.tsx'), 'the walk follows the entry').toBe(
      true,
    )
    const routed = [...closure].filter((file) =>
      importsOf(read(file), { staticOnly: true }).some((specifier) =>
        specifier.startsWith('@tanstack/'),
      ),
    )
    expect(routed).toEqual([])
  })

  it('the private entries are entered through their door; only the app loads their storage and screen', () => {
    expect(DOC).toContain('`src/private-entries/private-entries.ts`')
    const door = 'src/private-entries/private-entries.ts'
    const entered = sourceFiles('src')
      .filter((file) => !file.startsWith('src/private-entries/') && !file.startsWith('src/app/'))
      .flatMap((file) =>
        importsOf(read(file))
          .map((specifier) => resolveModule(file, specifier))
          .filter((target) => target?.startsWith('src/private-entries/') && target !== door)
          .map((target) => `${file} imports ${target}`),
      )
    expect(entered).toEqual([])
  })

  it('the private entries hold no state at module level: each object made once holds its own', () => {
    // Runs only inside the passphrase estimator's worker, one per estimator object: its module's
    // memory (the lists built per language) is that object's. The page may import it for types only.
    const workerOnly = 'src/private-entries/lock/passphrase-strength.ts'
    const pageImports = sourceFiles('src')
      .filter((file) => !file.endsWith('.worker.ts') && file !== workerOnly)
      .flatMap((file) =>
        importsOf(read(file), { staticOnly: true })
          .filter((specifier) => resolveModule(file, specifier) === workerOnly)
          .map(() => file),
      )
    expect(pageImports).toEqual([])
    // A module-level variable, or a module-level collection that something fills or empties.
    const held = sourceFiles('src/private-entries')
      .filter((file) => file !== workerOnly)
      .flatMap((file) => {
        const source = read(file)
        const variables = [...source.matchAll(/^(?:export\s+)?(?:let|var)\s+(\w+)/gm)]
        const collections = [
          ...source.matchAll(
            /^(?:export\s+)?const\s+(\w+)\s*(?::[^=\n]+)?=\s*(?:new\s+(?:Map|Set|WeakMap|WeakSet|Array)\b|\[\s*\]|\{\s*\})/gm,
          ),
        ].filter(([, name]) =>
          new RegExp(`\\b${name}\\.(?:set|add|push|delete|clear|splice)\\(`).test(source),
        )
        return [...variables, ...collections].map(([, name]) => `${file}: ${name}`)
      })
    expect(held).toEqual([])
  })
})
