/**
 * The wall's hooks: which chunks are near the screen, how the rows are cut into chunks, whether
 * the wall's end is near, and how many rows are rendered so far (a slice a frame). The view is
 * ./void-wall.tsx.
 */
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import type { VoidThought } from '../../../shared/void-rest'

/** Cards per chunk of the wall. */
export const CHUNK_SIZE = 25
/** A chunk further than this from the viewport is swapped for its height. */
const KEEP_MARGIN = '1500px 0px'
/** The next page is asked for when the end is this close. */
const LOAD_MARGIN = '0px 0px 1500px 0px'
/**
 * Delay of the first card, then between cards of the first screenful (docs/product.md,
 * specification 9).
 */
export const FIRST_REVEAL_MS = 100
export const STAGGER_MS = 150
/** Cards of the first slice; each later one is sized from the time the last one took. */
export const SLICE_SIZE = 2
/**
 * A later slice is sized to take about this long to render, in ms, grows at most twofold from one
 * slice to the next and holds at most 4 cards. The render is only part of a slice's cost: the frame
 * that paints it restyles, lays out and paints its cards, and on a slow phone a frame with many new
 * cards is a long task while a reader scrolls; with 4 it is not (`bench -- void-cards`,
 * docs/perf-log.md).
 */
const SLICE_BUDGET_MS = 4
const MAX_SLICE_SIZE = 4

export type Observe = (element: Element, onChange: (near: boolean) => void) => () => void

/** One IntersectionObserver shared by every chunk of the wall. */
export function useNearViewport(): Observe {
  const shared = useRef<{
    observer: IntersectionObserver
    listeners: Map<Element, (near: boolean) => void>
  } | null>(null)
  useEffect(
    () => () => {
      shared.current?.observer.disconnect()
      shared.current = null
    },
    [],
  )
  return useCallback((element, onChange) => {
    if (typeof IntersectionObserver === 'undefined') return () => {}
    if (!shared.current) {
      const listeners = new Map<Element, (near: boolean) => void>()
      const observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) listeners.get(entry.target)?.(entry.isIntersecting)
        },
        { rootMargin: KEEP_MARGIN },
      )
      shared.current = { observer, listeners }
    }
    const { observer, listeners } = shared.current
    listeners.set(element, onChange)
    observer.observe(element)
    return () => {
      observer.unobserve(element)
      listeners.delete(element)
    }
  }, [])
}

export interface Chunk {
  /** Its place counted from the first page's first row: negative for revealed rows above it. */
  key: number
  thoughts: VoidThought[]
}

/**
 * `thoughts` cut into chunks, counted from the first page's first row (the `revealed` rows before it
 * are chunked upwards from it), so revealing new thoughts at the top never moves an older card to
 * another chunk. A chunk whose rows did not change keeps its array, so appending a page or revealing
 * new thoughts re-renders only the chunks it touches.
 */
export function useChunks(thoughts: VoidThought[], revealed: number): Chunk[] {
  const previous = useRef(new Map<number, VoidThought[]>())
  return useMemo(() => {
    const chunks: Chunk[] = []
    const head = Math.min(revealed, thoughts.length)
    const bounds: [number, number, number][] = []
    for (let end = head, key = -1; end > 0; end -= CHUNK_SIZE, key--) {
      bounds.unshift([key, Math.max(0, end - CHUNK_SIZE), end])
    }
    for (let start = head, key = 0; start < thoughts.length; start += CHUNK_SIZE, key++) {
      bounds.push([key, start, Math.min(thoughts.length, start + CHUNK_SIZE)])
    }
    const kept = new Map<number, VoidThought[]>()
    for (const [key, start, end] of bounds) {
      const old = previous.current.get(key)
      const same =
        old !== undefined &&
        old.length === end - start &&
        old.every((thought, offset) => thought === thoughts[start + offset])
      const rows = same ? old : thoughts.slice(start, end)
      kept.set(key, rows)
      chunks.push({ key, thoughts: rows })
    }
    previous.current = kept
    return chunks
  }, [thoughts, revealed])
}

/** Runs `run` in a task of its own after the next frame (or after 100 ms when no frame comes, as in a
 * hidden tab); returns the cancel. */
export function afterNextFrame(run: () => void): () => void {
  let done = false
  const go = () => {
    if (done) return
    done = true
    run()
  }
  const frame = requestAnimationFrame(() => setTimeout(go, 0))
  const fallback = setTimeout(go, 100)
  return () => {
    done = true
    cancelAnimationFrame(frame)
    clearTimeout(fallback)
  }
}

/**
 * Whether the wall's end is within `LOAD_MARGIN` below the screen (always, where the browser has no
 * IntersectionObserver). Not while the page is hidden: the browser sends an observer no report then,
 * so a `near` kept from before would let slices and pages come on and on unseen (only the first slice
 * comes without it); shown again, the end is observed afresh, which always brings a first report.
 */
export function useEndNear(endRef: RefObject<HTMLDivElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const end = endRef.current
    if (!end || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        const latest = entries.at(-1)
        if (latest) setNear(latest.isIntersecting && document.visibilityState !== 'hidden')
      },
      { rootMargin: LOAD_MARGIN },
    )
    observer.observe(end)
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') return setNear(false)
      observer.unobserve(end)
      observer.observe(end)
    }
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      document.removeEventListener('visibilitychange', onVisibility)
      observer.disconnect()
    }
  }, [endRef])
  return near
}

/**
 * How many of the rows below the revealed ones are rendered: none in the wall's first commit, then a
 * slice a frame until all are in (the first right after the first frame, the end being at the empty
 * wall's top; later ones while the wall's end is `near` the screen). Rows far below wait until the
 * reader scrolls toward them: a page of 50 is mostly below the screen, and rendering it all at once
 * cost the main thread most of the start. Each later slice is sized from the time the last
 * one took, so a slow device gets smaller slices.
 *
 * None in the first commit: on a slow phone the screen's first layout is a long task even with one
 * card, and with the first screenful's cards in the same commit it is one far longer
 * (docs/perf-log.md). The first slice is small (the cards' code runs for the first time in it) and the
 * cards fade in from 100 ms after they come, so one that comes a frame after the screen looks the
 * same.
 */
export function useSlices(total: number, near: boolean) {
  const [rendered, setRendered] = useState(0)
  const slice = useRef(SLICE_SIZE)
  const settled = rendered >= total
  useEffect(() => {
    if (settled || (!near && rendered > 0)) return
    return afterNextFrame(() => {
      const startedAt = performance.now()
      // Rendered and committed in this task, so its time is the slice's own.
      flushSync(() => setRendered((count) => Math.min(total, count + slice.current)))
      const took = Math.max(1, performance.now() - startedAt)
      slice.current = Math.min(
        MAX_SLICE_SIZE,
        slice.current * 2,
        Math.max(1, Math.round((slice.current * SLICE_BUDGET_MS) / took)),
      )
    })
  }, [rendered, settled, total, near])
  return { rendered: Math.min(rendered, total), settled }
}
