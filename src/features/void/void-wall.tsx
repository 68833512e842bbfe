/**
 * The wall of cards, kept light however long it grows: cards are grouped in chunks, and a chunk far
 * from the viewport is swapped for an empty block of its measured height, so the page holds only the
 * cards near the screen (bounded DOM; bench/suites/void-long-wall.ts measures it) while the scroll
 * height and position stay true. The next page is asked for as the visitor nears the end.
 *
 * The first screenful fades in one card after another (first after 100 ms, then 150 ms apart); later
 * cards fade in without a cascade; a chunk shown again does not animate. Reduced motion: no animation
 * (void.css).
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { VoidThought } from '../../shared/void-rest'
import { VoidCard, type CardEntrance } from './void-card'

/** Cards per chunk of the wall. */
export const CHUNK_SIZE = 25
/** A chunk further than this from the viewport is swapped for its height. */
const KEEP_MARGIN = '1500px 0px'
/** The next page is asked for when the end is this close. */
const LOAD_MARGIN = '0px 0px 1500px 0px'
/** Delay of the first card, then between cards of the first screenful (SPEC.md 9). */
export const FIRST_REVEAL_MS = 100
export const STAGGER_MS = 150

type Observe = (element: Element, onChange: (near: boolean) => void) => () => void

/** One IntersectionObserver shared by every chunk of the wall. */
function useNearViewport(): Observe {
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

const WallChunk = memo(function WallChunk({
  thoughts,
  entrance,
  observe,
}: {
  thoughts: VoidThought[]
  entrance: CardEntrance
  observe: Observe
}) {
  const ref = useRef<HTMLDivElement>(null)
  const [placeholderHeight, setPlaceholderHeight] = useState<number | null>(null)
  const [currentEntrance, setCurrentEntrance] = useState(entrance)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    return observe(element, (near) => {
      if (near) {
        setPlaceholderHeight(null)
        return
      }
      setPlaceholderHeight(element.getBoundingClientRect().height)
      setCurrentEntrance('none')
    })
  }, [observe])
  if (placeholderHeight !== null) {
    return <div ref={ref} className="void-chunk" style={{ height: placeholderHeight }} />
  }
  return (
    <div ref={ref} className="void-chunk">
      {thoughts.map((thought) => (
        <VoidCard key={thought.id} thought={thought} entrance={currentEntrance} />
      ))}
    </div>
  )
})

interface Chunk {
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
function useChunks(thoughts: VoidThought[], revealed: number): Chunk[] {
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

/**
 * The cards of `thoughts`, newest first, the first `revealed` of them new thoughts the reader asked
 * for (they fade in); `onNearEnd` is called when more should be loaded.
 */
export function VoidWall({
  thoughts,
  revealed = 0,
  canLoadMore,
  onNearEnd,
}: {
  thoughts: VoidThought[]
  revealed?: number
  canLoadMore: boolean
  onNearEnd: () => void
}) {
  const wallRef = useRef<HTMLDivElement>(null)
  const endRef = useRef<HTMLDivElement>(null)
  const observe = useNearViewport()
  const chunks = useChunks(thoughts, revealed)
  // Chunks present when the wall first shows are the first cascade; later ones only fade in.
  const [firstChunkCount] = useState(chunks.length)

  // Before the first paint: the cards of the first screenful get their cascade delays.
  useLayoutEffect(() => {
    const wall = wallRef.current
    if (!wall) return
    let index = 0
    for (const card of wall.querySelectorAll<HTMLElement>('.void-card--stagger')) {
      const onScreen = card.getBoundingClientRect().top < window.innerHeight
      card.style.animationDelay = onScreen ? `${FIRST_REVEAL_MS + STAGGER_MS * index++}ms` : '0ms'
    }
  }, [])

  // Re-observed after each page, so an end still in reach asks again for the page after it.
  useEffect(() => {
    const end = endRef.current
    if (!end || !canLoadMore || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onNearEnd()
      },
      { rootMargin: LOAD_MARGIN },
    )
    observer.observe(end)
    return () => observer.disconnect()
  }, [canLoadMore, onNearEnd, thoughts.length])

  return (
    <div className="void-wall" ref={wallRef}>
      {chunks.map((chunk) => (
        <WallChunk
          key={chunk.key}
          thoughts={chunk.thoughts}
          entrance={chunk.key >= 0 && chunk.key < firstChunkCount ? 'stagger' : 'appear'}
          observe={observe}
        />
      ))}
      <div ref={endRef} className="void-wall__end" aria-hidden="true" />
    </div>
  )
}
