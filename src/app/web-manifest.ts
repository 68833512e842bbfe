/**
 * The web manifest's link, added to the page once the first screen has painted (src/app/app-start.tsx)
 * rather than written in index.html: the browser then fetches the manifest and its install icon after
 * the screen, not beside its script (scripts/first-paint-html.ts).
 */

import { currentLanguage } from '../i18n/i18n.ts'
import { manifestHref } from '../i18n/manifest-href.ts'

/** Where the build emits the manifest (vite-plugin-pwa, from manifest.webmanifest). */
export const MANIFEST_HREF = manifestHref('en')

/** Adds the link to the manifest of the app's language to the document's head, once. */
export function linkWebManifest(doc: Document = document): void {
  if (doc.querySelector('link[rel="manifest"]')) return
  const link = doc.createElement('link')
  link.rel = 'manifest'
  link.href = manifestHref(currentLanguage())
  doc.head.append(link)
}
