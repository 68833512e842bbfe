// Size budgets, checked on the production build in dist/ (run `npm run build` first).
// - JavaScript loaded for the first paint of `/`: the entry script of index.html and every module it
//   imports statically (its modulepreload links), gzip, at most 95 KB (95,000 bytes).
// - The service worker, gzip, at most 25 KB.
// Prints each figure; exits 1 when a budget is exceeded.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const DIST = process.argv[2] ?? 'dist'
const BUDGETS = { firstPaintJs: 95_000, serviceWorker: 25_000 }

const gz = (file) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length
const kb = (bytes) => `${(bytes / 1000).toFixed(2)} KB`

if (!existsSync(join(DIST, 'index.html'))) {
  console.error(`No build in ${DIST}/: run npm run build first.`)
  process.exit(1)
}
const html = readFileSync(join(DIST, 'index.html'), 'utf8')
const scripts = new Set()
for (const [, src] of html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g))
  scripts.add(src)
for (const [, href] of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g))
  scripts.add(href)
if (scripts.size === 0) {
  console.error('index.html loads no module script: the build is not what this check expects.')
  process.exit(1)
}

let firstPaint = 0
for (const file of scripts) {
  const size = gz(file)
  firstPaint += size
  console.log(`  ${file.padEnd(40)} ${kb(size)} gzip`)
}
const sw = gz('sw.js')
const rows = [
  ['JS for first paint of /', firstPaint, BUDGETS.firstPaintJs],
  ['service worker (sw.js)', sw, BUDGETS.serviceWorker],
]
let failed = false
for (const [name, size, budget] of rows) {
  const ok = size <= budget
  failed ||= !ok
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${name.padEnd(28)} ${kb(size).padStart(10)} gzip  (budget ${kb(budget)})`,
  )
}
process.exit(failed ? 1 : 0)
