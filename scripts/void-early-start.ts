/**
 * A Vite plugin for the build: index.html gets a small inline script that, when the address is
 * /void, asks for The Void's first page and its count and preloads The Void's screen (its chunk, the chunks it
 * imports) at once, while the app's entry script is still loading. The first cards then wait
 * on neither the entry's download and start nor a second round trip for the screen's code
 * (`npm run lighthouse`). The request is the app's own (src/core/void-page-query.ts: same URL,
 * headers and timeout); src/features/void/api/void-first-page.ts hands it to the screen. On any other address the
 * script does nothing. Written here, not taken from a library: it needs the build's chunk names.
 */
import type { Plugin, ResolvedConfig } from 'vite'
import { LOCAL_ANON_KEY } from '../server/jwt'
import {
  EARLY_FIRST_PAGE_GLOBAL,
  FEED_TIMEOUT_MS,
  voidPageQuery,
  voidReadHeaders,
} from '../src/core/void-page-query'
import { VOID_COUNT_FUNCTION, VOID_TABLE } from '../src/core/void-rest'

/** The screen whose code is preloaded, as the router imports it. */
const SCREEN_MODULE = 'src/features/void/ui/void-screen.tsx'

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

/**
 * The inline script: starts the first page's request in the next task, then the count's, then the
 * preloads of `scripts` and `styles`, each in a task of its own.
 */
export function earlyStartScript(options: {
  supabaseUrl: string | undefined
  anonKey: string
  scripts: string[]
  styles: string[]
}): string {
  const url = options.supabaseUrl
    ? JSON.stringify(options.supabaseUrl.replace(/\/+$/, ''))
    : // As src/lib/env.ts: without a configured URL, the local backend on the host that served the app.
      `'http://' + location.hostname + ':54321'`
  const links = [
    ...options.scripts.map((href) => ['modulepreload', href]),
    ...options.styles.map((href) => ['preload', href]),
  ]
  return [
    `if (location.pathname === '/void') {`,
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
    `  const links = ${JSON.stringify(links)}`,
    `  const preload = () => {`,
    `    const next = links.shift()`,
    `    if (!next) return`,
    `    const link = document.createElement('link')`,
    `    link.rel = next[0]`,
    `    if (next[0] === 'preload') link.as = 'style'`,
    // As Vite's own links: the same credentials mode, so the app's later requests reuse these.
    `    link.crossOrigin = ''`,
    `    link.href = next[1]`,
    `    document.head.appendChild(link)`,
    `    setTimeout(preload, 0)`,
    `  }`,
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
        const screen = chunks.find((chunk) =>
          chunk.moduleIds.some((id) => id.replace(/\\/g, '/').endsWith(SCREEN_MODULE)),
        )
        if (!screen) throw new Error(`void-early-start: no chunk for ${SCREEN_MODULE}`)
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
        // The screen's chunk and every chunk it imports statically, however deep.
        const needed = [screen]
        for (const chunk of needed)
          for (const file of chunk.imports) {
            const imported = byName.get(file)
            if (imported && !needed.includes(imported)) needed.push(imported)
          }
        // What the entry loads anyway (itself and its static imports) is not preloaded again.
        const loaded = new Set(
          chunks.filter((c) => c.isEntry).flatMap((c) => [c.fileName, ...c.imports]),
        )
        const entryCss = new Set(
          chunks.filter((c) => c.isEntry).flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]),
        )
        const href = (file: string) => `${config.base}${file}`
        const script = earlyStartScript({
          supabaseUrl: config.env.VITE_SUPABASE_URL as string | undefined,
          anonKey: (config.env.VITE_SUPABASE_ANON_KEY as string | undefined) || LOCAL_ANON_KEY,
          scripts: needed
            .map((c) => c.fileName)
            .filter((file) => !loaded.has(file))
            .map(href),
          styles: [...new Set(needed.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))]
            .filter((file) => !entryCss.has(file))
            .map(href),
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
