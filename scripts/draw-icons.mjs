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

function png(size, safe, rounded) {
  const raw = Buffer.alloc(size * (size * 4 + 1))
  const ss = 3
  for (let py = 0; py < size; py++) {
    raw[py * (size * 4 + 1)] = 0
    for (let px = 0; px < size; px++) {
      let acc = [0, 0, 0]
      for (let sy = 0; sy < ss; sy++)
        for (let sx = 0; sx < ss; sx++) {
          const c = colourAt((px + (sx + 0.5) / ss) / size, (py + (sy + 0.5) / ss) / size, safe)
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
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

mkdirSync('public/icons', { recursive: true })
writeFileSync('public/icons/icon-192.png', png(192, false, true))
writeFileSync('public/icons/icon-512.png', png(512, false, true))
writeFileSync('public/icons/icon-maskable-512.png', png(512, true, false))
writeFileSync('public/icons/apple-touch-icon.png', png(180, false, false))
console.log('icons written to public/icons')
