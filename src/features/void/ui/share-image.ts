/**
 * Draws a thought's share image on a canvas, in the browser: Square 1080×1080 or Story 1080×1920, a
 * dark gradient, the text wrapped inside 80 px side margins, the site's host as footer; Story adds an
 * invitation to say something back. Where the text goes is decided by the pure `layoutShareText`; this
 * module only draws. It leaves User Timing measures (`unburden:share-image:draw`, `…:png`) that the
 * bench reads.
 */
import { layoutShareText, type ShareTextLayout } from '../model/share-text-layout'
import { currentLanguage, directionOf, translator } from '../../../i18n/i18n'
import { VOID_MESSAGES } from '../../../i18n/messages/void'

const t = translator(VOID_MESSAGES)

/** The two images. */
export type ShareImageKind = 'square' | 'story'

/** Size and file name of each image. */
export const SHARE_IMAGES = {
  square: { width: 1080, height: 1080, fileName: 'void-entry-square.png' },
  story: { width: 1080, height: 1920, fileName: 'void-entry-story.png' },
} as const satisfies Record<ShareImageKind, { width: number; height: number; fileName: string }>

/** Left and right margin around the text, in pixels. */
export const SIDE_MARGIN = 80

/** Font sizes the text may take, in pixels: it shrinks to the minimum, then ends with an ellipsis. */
export const MAX_FONT_SIZE = 72
export const MIN_FONT_SIZE = 28
const LINE_HEIGHT = 1.4

const FONT_FAMILY =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"

/** Where the thought's box sits, and where the label and footer go. */
const FRAMES = {
  square: { labelY: 120, boxTop: 190, boxBottom: 920, footerY: 1010 },
  story: { labelY: 280, boxTop: 380, boxBottom: 1520, footerY: 1800 },
} as const

function fontFor(size: number, weight = 400): string {
  return `${weight} ${size}px ${FONT_FAMILY}`
}

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D

function paintGradient(context: Context2D, width: number, height: number) {
  const gradient = context.createLinearGradient(0, 0, width * 0.35, height)
  gradient.addColorStop(0, '#2b2247')
  gradient.addColorStop(0.55, '#15121f')
  gradient.addColorStop(1, '#07060c')
  context.fillStyle = gradient
  context.fillRect(0, 0, width, height)
  const glow = context.createRadialGradient(width / 2, 0, 0, width / 2, 0, width)
  glow.addColorStop(0, 'rgba(184, 166, 240, 0.22)')
  glow.addColorStop(1, 'rgba(184, 166, 240, 0)')
  context.fillStyle = glow
  context.fillRect(0, 0, width, height)
}

/**
 * The dark gradient, painted small and stretched: a gradient painted at full size is dithered, and
 * that noise makes the PNG about three times larger and slower to encode.
 */
function paintBackground(context: Context2D, width: number, height: number) {
  const scale = 20
  const small =
    typeof OffscreenCanvas === 'function'
      ? new OffscreenCanvas(width / scale, height / scale)
      : Object.assign(document.createElement('canvas'), {
          width: width / scale,
          height: height / scale,
        })
  const smallContext = small.getContext('2d') as Context2D | null
  if (!smallContext) {
    paintGradient(context, width, height)
    return
  }
  paintGradient(smallContext, width / scale, height / scale)
  context.imageSmoothingEnabled = true
  context.imageSmoothingQuality = 'high'
  context.drawImage(small, 0, 0, width, height)
}

function paintText(
  context: Context2D,
  layout: ShareTextLayout,
  width: number,
  boxTop: number,
  boxHeight: number,
  direction: 'ltr' | 'rtl',
) {
  const maxWidth = width - 2 * SIDE_MARGIN
  const blockHeight = layout.lines.length * layout.lineHeightPx
  const top = boxTop + Math.max(0, (boxHeight - blockHeight) / 2)
  context.font = fontFor(layout.fontSize)
  context.fillStyle = '#ece9f5'
  // In a right-to-left language the thought is set from the right margin, as its readers read; in
  // the others it stays centred. Each line keeps its own paragraph's direction for its letters.
  context.textAlign = direction === 'rtl' ? 'right' : 'center'
  const x = direction === 'rtl' ? width - SIDE_MARGIN : width / 2
  context.textBaseline = 'middle'
  layout.lines.forEach((line, index) => {
    context.direction = line.rtl ? 'rtl' : 'ltr'
    // maxWidth is a safety net: the layout already fits, within the measurer's rounding.
    context.fillText(line.text, x, top + layout.lineHeightPx * (index + 0.5), maxWidth)
  })
  context.direction = 'ltr'
}

/**
 * Draws the `kind` image of `text` on `canvas` (resized to fit), with `host` as its footer; its words
 * (label, invitation) in the app's language, set right to left when `direction` says so.
 */
export function drawShareImage(
  canvas: HTMLCanvasElement | OffscreenCanvas,
  kind: ShareImageKind,
  text: string,
  host: string,
  direction: 'ltr' | 'rtl' = directionOf(currentLanguage()),
): ShareTextLayout {
  const { width, height } = SHARE_IMAGES[kind]
  const frame = FRAMES[kind]
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d') as Context2D | null
  if (!context) throw new Error('This browser cannot draw images')
  paintBackground(context, width, height)

  let currentFont = ''
  const measure = (piece: string, fontSize: number) => {
    const font = fontFor(fontSize)
    if (font !== currentFont) {
      context.font = font
      currentFont = font
    }
    return context.measureText(piece).width
  }
  const boxHeight = frame.boxBottom - frame.boxTop
  const layout = layoutShareText({
    text,
    maxWidth: width - 2 * SIDE_MARGIN,
    maxHeight: boxHeight,
    measure,
    maxFontSize: MAX_FONT_SIZE,
    minFontSize: MIN_FONT_SIZE,
    lineHeight: LINE_HEIGHT,
  })

  context.textAlign = 'center'
  context.textBaseline = 'middle'
  context.fillStyle = '#b8a6f0'
  context.font = fontFor(30, 600)
  context.direction = direction
  context.fillText(t('image.label'), width / 2, frame.labelY)

  paintText(context, layout, width, frame.boxTop, boxHeight, direction)

  context.textAlign = 'center'
  context.textBaseline = 'middle'
  context.direction = direction
  if (kind === 'story') {
    context.fillStyle = '#d9cfff'
    context.font = fontFor(44, 500)
    context.fillText(t('image.invitation'), width / 2, frame.footerY - 140, width - 2 * SIDE_MARGIN)
    context.fillStyle = '#b4adc9'
    context.font = fontFor(32)
    context.fillText(t('image.writeYours'), width / 2, frame.footerY - 80, width - 2 * SIDE_MARGIN)
  }
  context.fillStyle = '#b4adc9'
  context.font = fontFor(34, 500)
  // The address reads left to right in every language.
  context.direction = 'ltr'
  context.fillText(host, width / 2, frame.footerY, width - 2 * SIDE_MARGIN)
  return layout
}

function toPng(canvas: HTMLCanvasElement | OffscreenCanvas): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/png' })
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded'))),
      'image/png',
    ),
  )
}

/**
 * Makes the `kind` PNG of `text` with `host` as its footer. An OffscreenCanvas is used where there is
 * one: Chromium's `HTMLCanvasElement.toBlob` waits for an idle period (up to a second) before encoding.
 */
export async function renderShareImage(
  kind: ShareImageKind,
  text: string,
  host: string,
): Promise<Blob> {
  const start = performance.now()
  const canvas =
    typeof OffscreenCanvas === 'function'
      ? new OffscreenCanvas(1, 1)
      : document.createElement('canvas')
  drawShareImage(canvas, kind, text, host)
  const drawn = performance.now()
  performance.measure('unburden:share-image:draw', { start, end: drawn })
  const blob = await toPng(canvas)
  performance.measure('unburden:share-image:png', { start: drawn, end: performance.now() })
  return blob
}
