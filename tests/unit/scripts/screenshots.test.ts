/**
 * The web manifest's screenshots (`npm run screenshots`, scripts/screenshots.ts): every file the
 * list in src/i18n/manifest-screenshots.ts names is in public/, a PNG of the size it declares, and
 * nothing else is there; each size is one Chromium's install dialog shows; each language labels
 * its own. And the recompression the script applies keeps every pixel.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '../../../src/i18n/i18n'
import {
  SCREENSHOTS,
  SCREENSHOT_LABELS,
  manifestScreenshots,
} from '../../../src/i18n/manifest-screenshots'
import { decodePng, recompressPng } from '../../../scripts/png-recompress'

const PUBLIC = resolve(__dirname, '../../../public')
const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])

/** Width and height from a PNG's IHDR chunk, the first after the signature. */
function ihdrSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(SIGNATURE)
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

/** Whether every chunk's CRC matches its type and data (what a decoder checks first). */
function chunksIntact(bytes: Buffer): boolean {
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at)
    const crc = bytes.readUInt32BE(at + 8 + length)
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== crc) return false
    at += 12 + length
  }
  return true
}

describe('the manifest screenshots', () => {
  it('are two screens, narrow and wide, in every language', () => {
    expect(SCREENSHOTS).toHaveLength(LANGUAGES.length * 4)
    for (const language of LANGUAGES) {
      const names = manifestScreenshots(language).map((shot) => shot.src)
      expect(names).toEqual(
        ['writer-narrow', 'writer-wide', 'void-narrow', 'void-wide'].map(
          (name) => `/screenshots/${language}-${name}.png`,
        ),
      )
    }
  })

  it('are each a PNG of the size the list declares, and the folder holds nothing else', () => {
    for (const shot of SCREENSHOTS) {
      const bytes = readFileSync(join(PUBLIC, shot.src))
      expect(ihdrSize(bytes), shot.src).toEqual({ width: shot.width, height: shot.height })
      expect(chunksIntact(bytes), shot.src).toBe(true)
      expect(shot.sizes).toBe(`${shot.width}x${shot.height}`)
      expect(shot.type).toBe('image/png')
    }
    expect(readdirSync(join(PUBLIC, 'screenshots')).sort()).toEqual(
      SCREENSHOTS.map((shot) => shot.src.replace('/screenshots/', '')).sort(),
    )
  })

  it('have sizes the install dialog shows: each side 320 to 3840 px, the longer at most 2.3 times the shorter', () => {
    for (const { width, height, form_factor, src } of SCREENSHOTS) {
      for (const side of [width, height]) {
        expect(side, src).toBeGreaterThanOrEqual(320)
        expect(side, src).toBeLessThanOrEqual(3840)
      }
      expect(Math.max(width, height) / Math.min(width, height), src).toBeLessThanOrEqual(2.3)
      expect(form_factor === 'narrow' ? height > width : width > height, src).toBe(true)
    }
  })

  it("are labelled in their own language, each language's labels its own words", () => {
    for (const language of LANGUAGES) {
      const labels = manifestScreenshots(language).map((shot) => shot.label)
      expect(labels.every((label) => label.trim().length > 0)).toBe(true)
      expect(labels).toEqual([
        SCREENSHOT_LABELS[language].writer,
        SCREENSHOT_LABELS[language].writer,
        SCREENSHOT_LABELS[language].void,
        SCREENSHOT_LABELS[language].void,
      ])
      if (language !== 'en') expect(SCREENSHOT_LABELS[language]).not.toEqual(SCREENSHOT_LABELS.en)
    }
  })
})

describe('recompressPng', () => {
  /** An RGB PNG as Chromium writes one: each row with the Sub filter, a quick deflate. */
  function subFilteredPng(
    width: number,
    height: number,
    pixel: (x: number, y: number) => number[],
  ) {
    const rows = Buffer.alloc(height * (width * 3 + 1))
    for (let y = 0; y < height; y++) {
      const at = y * (width * 3 + 1)
      rows[at] = 1
      let left = [0, 0, 0]
      for (let x = 0; x < width; x++) {
        const rgb = pixel(x, y)
        for (let c = 0; c < 3; c++) rows[at + 1 + x * 3 + c] = (rgb[c]! - left[c]!) & 255
        left = rgb
      }
    }
    const chunk = (type: string, data: Buffer) => {
      const head = Buffer.alloc(8)
      head.writeUInt32BE(data.length)
      head.write(type, 4, 'latin1')
      return Buffer.concat([head, data, Buffer.alloc(4)])
    }
    const header = Buffer.alloc(13)
    header.writeUInt32BE(width, 0)
    header.writeUInt32BE(height, 4)
    header.set([8, 2, 0, 0, 0], 8)
    return Buffer.concat([
      SIGNATURE,
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows, { level: 1 })),
      chunk('IEND', Buffer.alloc(0)),
    ])
  }

  it('keeps every pixel and makes a flat screen with text smaller', () => {
    // A dark background with a few lighter marks, like a screen of text.
    const png = subFilteredPng(320, 200, (x, y) =>
      (x * 7 + y * 13) % 97 < 3 ? [220, 215, 240] : [24, 22, 38 + (y >> 4)],
    )
    const smaller = recompressPng(png)
    expect(smaller.length).toBeLessThan(png.length)
    expect(decodePng(smaller)).toEqual(decodePng(png))
    expect(ihdrSize(smaller)).toEqual({ width: 320, height: 200 })
    expect(chunksIntact(smaller)).toBe(true)
  })
})
