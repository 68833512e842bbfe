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
import {
  memo,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { flushSync } from 'react-dom'
import { prepareDisplayDate } from '../../../shared/display-date'
import type { VoidThought } from '../../../core/void-rest'
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
/** Cards of the first slice; each later one is sized from the time the last one took. */
export const SLICE_SIZE = 2
/**
 * A later slice is sized to take about this long to render, in ms, grows at most twofold from one
 * slice to the next and holds at most 4 cards. The render is only part of a slice's cost: the frame
 * that paints it restyles, lays out and paints its cards, and at a mid-range phone's speed a frame
 * with 10 new cards took 50-75 ms while a reader scrolled (with 4, no such frame in 5 runs of
 * `bench -- void-cards`).
 */
const SLICE_BUDGET_MS = 4
const MAX_SLICE_SIZE = 4

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

/** Runs `run` in a task of its own after the next frame (or after 100 ms when no frame comes, as in a
 * hidden tab); returns the cancel. */
function afterNextFrame(run: () => void): () => void {
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
function useEndNear(endRef: RefObject<HTMLDivElement | null>): boolean {
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
 * cost the main thread most of the start (issue 16). Each later slice is sized from the time the last
 * one took, so a slow device gets smaller slices.
 *
 * None in the first commit: at a mid-range phone's speed (4x slower than here) the screen's first
 * layout takes 35-45 ms even with one card, and with the first screenful's cards it was one task of
 * 80-125 ms. The first slice is small (the cards' code runs for the first time in it) and the
 * cards fade in from 100 ms after they come, so one that comes a frame after the screen looks the
 * same.
 */
function useSlices(total: number, near: boolean) {
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
  // In a task of its own, before the first slice comes (after the next frame).
  useEffect(() => {
    const timer = setTimeout(prepareDisplayDate, 0)
    return () => clearTimeout(timer)
  }, [])
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
  // of them (issue 16: no long task while the cards come).
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
    // that frame makes anyway. Read here, it was a layout in the slice's own task (a third of the
    // first slice's time at a mid-range phone's speed), and counted in the time that sizes the next.
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
