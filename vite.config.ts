import { readFileSync } from 'node:fs'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa'
import { voidEarlyStart } from './scripts/void-early-start'

// manifest.webmanifest at the top level is the single source of the web manifest.
const manifest = JSON.parse(
  readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'),
) as Partial<ManifestOptions>

export default defineConfig({
  build: { target: 'es2022', sourcemap: false },
  preview: { port: 4173, strictPort: true, host: true },
  plugins: [
    react(),
    // On /void, the first page and The Void's screen are asked for by index.html itself.
    voidEarlyStart(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest,
      includeAssets: ['favicon.svg', 'robots.txt', 'icons/*.png'],
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,txt}'],
        rollupFormat: 'es',
      },
      devOptions: { enabled: false },
    }),
  ],
})
