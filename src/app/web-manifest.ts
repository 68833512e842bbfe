/**
 * The web manifest's link, added to the page once the first screen has painted (src/app/app-start.tsx)
 * rather than written in index.html: the browser then fetches the manifest and its install icon after
 * the screen, not beside its script (scripts/first-paint-html.ts).
 */

/** Where the build emits the manifest (vite-plugin-pwa, from manifest.webmanifest). */
export const MANIFEST_HREF = '/manifest.webmanifest'

/** Adds the manifest's link to the document's head, once. */
export function linkWebManifest(doc: Document = document): void {
  if (doc.querySelector('link[rel="manifest"]')) return
  const link = doc.createElement('link')
  link.rel = 'manifest'
  link.href = MANIFEST_HREF
  doc.head.append(link)
}
