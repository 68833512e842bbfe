// Draws the app icons (a soft glowing orb rising over a horizon on the night colour) as PNG files in
// public/icons. Pure pixel maths and zlib, so the icons are ours and need no image tool to rebuild.
import { writeFileSync, mkdirSync } from 'node:fs'
import { deflateSync } from 'node:zlib'

const BG = [0x14, 0x12, 0x1f]
const ORB_IN = [0xd9, 0xcf, 0xff]
const ORB_OUT = [0x5b, 0x4a, 0xa8]
const LINE = [0xb8, 0xa6, 0xf0]

const mix = (a, b, t) => a.map((v, i) => Math.round(v + (b[i] - v) * t))
const clamp = (x) => Math.max(0, Math.min(1, x))

/** Colour of the icon at (u, v) in [0,1]²; `safe` shrinks the art into the maskable safe zone. */
function colourAt(u, v, safe) {
  const s = safe ? 0.62 : 0.86
  const x = (u - 0.5) / s + 0.5
  const y = (v - 0.5) / s + 0.5
  let c = mix(BG, [0x24, 0x1f, 0x3a], clamp(1 - y))
  const d = Math.hypot(x - 0.5, y - 0.44)
  const glow = clamp(1 - d / 0.42) ** 2 * 0.35
  c = mix(c, ORB_OUT, glow)
  const r = 0.22
  if (d < r + 0.01) {
    const orb = mix(ORB_IN, ORB_OUT, clamp(Math.hypot(x - 0.45, y - 0.38) / (r * 1.4)))
    c = mix(c, orb, clamp((r + 0.01 - d) / 0.01))
  }
  const arc = 0.78 - 0.08 * Math.cos((x - 0.5) * Math.PI)
  const dl = Math.abs(y - arc)
  if (x > 0.18 && x < 0.82 && dl < 0.022) c = mix(c, LINE, clamp((0.022 - dl) / 0.008) * 0.8)
  return c
}

function crc32(buf) {
  let c = ~0
  for (const b of buf) {
    c ^= b
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1
  }
  return ~c >>> 0
}

function chunk(type, data) {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const td = Buffer.concat([Buffer.from(type), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(td))
  return Buffer.concat([len, td, crc])
}

/** Paeth predictor (PNG filter type 4). */
function paeth(a, b, c) {
  const p = a + b - c
  const pa = Math.abs(p - a)
  const pb = Math.abs(p - b)
  const pc = Math.abs(p - c)
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
}

/**
 * Filters each row of unfiltered scanlines (filter byte 0, 4 bytes a pixel) with the PNG filter that
 * leaves the smallest sum of absolute values, the usual heuristic: the icons' smooth gradients then
 * compress to a fraction of their unfiltered size (the install icon is fetched as the page loads).
 */
function filterRows(raw, size) {
  const stride = size * 4
  const out = Buffer.alloc(raw.length)
  const row = (y) => raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1))
  const zero = Buffer.alloc(stride)
  for (let y = 0; y < size; y++) {
    const cur = row(y)
    const up = y > 0 ? row(y - 1) : zero
    let best = null
    let bestScore = Infinity
    for (let type = 0; type < 5; type++) {
      const line = Buffer.alloc(stride + 1)
      line[0] = type
      let score = 0
      for (let i = 0; i < stride; i++) {
        const a = i >= 4 ? cur[i - 4] : 0
        const b = up[i]
        const c = i >= 4 ? up[i - 4] : 0
        const predicted = [0, a, b, (a + b) >> 1, paeth(a, b, c)][type]
        const value = (cur[i] - predicted) & 0xff
        line[i + 1] = value
        score += value < 128 ? value : 256 - value
      }
      if (score < bestScore) [best, bestScore] = [line, score]
    }
    best.copy(out, y * (stride + 1))
  }
  return out
}

/**
 * The shortcuts' icons (the manifest's `shortcuts`), on the app's night colour: the writer's three
 * lines of words, The Void's orb alone in its glow, and Return to Yourself's crescent turned back.
 */
const SHORTCUT_ART = {
  write: (x, y) => {
    for (const [row, length] of [
      [0.34, 0.62],
      [0.5, 0.62],
      [0.66, 0.4],
    ]) {
      const dx = Math.max(0.19 - x, x - (0.19 + length), 0)
      const d = Math.hypot(dx, y - row)
      if (d < 0.05) return clamp((0.05 - d) / 0.02)
    }
    return 0
  },
  void: (x, y) => clamp((0.24 - Math.hypot(x - 0.5, y - 0.5)) / 0.02),
  return: (x, y) => {
    const outer = clamp((0.28 - Math.hypot(x - 0.5, y - 0.5)) / 0.02)
    const inner = clamp((0.24 - Math.hypot(x - 0.6, y - 0.44)) / 0.02)
    return outer * (1 - inner)
  },
}

function shortcutColourAt(kind) {
  return (u, v) => {
    let c = mix(BG, [0x24, 0x1f, 0x3a], clamp(1 - v))
    const glow = clamp(1 - Math.hypot(u - 0.5, v - 0.5) / 0.5) ** 2 * 0.3
    c = mix(c, ORB_OUT, glow)
    const ink = SHORTCUT_ART[kind](u, v)
    return mix(c, mix(ORB_IN, LINE, clamp(v)), ink)
  }
}

function png(size, safe, rounded, colour = (u, v) => colourAt(u, v, safe)) {
  const raw = Buffer.alloc(size * (size * 4 + 1))
  const ss = 3
  for (let py = 0; py < size; py++) {
    raw[py * (size * 4 + 1)] = 0
    for (let px = 0; px < size; px++) {
      let acc = [0, 0, 0]
      for (let sy = 0; sy < ss; sy++)
        for (let sx = 0; sx < ss; sx++) {
          const c = colour((px + (sx + 0.5) / ss) / size, (py + (sy + 0.5) / ss) / size)
          acc = acc.map((v, i) => v + c[i])
        }
      const o = py * (size * 4 + 1) + 1 + px * 4
      acc.forEach((v, i) => (raw[o + i] = Math.round(v / (ss * ss))))
      let alpha = 255
      if (rounded) {
        const rr = size * 0.22
        const cx = Math.min(Math.max(px + 0.5, rr), size - rr)
        const cy = Math.min(Math.max(py + 0.5, rr), size - rr)
        alpha = Math.round(255 * clamp(rr - Math.hypot(px + 0.5 - cx, py + 0.5 - cy) + 0.5))
      }
      raw[o + 3] = alpha
    }
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(size, 0)
  ihdr.writeUInt32BE(size, 4)
  ihdr[8] = 8
  ihdr[9] = 6
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([
    sig,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(filterRows(raw, size), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

mkdirSync('public/icons', { recursive: true })
writeFileSync('public/icons/icon-192.png', png(192, false, true))
writeFileSync('public/icons/icon-512.png', png(512, false, true))
writeFileSync('public/icons/icon-maskable-512.png', png(512, true, false))
writeFileSync('public/icons/apple-touch-icon.png', png(180, false, false))
// The page's icon: a PNG is decoded off to the side, an SVG icon is a whole document the browser
// builds on the page's main thread (5-10 ms, traced), just as the first screen is being painted.
writeFileSync('public/icons/favicon-32.png', png(32, false, true))
for (const kind of Object.keys(SHORTCUT_ART))
  writeFileSync(
    `public/icons/shortcut-${kind}-96.png`,
    png(96, false, true, shortcutColourAt(kind)),
  )
console.log('icons written to public/icons')
