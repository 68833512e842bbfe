/**
 * A smaller PNG with the same pixels, on Node's zlib alone (no optimiser to install). Chromium
 * writes its screenshots for speed: every row filtered and a quick deflate. The app's screens are
 * flat areas and text, which deflate finds best unfiltered, so each row is written both unfiltered
 * and with the filter guessed best for it, at zlib's highest level, and the smaller kept. Only
 * 8-bit truecolour images without interlacing, the kind Chromium writes, are read; the copy keeps
 * IHDR, IDAT and IEND and drops the rest.
 */
import { crc32, deflateSync, inflateSync } from 'node:zlib'

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])

/** An image's pixels: rows of `channels` bytes a pixel (3: RGB, 4: RGBA), no filter bytes. */
export interface Pixels {
  width: number
  height: number
  channels: 3 | 4
  data: Buffer
}

interface Chunk {
  type: string
  data: Buffer
}

function chunksOf(png: Buffer): Chunk[] {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error('Not a PNG.')
  const chunks: Chunk[] = []
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at)
    chunks.push({
      type: png.toString('latin1', at + 4, at + 8),
      data: png.subarray(at + 8, at + 8 + length),
    })
    at += 12 + length
  }
  return chunks
}

/** The predictor of PNG filter `filter` for a byte with `left`, `up` and `upLeft` neighbours. */
function predict(filter: number, left: number, up: number, upLeft: number): number {
  switch (filter) {
    case 0:
      return 0
    case 1:
      return left
    case 2:
      return up
    case 3:
      return (left + up) >> 1
    case 4: {
      const p = left + up - upLeft
      const pa = Math.abs(p - left)
      const pb = Math.abs(p - up)
      const pc = Math.abs(p - upLeft)
      return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft
    }
    default:
      throw new Error(`Unknown PNG filter ${filter}.`)
  }
}

/** The pixels of an 8-bit RGB or RGBA PNG without interlacing. */
export function decodePng(png: Buffer): Pixels {
  const chunks = chunksOf(png)
  const header = chunks[0]
  if (header?.type !== 'IHDR') throw new Error('The PNG does not start with IHDR.')
  const width = header.data.readUInt32BE(0)
  const height = header.data.readUInt32BE(4)
  const [depth, colourType, , , interlace] = header.data.subarray(8, 13)
  if (depth !== 8 || (colourType !== 2 && colourType !== 6) || interlace !== 0)
    throw new Error('Only 8-bit RGB or RGBA PNGs without interlacing are read.')
  const channels = colourType === 6 ? 4 : 3
  const stride = width * channels
  const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)))
  const data = Buffer.alloc(height * stride)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!
    const row = y * (stride + 1) + 1
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? data[y * stride + x - channels]! : 0
      const up = y > 0 ? data[(y - 1) * stride + x]! : 0
      const upLeft = x >= channels && y > 0 ? data[(y - 1) * stride + x - channels]! : 0
      data[y * stride + x] = (raw[row + x]! + predict(filter, left, up, upLeft)) & 255
    }
  }
  return { width, height, channels, data }
}

/** The rows with filter bytes: every row unfiltered, or each with its minimum-sum filter. */
function filtered({ width, height, channels, data }: Pixels, adaptive: boolean): Buffer {
  const stride = width * channels
  const out = Buffer.alloc(height * (stride + 1))
  const candidate = Buffer.alloc(stride)
  for (let y = 0; y < height; y++) {
    const at = y * (stride + 1)
    data.copy(out, at + 1, y * stride, (y + 1) * stride)
    if (!adaptive) continue
    let bestSum = Infinity
    for (let filter = 0; filter < 5; filter++) {
      let sum = 0
      for (let x = 0; x < stride; x++) {
        const left = x >= channels ? data[y * stride + x - channels]! : 0
        const up = y > 0 ? data[(y - 1) * stride + x]! : 0
        const upLeft = x >= channels && y > 0 ? data[(y - 1) * stride + x - channels]! : 0
        const byte = (data[y * stride + x]! - predict(filter, left, up, upLeft)) & 255
        candidate[x] = byte
        sum += byte < 128 ? byte : 256 - byte
      }
      if (sum < bestSum) {
        bestSum = sum
        out[at] = filter
        candidate.copy(out, at + 1)
      }
    }
  }
  return out
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

/** `png` again with the same pixels, as small as this module makes it (never larger than given). */
export function recompressPng(png: Buffer): Buffer {
  const pixels = decodePng(png)
  const header = chunksOf(png)[0]!.data
  const deflate = (rows: Buffer) => deflateSync(rows, { level: 9, memLevel: 9 })
  const plain = deflate(filtered(pixels, false))
  const adaptive = deflate(filtered(pixels, true))
  const smaller = Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', plain.length <= adaptive.length ? plain : adaptive),
    chunk('IEND', Buffer.alloc(0)),
  ])
  return smaller.length < png.length ? smaller : png
}
