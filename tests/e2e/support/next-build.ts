/**
 * A second build of the app, for the update tests: the same files with a changed index.html (a build
 * marker) and a service worker whose precache names the new index.html revision — what the browser
 * sees of any new deploy. The browser fetches a worker's script itself (Playwright's routing never
 * sees it), so the two files are swapped in dist/, which the preview server reads on every request,
 * and put back afterwards.
 */
import { readFileSync, writeFileSync } from 'node:fs'

const dist = new URL('../../../dist/', import.meta.url)

/** The marker the second build's index.html carries. */
export const NEXT_BUILD_MARKER = 'unburden-build-next'

/** Serves the second build from now on; call the returned function to serve the first one again. */
export function deployNextBuild(): () => void {
  const htmlFile = new URL('index.html', dist)
  const swFile = new URL('sw.js', dist)
  const html = readFileSync(htmlFile, 'utf8')
  const sw = readFileSync(swFile, 'utf8')
  const revision = /\{"revision":"([^"]+)","url":"index\.html"\}/.exec(sw)?.[1]
  if (!revision) throw new Error('dist/sw.js does not precache index.html with a revision')
  writeFileSync(
    htmlFile,
    html.replace('</head>', `<meta name="unburden-build" content="${NEXT_BUILD_MARKER}" /></head>`),
  )
  writeFileSync(
    swFile,
    sw.replace(
      `{"revision":"${revision}","url":"index.html"}`,
      `{"revision":"${NEXT_BUILD_MARKER}","url":"index.html"}`,
    ),
  )
  return () => {
    writeFileSync(htmlFile, html)
    writeFileSync(swFile, sw)
  }
}
