import { readFileSync } from 'node:fs'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa'
import { deferManifestLink, inlineEntryCss } from './scripts/first-paint-html.ts'
import { precompress } from './scripts/precompress.ts'
import { shareTargetFallback } from './scripts/share-target-fallback.ts'
import { voidEarlyStart } from './scripts/void-early-start.ts'
import { zoneCountriesModule } from './scripts/zone-countries.ts'
import { LANGUAGES, LOCALE_LOADERS } from './src/i18n/i18n.ts'
import { manifestHref } from './src/i18n/manifest-href.ts'
import { manifestFor } from './src/i18n/manifest-words.ts'

// manifest.webmanifest at the top level is the single source of the web manifest; the build adds
// each language's screenshots (src/i18n/manifest-screenshots.ts).
const manifest = JSON.parse(
  readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'),
) as Partial<ManifestOptions>
const englishManifest = manifestFor(manifest, 'en', {})

/**
 * TanStack Router reads its scroll-restoration record from sessionStorage as its module loads. The
 * app never turns scroll restoration on (src/app/router.tsx), so the record is never used, yet that
 * first sessionStorage access is a synchronous round trip to the browser, on the editor's critical
 * path (5–10 ms of a reload here; issue 16). This skips the read; the build fails if the router's code
 * no longer has the expected line, so an upgrade cannot drop it silently.
 */
function skipRouterScrollRecord(): Plugin {
  const file = /@tanstack[\\/]router-core[\\/]dist[\\/]esm[\\/]scroll-restoration\.js$/
  const read = 'const safeSessionStorage = getSafeSessionStorage();'
  return {
    name: 'unburden:skip-router-scroll-record',
    apply: 'build',
    transform(code, id) {
      if (!file.test(id)) return null
      if (!code.includes(read)) this.error(`${id}: expected "${read}"; review this plugin`)
      return { code: code.replace(read, 'const safeSessionStorage = undefined;'), map: null }
    },
  }
}

/**
 * One manifest per language beside manifest.webmanifest (its description, lang, dir and shortcuts'
 * names in that language, src/i18n/manifest-words.ts); precached with the rest, linked by the page
 * in its language (src/app/web-manifest.ts).
 */
function languageManifests(): Plugin {
  return {
    name: 'unburden:language-manifests',
    apply: 'build',
    async generateBundle() {
      for (const language of LANGUAGES) {
        if (language === 'en') continue
        const { default: catalogue } = await LOCALE_LOADERS[language]()
        this.emitFile({
          type: 'asset',
          fileName: manifestHref(language).slice(1),
          source: JSON.stringify(manifestFor(manifest, language, catalogue)),
        })
      }
    },
  }
}

/**
 * vite-plugin-pwa builds the service worker into one file with the output option
 * `inlineDynamicImports`, which the bundler has deprecated for `codeSplitting: false` and warns about
 * on every build. Given to that build (injectManifest.buildPlugins), this asks for the same single
 * file with the option that replaces it.
 */
function serviceWorkerInOneFile(): Plugin {
  return {
    name: 'unburden:service-worker-in-one-file',
    config(config) {
      const output = config.build?.rollupOptions?.output
      if (!output || Array.isArray(output) || output.inlineDynamicImports === undefined) return
      const { inlineDynamicImports, ...rest } = output
      config.build!.rollupOptions!.output = { ...rest, codeSplitting: !inlineDynamicImports }
    },
  }
}

export default defineConfig({
  build: {
    target: 'es2022',
    sourcemap: false,
    // Every engine the app supports preloads modules natively; without the polyfill, the writer's
    // first paint carries less script (scripts/size.mjs).
    modulePreload: {
      polyfill: false,
      // React's chunk and the runtime are static imports of the entry, in the page before any
      // dynamic import can run: naming them in every dynamic import's preload list only adds bytes
      // to the first paint. The entry's own imports of the Void's first page (src/main.tsx, on /void
      // only) name nothing: index.html's inline start has preloaded those chunks, and each link the
      // entry added would cost its first task a few milliseconds more on a slow phone. index.html
      // keeps its links: they are what makes them load beside the entry.
      resolveDependencies: (file, deps, { hostId, hostType }) => {
        if (hostType === 'html') return deps
        if (/(^|\/)index-[\w-]+\.js$/.test(hostId) && /(^|\/)void-(first-page|feed)-/.test(file))
          return []
        return deps.filter((dep) => !/(^|\/)(react|rolldown-runtime)-[\w-]+\.js$/.test(dep))
      },
    },
    rolldownOptions: {
      output: {
        // React and React DOM in one chunk of their own: they compress better together than split
        // between the entry and a shared chunk, and the chunk stays cached across app releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|vite[\\/]preload-helper/,
            },
            // Leaf modules of a few hundred bytes that several chunks share: one small file rather
            // than three, each a request (and a preload link) of its own on /void's critical path.
            {
              name: 'shared',
              test: /src[\\/](lib[\\/](env|download)|shared[\\/]void-rest)\.ts$/,
            },
            // What the writer's first paint shares with the router's screens (their words, the header,
            // its links): left to itself, the bundler made three files of it, beside the entry.
            {
              name: 'first-paint',
              test: /src[\\/](i18n[\\/](i18n|messages[\\/]app)\.ts|components[\\/](screen-header|nav-link|help-link)\.tsx)$/,
            },
          ],
        },
      },
    },
  },
  // The passphrase estimator's worker (src/private-entries/lock/passphrase-strength.worker.ts)
  // loads zxcvbn-ts's word lists with import(): as an ES module, each list is a chunk of its own
  // (under the precache's 2 MiB limit per file; all of them together would be one 4.6 MB file), named
  // after its package and apart from the code, so a release that changes the code leaves them cached.
  worker: {
    format: 'es',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: (id) =>
                /@zxcvbn-ts[\\/]language-([\w-]+)/.exec(id)?.[1]?.replace(/^/, 'zxcvbn-') ?? null,
              // The bundler asks a group named by a function for a label of its own (its timing
              // report), and warns on every build without one.
              debugName: 'zxcvbn-word-lists',
            },
          ],
        },
      },
    },
  },
  resolve: {
    alias: {
      // The router's store asks for the React 16/17 shim of useSyncExternalStore; React 19 has it built
      // in, and the same package's plain entry uses it (less script on the first paint).
      'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
    },
  },
  preview: { port: 4173, strictPort: true, host: true },
  plugins: [
    skipRouterScrollRecord(),
    react(),
    // /help's time zone → country table, from the tz database at build time.
    zoneCountriesModule(),
    // On /void, the first page and The Void's screen are asked for by index.html itself.
    voidEarlyStart(),
    // The app's stylesheet is written into index.html: no round trip before the first paint.
    inlineEntryCss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: englishManifest,
      includeAssets: ['robots.txt', 'icons/*.png'],
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,txt}'],
        // The manifests' screenshots (2.4 MB) are for the install dialog, fetched by the browser
        // when it shows one: never needed offline, and every visitor would download them all.
        globIgnores: ['screenshots/**'],
        rollupFormat: 'es',
        buildPlugins: { vite: [serviceWorkerInOneFile()] },
      },
      devOptions: { enabled: false },
    }),
    // After the PWA plugin has written the manifest's link: the app adds it after the first paint
    // (src/app/web-manifest.ts).
    deferManifestLink(),
    languageManifests(),
    // A share the service worker did not answer goes to the writer, unread.
    shareTargetFallback(),
    // Last: Brotli copies of every file written, the service worker's too; `npm start` sends them.
    precompress(),
  ],
})
