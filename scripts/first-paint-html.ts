/**
 * Two Vite plugins for the build that keep index.html's first paint to itself (issue 16).
 *
 * inlineEntryCss: the entry's stylesheet is written into index.html as a `<style>`
 * instead of a `<link>`. A linked stylesheet blocks the first paint for one more round trip (about
 * 150 ms of Lighthouse's simulated mobile network: `npm run lighthouse`); the whole of the app's
 * CSS but the network lab's is a few kilobytes compressed, and the service worker keeps index.html
 * for offline starts, so it is read from there too. Written here, not taken from a library: it only
 * swaps one tag for the bundle's own text.
 */
import type { Plugin } from 'vite'
import { MANIFEST_HREF } from '../src/app/web-manifest.ts'
import type { BundleChunk } from './void-early-start'

interface BundleAsset {
  type: 'asset'
  fileName: string
  source: string | Uint8Array
}

/** The entry's stylesheet, as Vite names it: the one written into index.html. */
const ENTRY_CSS = /^assets\/index-[\w-]+\.css$/

/** The plugin: replaces the entry stylesheet's link in index.html with its text. */
export function inlineEntryCss(): Plugin {
  return {
    name: 'unburden:inline-entry-css',
    apply: 'build',
    enforce: 'post',
    /**
     * A lazy chunk that imports from the entry lists the entry's stylesheet among the files Vite's
     * preload helper loads first, and the helper would add it as a `<link>` (index.html links none):
     * a request for a file that is not emitted, or a second copy of every rule and the whole page
     * restyled. Vite's `resolveDependencies` never sees stylesheets, so the name is swapped here,
     * after Vite wrote the lists, for the entry's own script: loaded already, so the helper's
     * modulepreload of it costs nothing.
     */
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter(
          (item) => item.type === 'chunk',
        ) as unknown as BundleChunk[]
        const entry = chunks.find((chunk) => chunk.isEntry)
        const css = [...(entry?.viteMetadata?.importedCss ?? [])]
        if (!entry || css.length !== 1 || !ENTRY_CSS.test(css[0]!))
          throw new Error(
            `inline-entry-css: expected one entry stylesheet, found ${css.join(', ')}`,
          )
        const quoted = JSON.stringify(css[0])
        const name = css[0]!.slice('assets/'.length)
        for (const chunk of chunks) {
          if (chunk.code.includes(quoted))
            chunk.code = chunk.code.replaceAll(quoted, JSON.stringify(entry.fileName))
          // Written any other way (a relative path, a runtime URL), it would be fetched in vain.
          if (chunk.code.includes(name))
            throw new Error(`inline-entry-css: ${chunk.fileName} still names ${name}`)
        }
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const link = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g
        const links = [...html.matchAll(link)]
        if (links.length !== 1)
          throw new Error(`inline-entry-css: expected one stylesheet link, found ${links.length}`)
        const [tag, file] = links[0]!
        if (!ENTRY_CSS.test(file!))
          throw new Error(`inline-entry-css: ${file} is not named as expected`)
        const asset = context.bundle?.[file!] as BundleAsset | undefined
        if (asset?.type !== 'asset')
          throw new Error(`inline-entry-css: ${file} is not in the bundle`)
        const css =
          typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source)
        if (css.includes('</style'))
          throw new Error(`inline-entry-css: ${file} would close its <style>`)
        // Nothing else links it: the file is not emitted, so the service worker does not fetch it.
        delete context.bundle![file!]
        return html.replace(tag, () => `<style>${css}</style>`)
      },
    },
  }
}

/**
 * deferManifestLink: index.html carries no `<link rel="manifest">`; the app adds it once the first
 * screen has painted (src/app/web-manifest.ts). With the link in the HTML, the browser fetches the
 * manifest and then its install icon while the page loads, on the same connections as the screen's
 * script and The Void's first page (Lighthouse's trace: icon-192.png, 10 KB, before the first cards).
 * Installing needs the service worker, which registers after the first paint too, so nothing waits.
 */
export function deferManifestLink(): Plugin {
  return {
    name: 'unburden:defer-manifest-link',
    apply: 'build',
    // The PWA plugin writes the link in a late ('post') plugin of its own, declared before this one.
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const link = new RegExp(`<link rel="manifest" href="${MANIFEST_HREF}"[^>]*>`, 'g')
        const found = html.match(link)?.length ?? 0
        if (found !== 1)
          throw new Error(`defer-manifest-link: expected one manifest link, found ${found}`)
        return html.replace(link, '')
      },
    },
  }
}
