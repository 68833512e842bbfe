/** Checks the production build in dist/: the service worker exists and precaches the shell. */
import { existsSync, readFileSync } from 'node:fs'
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
    // The help screen is its own chunk, precached so it opens offline (PRODUCT.md 17).
    expect(sw).toMatch(/"assets\/help-screen-[\w-]+\.js"/)
    expect(sw).toMatch(/"assets\/help-screen-[\w-]+\.css"/)
  })

  it('links the manifest from index.html and emits it from manifest.webmanifest', () => {
    expect(read('index.html')).toContain('<link rel="manifest" href="/manifest.webmanifest"')
    const source = JSON.parse(
      readFileSync(new URL('../../manifest.webmanifest', import.meta.url), 'utf8'),
    )
    const built = JSON.parse(read('manifest.webmanifest'))
    expect(built.name).toBe('Unburden')
    expect(built.display).toBe('standalone')
    expect(built.icons).toEqual(source.icons)
  })

  it('serves a real robots.txt', () => {
    expect(read('robots.txt')).toContain('User-agent: *')
  })
})
