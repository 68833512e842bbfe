/** Checks the production build in dist/: the service worker exists and precaches the shell. */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { brotliDecompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'

const read = (file: string) => readFileSync(new URL(`../../dist/${file}`, import.meta.url), 'utf8')

describe('the build', () => {
  it('emits sw.js', () => {
    expect(existsSync(new URL('../../dist/sw.js', import.meta.url))).toBe(true)
  })

  it('precaches index.html, the manifest, the icons and the app chunks', () => {
    const sw = read('sw.js')
    for (const url of [
      'index.html',
      'manifest.webmanifest',
      'icons/icon-192.png',
      'icons/icon-512.png',
      'icons/icon-maskable-512.png',
    ]) {
      expect(sw).toContain(`"${url}"`)
    }
    expect(sw).toMatch(/"assets\/index-[\w-]+\.js"/)
    // The help screen is its own chunk, precached so it opens offline (docs/product.md,
    // decision 17); its styles are in index.html.
    expect(sw).toMatch(/"assets\/help-screen-[\w-]+\.js"/)
    expect(read('index.html')).toContain('.help__')
  })

  it('writes a Brotli copy beside every script, the service worker’s too, which it does not precache', () => {
    const scripts = readdirSync(new URL('../../dist/assets/', import.meta.url)).filter((file) =>
      file.endsWith('.js'),
    )
    for (const file of [...scripts.map((name) => `assets/${name}`), 'sw.js', 'index.html']) {
      if (Buffer.byteLength(read(file)) < 1024) continue
      const copy = readFileSync(new URL(`../../dist/${file}.br`, import.meta.url))
      expect(brotliDecompressSync(copy).toString(), file).toBe(read(file))
    }
    expect(
      existsSync(
        new URL(
          `../../dist/assets/${scripts.find((name) => name.startsWith('react-'))}.br`,
          import.meta.url,
        ),
      ),
    ).toBe(true)
    expect(read('sw.js')).not.toMatch(/\.br"/)
  })

  it('carries the app’s styles in index.html: no stylesheet to wait for, none added by a screen', () => {
    const html = read('index.html')
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/)
    const style = /<style>([\s\S]+?)<\/style>/.exec(html)?.[1] ?? ''
    // The app's own, The Void's cards, the notices and the dialog: every screen's but the lab's.
    for (const rule of [
      '--bg:',
      '.void-card__',
      '.install-prompt',
      'dialog.dialog',
      '.help__',
      '.private-entries',
    ])
      expect(style, rule).toContain(rule)
    expect(style).not.toContain('lab-panel')
    const css = readdirSync(new URL('../../dist/assets/', import.meta.url)).filter((file) =>
      file.endsWith('.css'),
    )
    expect(css).toEqual([expect.stringMatching(/^lab-mount-[\w-]+\.css$/)])
    // No chunk adds a stylesheet of its own but the lab's.
    for (const file of readdirSync(new URL('../../dist/assets/', import.meta.url)))
      if (file.endsWith('.js'))
        expect(read(`assets/${file}`).match(/assets\/[\w-]+\.css/g) ?? [], file).toEqual(
          read(`assets/${file}`).match(/assets\/lab-mount-[\w-]+\.css/g) ?? [],
        )
  })

  it('leaves the manifest’s link to the app (added after the first paint) and emits it from manifest.webmanifest', () => {
    // With the link in the HTML, the browser fetches the manifest and its install icon beside the
    // first screen's script; src/app/web-manifest.ts adds it after the first paint.
    expect(read('index.html')).not.toContain('rel="manifest"')
    const source = JSON.parse(
      readFileSync(new URL('../../manifest.webmanifest', import.meta.url), 'utf8'),
    )
    const built = JSON.parse(read('manifest.webmanifest'))
    expect(built.name).toBe('Unburden')
    expect(built.display).toBe('standalone')
    expect(built.icons).toEqual(source.icons)
  })

  it('links a small PNG as the page’s icon, precached, and no SVG icon', () => {
    // An SVG icon is a whole document that the browser builds on the page's main thread (5-10 ms,
    // traced), as the first screen is being painted; a 32 px PNG is decoded in well under 1 ms.
    const html = read('index.html')
    const icons = [...html.matchAll(/<link rel="icon"[^>]*>/g)].map(([link]) => link)
    expect(icons).toEqual([
      '<link rel="icon" href="/icons/favicon-32.png" sizes="32x32" type="image/png" />',
    ])
    expect(read('sw.js')).toContain('"icons/favicon-32.png"')
    const png = readFileSync(new URL('../../dist/icons/favicon-32.png', import.meta.url))
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([32, 32])
  })

  it('serves a real robots.txt', () => {
    expect(read('robots.txt')).toContain('User-agent: *')
  })
})

/** The files the first paint of `/` loads: index.html's module script, its modulepreloads, its CSS. */
function firstPaintFiles(): string[] {
  const html = read('index.html')
  const files = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+)"/g),
  ].map(([, file]) => file!)
  expect(files.length).toBeGreaterThan(0)
  return files
}

describe('the network lab (issue 15)', () => {
  // Only the lab's own code carries these: the class of its root and its panel's heading.
  const labMarkers = ['unburden-network-lab', 'Network lab', 'lab-panel']

  it('is nowhere in the first paint', () => {
    for (const file of firstPaintFiles())
      for (const marker of labMarkers)
        expect(read(file), `${marker} in ${file}`).not.toContain(marker)
  })

  it('is its own chunk, precached so it opens offline, and loaded by the first paint only on demand', () => {
    const assets = readdirSync(new URL('../../dist/assets/', import.meta.url))
    const labChunks = assets.filter(
      (file) => file.endsWith('.js') && read(`assets/${file}`).includes('unburden-network-lab'),
    )
    expect(labChunks).toHaveLength(1)
    expect(read('sw.js')).toContain(`"assets/${labChunks[0]}"`)
    // The first paint knows only the small boot chunk, by name, loaded after start.
    const entry = firstPaintFiles().map(read).join('\n')
    expect(entry).toMatch(/import\(`\.\/lab-door-[\w-]+\.js`\)/)
    expect(entry).not.toContain(labChunks[0])
  })
})

describe('the lock on the private entries (issue 28)', () => {
  // Only the lock's code carries these: the vault's key and format, its channel, its KDF.
  const lockMarkers = ['sanctuary-vault', 'unburden-sanctuary-lock', 'PBKDF2']

  it('is nowhere in the first paint of /, and is in the build', () => {
    for (const file of firstPaintFiles())
      for (const marker of lockMarkers)
        expect(read(file), `${marker} in ${file}`).not.toContain(marker)
    const assets = readdirSync(new URL('../../dist/assets/', import.meta.url))
    expect(
      assets.some((file) => file.endsWith('.js') && read(`assets/${file}`).includes('PBKDF2')),
    ).toBe(true)
  })
})

describe('the passphrase estimator (issue 35)', () => {
  const assets = () =>
    readdirSync(new URL('../../dist/assets/', import.meta.url)).filter((file) =>
      file.endsWith('.js'),
    )

  it('is nowhere in the first paint of /', () => {
    for (const file of firstPaintFiles())
      for (const marker of ['passphrase-strength', 'passwords-common', 'One graphics card'])
        expect(read(file), `${marker} in ${file}`).not.toContain(marker)
  })

  it('is a worker and its word lists, each a file under the precache’s 2 MiB limit, all precached', () => {
    const sw = read('sw.js')
    const worker = assets().filter((file) => /^passphrase-strength\.worker-[\w-]+\.js$/.test(file))
    const lists = assets().filter((file) => /^zxcvbn-[\w-]+\.js$/.test(file))
    expect(worker).toHaveLength(1)
    // Each list file is its package's name, then "-" and an eight-character hash.
    expect(lists.map((file) => file.slice(0, -'-12345678.js'.length)).sort()).toEqual([
      'zxcvbn-ar',
      'zxcvbn-common',
      'zxcvbn-de',
      'zxcvbn-en',
      'zxcvbn-es-es',
      'zxcvbn-fr',
      'zxcvbn-pt-br',
    ])
    for (const file of [...worker, ...lists]) {
      expect(sw, file).toContain(`"assets/${file}"`)
      expect(Buffer.byteLength(read(`assets/${file}`)), file).toBeLessThan(2 * 1024 * 1024)
    }
  })
})
