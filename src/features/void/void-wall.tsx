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

/**
 * `thoughts` cut into chunks; a chunk whose rows did not change keeps its array, so appending a page
 * re-renders only the chunks it touches.
 */
function useChunks(thoughts: VoidThought[]): VoidThought[][] {
  const previous = useRef<VoidThought[][]>([])
  return useMemo(() => {
    const chunks: VoidThought[][] = []
    for (let start = 0, index = 0; start < thoughts.length; start += CHUNK_SIZE, index++) {
      const end = Math.min(thoughts.length, start + CHUNK_SIZE)
      const old = previous.current[index]
      const same =
        old !== undefined &&
        old.length === end - start &&
        old.every((thought, offset) => thought === thoughts[start + offset])
      chunks.push(same ? old : thoughts.slice(start, end))
    }
    previous.current = chunks
    return chunks
  }, [thoughts])
}

/** The cards of `thoughts`, newest first; `onNearEnd` is called when more should be loaded. */
export function VoidWall({
  thoughts,
  canLoadMore,
  onNearEnd,
}: {
  thoughts: VoidThought[]
  canLoadMore: boolean
  onNearEnd: () => void
}) {
  const wallRef = useRef<HTMLDivElement>(null)
  const endRef = useRef<HTMLDivElement>(null)
  const observe = useNearViewport()
  const chunks = useChunks(thoughts)
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
      {chunks.map((chunk, index) => (
        <WallChunk
          key={index}
          thoughts={chunk}
          entrance={index < firstChunkCount ? 'stagger' : 'appear'}
          observe={observe}
        />
      ))}
      <div ref={endRef} className="void-wall__end" aria-hidden="true" />
    </div>
  )
}
