/**
 * Where the build writes each language's web manifest (vite.config.ts), which the page links
 * (src/app/web-manifest.ts). A module of its own: the page needs the address, not the words.
 */
import type { Language } from './i18n.ts'

/** Where the build writes the manifest of `language`. */
export const manifestHref = (language: Language): string =>
  language === 'en' ? '/manifest.webmanifest' : `/manifest.${language}.webmanifest`
