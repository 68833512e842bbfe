/**
 * The web manifest of every language in dist/: what the installed app offers on a long press of its
 * icon (shortcuts), in the share sheet (share target) and in the richer install dialog
 * (screenshots), each in that language, with every file it names built and of the size it says.
 */
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { LANGUAGES, LOCALE_LOADERS, directionOf, type Language } from '../../src/i18n/i18n'
import { APP_MESSAGES } from '../../src/i18n/messages/app'
import { manifestHref } from '../../src/i18n/manifest-href'
import { SCREENSHOT_LABELS } from '../../src/i18n/manifest-screenshots'
import { MANIFEST_WORDS } from '../../src/i18n/manifest-words'

const dist = (file: string) => new URL(`../../dist/${file.replace(/^\//, '')}`, import.meta.url)
const read = (file: string) => readFileSync(dist(file), 'utf8')

interface Icon {
  src: string
  sizes: string
  type: string
}
interface Manifest {
  lang: string
  dir?: string
  start_url: string
  scope: string
  shortcuts: { name: string; url: string; icons: Icon[] }[]
  share_target: {
    action: string
    method: string
    enctype: string
    params: Record<string, string>
  }
  screenshots: (Icon & { form_factor: string; label: string })[]
}

/** A PNG's width and height, from its header. */
function pngSize(file: string): [number, number] {
  const png = readFileSync(dist(file))
  expect(png.subarray(1, 4).toString(), file).toBe('PNG')
  return [png.readUInt32BE(16), png.readUInt32BE(20)]
}

/** The names a language's shortcuts must have: Write, then its links' names for the two screens. */
async function shortcutNames(language: Language): Promise<string[]> {
  if (language === 'en') return ['Write', APP_MESSAGES['nav.void'], APP_MESSAGES['nav.return']]
  const { default: messages } = await LOCALE_LOADERS[language]()
  return [MANIFEST_WORDS[language].write, messages['nav.void'], messages['nav.return']] as string[]
}

describe.each(LANGUAGES)('the manifest in %s', (language) => {
  const manifest = JSON.parse(read(manifestHref(language))) as Manifest

  it('speaks its language', () => {
    expect(manifest.lang).toBe(language)
    if (language !== 'en') expect(manifest.dir).toBe(directionOf(language))
  })

  it('has shortcuts to Write, The Void and Return to Yourself, named in its language, with icons', async () => {
    expect(manifest.shortcuts.map((shortcut) => shortcut.url)).toEqual(['/', '/void', '/return'])
    expect(manifest.shortcuts.map((shortcut) => shortcut.name)).toEqual(
      await shortcutNames(language),
    )
    const sw = read('sw.js')
    for (const { icons } of manifest.shortcuts) {
      expect(icons.length).toBeGreaterThan(0)
      for (const icon of icons) {
        expect(icon.type).toBe('image/png')
        expect(pngSize(icon.src).join('x')).toBe(icon.sizes)
        // On the home screen the icons show offline too.
        expect(sw).toContain(`"${icon.src.slice(1)}"`)
      }
    }
  })

  it('is a share target answered by the service worker: a POST, the text in its body', () => {
    expect(manifest.share_target).toEqual({
      action: '/share-target',
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { title: 'title', text: 'text', url: 'url' },
    })
    // Within the worker's scope, so the worker answers it, offline too.
    expect(manifest.share_target.action.startsWith(manifest.scope)).toBe(true)
  })

  it('shows the writer and The Void, narrow and wide, labelled in its language, not precached', () => {
    const shots = manifest.screenshots
    expect(shots.map((shot) => shot.form_factor).sort()).toEqual([
      'narrow',
      'narrow',
      'wide',
      'wide',
    ])
    expect(shots.map((shot) => shot.label).sort()).toEqual(
      [
        SCREENSHOT_LABELS[language].writer,
        SCREENSHOT_LABELS[language].writer,
        SCREENSHOT_LABELS[language].void,
        SCREENSHOT_LABELS[language].void,
      ].sort(),
    )
    const sw = read('sw.js')
    for (const shot of shots) {
      expect(shot.src).toMatch(new RegExp(`^/screenshots/${language}-(writer|void)-`))
      expect(existsSync(dist(shot.src)), shot.src).toBe(true)
      const [width, height] = pngSize(shot.src)
      expect(`${width}x${height}`).toBe(shot.sizes)
      // Chromium's install dialog takes sides of 320 to 3840 px, the longer at most 2.3 times the
      // shorter; narrow is portrait, wide landscape.
      expect(Math.min(width, height)).toBeGreaterThanOrEqual(320)
      expect(Math.max(width, height)).toBeLessThanOrEqual(3840)
      expect(Math.max(width, height) / Math.min(width, height)).toBeLessThanOrEqual(2.3)
      expect(shot.form_factor === 'wide').toBe(width > height)
      expect(sw).not.toContain(shot.src.slice(1))
    }
  })
})
