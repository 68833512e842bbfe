/**
 * A Vite plugin for the build: index.html gets a small inline script that, when the address is
 * /void, asks for The Void's first page and its count and preloads The Void's screen (its chunk, the chunks it
 * imports) at once, while the app's entry script is still loading. The first cards then wait
 * on neither the entry's download and start nor a second round trip for the screen's code
 * (`npm run lighthouse`). The request is the app's own (src/shared/void-page-query.ts: same URL,
 * headers and timeout); src/features/void/api/void-first-page.ts hands it to the screen. On /return
 * and /help it preloads their screen's code the same way (on /return the lock's too, through which
 * the entries are read): otherwise the screen's chunks are asked for only once the entry has run, and
 * the lock's once the screen has. On every address but `/` it preloads the router's code, which the
 * entry loads with `import()`; on `/` the script does nothing. Written here, not
 * taken from a library: it needs the build's chunk names.
 */
import type { Plugin, ResolvedConfig } from 'vite'
import {
  EARLY_FIRST_PAGE_GLOBAL,
  FEED_TIMEOUT_MS,
  voidPageQuery,
  voidReadHeaders,
} from '../src/shared/void-page-query.ts'
import { VOID_COUNT_FUNCTION, VOID_TABLE } from '../src/shared/void-rest.ts'
// The app's default key, from where the app reads it (the server re-exports it).
import { LOCAL_ANON_KEY } from '../src/shared/local-backend.ts'

/**
 * What each address preloads: the modules its first screen needs (the screen, as the router imports
 * it, and what it loads at once), each with the chunks it imports statically.
 */
// Every address but `/` shows its first screen through the router, which the entry loads with
// `import()` (src/app/app-root.tsx: the writer's first paint has none): it comes first. `*`: any
// other address (the 404).
const ROUTER = 'src/app/router-start.tsx'
const SCREEN_MODULES: Record<string, string[]> = {
  '/void': [ROUTER, 'src/features/void/ui/void-screen.tsx'],
  // The entries are read through the lock's module before the screen shows them.
  '/return': [
    ROUTER,
    'src/private-entries/ui/return-screen.tsx',
    'src/private-entries/lock/locked-storage.ts',
  ],
  '/help': [ROUTER, 'src/features/help/help-screen.tsx'],
  '*': [ROUTER],
}

/** What the build plugins read of an output chunk (scripts/first-paint-html.ts too). */
export interface BundleChunk {
  type: 'chunk'
  fileName: string
  isEntry: boolean
  facadeModuleId: string | null
  /** Every module the chunk holds (a group's chunk, as The Void's, has no facade). */
  moduleIds: string[]
  imports: string[]
  code: string
  viteMetadata?: { importedCss: Set<string> }
}

/** The code one address preloads. */
export interface ScreenPreloads {
  scripts: string[]
  styles: string[]
}

/**
 * The inline script: on /void, starts the first page's request in the next task, then the count's,
 * then the preloads of its `screens` entry; on another address of `screens`, its preloads. Each
 * request and each link in a task of its own.
 */
export function earlyStartScript(options: {
  supabaseUrl: string | undefined
  anonKey: string
  screens: Record<string, ScreenPreloads>
}): string {
  const url = options.supabaseUrl
    ? JSON.stringify(options.supabaseUrl.replace(/\/+$/, ''))
    : // As src/lib/env.ts: without a configured URL, the local backend on the host that served the app.
      `'http://' + location.hostname + ':54321'`
  const links = Object.fromEntries(
    Object.entries(options.screens).map(([path, { scripts, styles }]) => [
      path,
      [
        ...scripts.map((href) => ['modulepreload', href]),
        ...styles.map((href) => ['preload', href]),
      ],
    ]),
  )
  return [
    // A block: the script's names stay out of the page's global scope.
    `{`,
    `const all = ${JSON.stringify(links)}`,
    `const links = all[location.pathname] || (location.pathname === '/' ? [] : all['*'] || [])`,
    `const preload = () => {`,
    `  const next = links.shift()`,
    `  if (!next) return`,
    `  const link = document.createElement('link')`,
    `  link.rel = next[0]`,
    `  if (next[0] === 'preload') link.as = 'style'`,
    // As Vite's own links: the same credentials mode, so the app's later requests reuse these.
    `  link.crossOrigin = ''`,
    `  link.href = next[1]`,
    `  document.head.appendChild(link)`,
    `  setTimeout(preload, 0)`,
    `}`,
    `if (location.pathname !== '/void') {`,
    `  if (links.length) setTimeout(preload, 0)`,
    `} else {`,
    `  const controller = new AbortController()`,
    `  setTimeout(() => controller.abort(), ${FEED_TIMEOUT_MS})`,
    `  const ask = (path) => {`,
    `    const answer = fetch(${url} + '/rest/v1/' + path, {`,
    `      headers: ${JSON.stringify(voidReadHeaders(options.anonKey))},`,
    `      signal: controller.signal,`,
    `    })`,
    `    answer.catch(() => {})`,
    `    return answer`,
    `  }`,
    // The page's request in the task after the parser's, the count's in the next, then each preload
    // link in a task of its own: with the parsing of the page, all in one was a long task on a slow
    // phone (a request costs the main thread 3 to 15 ms at 4× CPU, a module preload up to 10). The
    // feed's (a preflight, then the page) is the longer way to the first cards; the app's script,
    // which takes the count, comes long after these tasks.
    `  let askCount`,
    `  const count = new Promise((resolve) => (askCount = resolve))`,
    `  const response = new Promise((resolve) => setTimeout(() => {`,
    `    resolve(ask(${JSON.stringify(`${VOID_TABLE}?${voidPageQuery(null)}`)}))`,
    `    setTimeout(() => {`,
    `      askCount(ask(${JSON.stringify(`rpc/${VOID_COUNT_FUNCTION}`)}))`,
    `      setTimeout(preload, 0)`,
    `    }, 0)`,
    `  }, 0))`,
    `  response.catch(() => {})`,
    `  count.catch(() => {})`,
    `  window[${JSON.stringify(EARLY_FIRST_PAGE_GLOBAL)}] = {`,
    `    response,`,
    `    count,`,
    `    startedAt: Date.now(),`,
    `  }`,
    `}`,
    `}`,
  ].join('\n')
}

/** The plugin: adds the inline start to index.html in a build. */
export function voidEarlyStart(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'unburden:void-early-start',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter(
          (item): item is BundleChunk & typeof item => item.type === 'chunk',
        ) as unknown as BundleChunk[]
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
        // What the entry loads anyway (itself and its static imports) is not preloaded again.
        const loaded = new Set(
          chunks.filter((c) => c.isEntry).flatMap((c) => [c.fileName, ...c.imports]),
        )
        const entryCss = new Set(
          chunks.filter((c) => c.isEntry).flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]),
        )
        const href = (file: string) => `${config.base}${file}`
        const preloadsOf = (modules: string[]): ScreenPreloads => {
          // Each module's chunk and every chunk it imports statically, however deep.
          const needed = modules.map((module) => {
            const chunk = chunks.find((c) =>
              c.moduleIds.some((id) => id.replace(/\\/g, '/').endsWith(module)),
            )
            if (!chunk) throw new Error(`void-early-start: no chunk for ${module}`)
            return chunk
          })
          for (const chunk of needed)
            for (const file of chunk.imports) {
              const imported = byName.get(file)
              if (imported && !needed.includes(imported)) needed.push(imported)
            }
          return {
            scripts: [...new Set(needed.map((c) => c.fileName))]
              .filter((file) => !loaded.has(file))
              .map(href),
            styles: [...new Set(needed.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))]
              .filter((file) => !entryCss.has(file))
              .map(href),
          }
        }
        const script = earlyStartScript({
          supabaseUrl: config.env.VITE_SUPABASE_URL as string | undefined,
          anonKey: (config.env.VITE_SUPABASE_ANON_KEY as string | undefined) || LOCAL_ANON_KEY,
          screens: Object.fromEntries(
            Object.entries(SCREEN_MODULES).map(([path, modules]) => [path, preloadsOf(modules)]),
          ),
        })
        // Before the entry script and any stylesheet: a classic script after a stylesheet would wait
        // for it; after the charset and viewport, which must come first.
        const at = html.indexOf('<script type="module"')
        if (at < 0) throw new Error('void-early-start: index.html has no module script')
        return `${html.slice(0, at)}<script>\n${script}\n</script>\n    ${html.slice(at)}`
      },
    },
  }
}
