/**
 * The wall of cards, kept light however long it grows: cards are grouped in chunks, and a chunk far
 * from the viewport is swapped for an empty block of its measured height, so the page holds only the
 * cards near the screen (bounded DOM; bench/suites/void-long-wall.ts measures it) while the scroll
 * height and position stay true. The next page is asked for as the visitor nears the end.
 *
 * Cards are added in slices so no task of the main thread grows long (bench/suites/
 * void-cards-main-thread.ts): none in the wall's first commit, so the screen's first layout and the
 * cards' are not one task; the first slice right after the first frame, then a few cards a frame
 * while the wall's end is within 1500 px below the screen; the rest of a page comes as the reader
 * scrolls toward it. Chunks are swapped, and the next page asked for, only once
 * a page's slices are in, so a swapped chunk's height is its whole height.
 *
 * The first screenful fades in one card after another (first after 100 ms, then 150 ms apart); later
 * cards that come in on the screen fade in without a cascade, cards that come in off it (below the
 * screen, as a later page's do) are simply there; a chunk shown again does not animate. Reduced
 * motion: no animation (void.css). The fade is a CSS animation: it needs no script once the card is in
 * the page.
 */
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { VoidThought } from '../../../shared/void-rest'
import { VoidCard, type CardEntrance } from './void-card'
import {
  CHUNK_SIZE,
  FIRST_REVEAL_MS,
  STAGGER_MS,
  useChunks,
  useEndNear,
  useNearViewport,
  useSlices,
  type Observe,
} from './void-wall-hooks'

export { CHUNK_SIZE, FIRST_REVEAL_MS, SLICE_SIZE, STAGGER_MS } from './void-wall-hooks'

const WallChunk = memo(function WallChunk({
  thoughts,
  entrance,
  observe,
  complete,
}: {
  thoughts: VoidThought[]
  entrance: CardEntrance
  observe: Observe
  /** Every card of this chunk is in: only then may it be swapped for its height. */
  complete: boolean
}) {
  const ref = useRef<HTMLDivElement>(null)
  const [placeholderHeight, setPlaceholderHeight] = useState<number | null>(null)
  const [currentEntrance, setCurrentEntrance] = useState(entrance)
  useEffect(() => {
    const element = ref.current
    if (!element || !complete) return
    return observe(element, (near) => {
      if (near) {
        setPlaceholderHeight(null)
        return
      }
      setPlaceholderHeight(element.getBoundingClientRect().height)
      setCurrentEntrance('none')
    })
  }, [observe, complete])
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
  const near = useEndNear(endRef)
  const head = Math.min(revealed, thoughts.length)
  const { rendered, settled } = useSlices(thoughts.length - head, near)
  const shown = useMemo(
    () => (settled ? thoughts : thoughts.slice(0, head + rendered)),
    [thoughts, head, rendered, settled],
  )
  const chunks = useChunks(shown, revealed)
  // The first page's chunks are the first cascade; later ones only fade in.
  const [firstChunkCount] = useState(() => Math.ceil((thoughts.length - head) / CHUNK_SIZE))

  // Before each paint: cards of the first screenful get their delays, in order; the first card below
  // the screen ends the cascade. A card that enters off the screen does not fade: not the first
  // page's cards below the cascade, nor a later page's cards (asked for 1500 px before the end is
  // reached, they come in below the screen). The fade would play unseen, each card on a compositing
  // layer of its own while it lasts, and the frames that add the next slices would pay for every one
  // of them, and no task may grow long while the cards come.
  const cascade = useRef({ index: 0, over: false, given: new WeakSet<Element>() })
  // Until the wall reaches below the screen (or holds all its rows), what follows it on the screen is
  // hidden (void.css): the slices would push it down frame by frame, a layout shift each time.
  const [reachedBottom, setReachedBottom] = useState(false)
  const filling = !reachedBottom && !settled
  const entering = useRef<{ cards: HTMLElement[]; frame: number | null }>({
    cards: [],
    frame: null,
  })
  useLayoutEffect(() => {
    const wall = wallRef.current
    const pending = entering.current
    if (!wall) return
    for (const card of wall.querySelectorAll<HTMLElement>(
      '.void-card--stagger, .void-card--appear',
    )) {
      if (cascade.current.given.has(card)) continue
      cascade.current.given.add(card)
      pending.cards.push(card)
    }
    // A new card's place is read in the coming frame, before it is painted: the layout is the one
    // that frame makes anyway. Read here, it would be a layout in the slice's own task, a large part
    // of a slice's time on a slow phone, and counted in the time that sizes the next.
    if (pending.cards.length === 0 || pending.frame !== null) return
    pending.frame = requestAnimationFrame(() => {
      pending.frame = null
      const state = cascade.current
      const cards = pending.cards.splice(0).filter((card) => card.isConnected)
      // Every place is read before any card changes, so the frame lays the page out once.
      const places = cards.map((card) => card.getBoundingClientRect())
      if (places.some((place) => place.bottom >= window.innerHeight)) setReachedBottom(true)
      cards.forEach((card, i) => {
        const { top, bottom } = places[i]!
        // While the cascade lasts, a first page's card on the screen takes the next delay; the first
        // one below the screen ends it, and later cards come in like a later page's.
        if (card.classList.contains('void-card--stagger') && !state.over) {
          if (top < window.innerHeight) {
            card.style.animationDelay = `${FIRST_REVEAL_MS + STAGGER_MS * state.index++}ms`
            return
          }
          state.over = true
        }
        if (top >= window.innerHeight || bottom <= 0) card.style.animationName = 'none'
      })
    })
  }, [shown])
  useEffect(
    () => () => {
      // Kept for the next mount (React's StrictMode mounts twice in development): its frame asks again.
      const pending = entering.current
      if (pending.frame !== null) cancelAnimationFrame(pending.frame)
      pending.frame = null
    },
    [],
  )

  // The next page, once this one's rows are all in and the end is still near (after each page, or a
  // new first page, too: an end still in reach asks for the page after it). `onNearEnd` must be safe
  // to call again while a page is on its way. Without IntersectionObserver no page is asked for.
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return
    if (near && settled && canLoadMore) onNearEnd()
  }, [near, settled, canLoadMore, onNearEnd, thoughts])

  return (
    <div className="void-wall" ref={wallRef} data-filling={filling ? '' : undefined}>
      {chunks.map((chunk) => (
        <WallChunk
          key={chunk.key}
          thoughts={chunk.thoughts}
          entrance={chunk.key >= 0 && chunk.key < firstChunkCount ? 'stagger' : 'appear'}
          observe={observe}
          complete={settled || chunk.thoughts.length === CHUNK_SIZE}
        />
      ))}
      <div ref={endRef} className="void-wall__end" aria-hidden="true" />
    </div>
  )
}
