import { act, cleanup, render } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SLICE_SIZE, VoidWall } from '../../../../../src/features/void/ui/void-wall'
import type { VoidThought } from '../../../../../src/shared/void-rest'

/** Each card lays out 200 px tall, one under the other, on an 800 px screen. */
const CARD_HEIGHT = 200
const SCREEN_HEIGHT = 800

function rows(count: number, from = 0): VoidThought[] {
  return Array.from({ length: count }, (_, i) => ({
    id: 10_000 - from - i,
    text: `Thought ${from + i}`,
    created_at: '2025-01-05T10:30:00Z',
  }))
}

function cards(container: HTMLElement) {
  return [...container.querySelectorAll<HTMLElement>('article')]
}

/**
 * An IntersectionObserver over the layout below: like the browser's, it reports each observed element
 * once when observed, then whenever it comes into or leaves the screen widened by the observer's
 * margin (checked after each frame here, by `reportIntersections`).
 */
class LayoutIntersectionObserver {
  static all = new Set<LayoutIntersectionObserver>()
  private readonly last = new Map<Element, boolean>()
  private readonly below: number
  private readonly beside: number
  constructor(
    private readonly callback: IntersectionObserverCallback,
    options: IntersectionObserverInit = {},
  ) {
    const [top = '0px', , bottom = top] = (options.rootMargin ?? '0px').split(' ')
    this.beside = parseInt(top)
    this.below = parseInt(bottom)
    LayoutIntersectionObserver.all.add(this)
  }
  observe(element: Element) {
    this.last.delete(element)
    this.report([element])
  }
  unobserve(element: Element) {
    this.last.delete(element)
  }
  disconnect() {
    this.last.clear()
    LayoutIntersectionObserver.all.delete(this)
  }
  report(elements: Element[] = [...this.last.keys()]) {
    // A hidden page's observers get no report.
    if (document.visibilityState === 'hidden') return
    const changed: IntersectionObserverEntry[] = []
    for (const target of elements) {
      const { top, bottom } = target.getBoundingClientRect()
      const isIntersecting = top <= SCREEN_HEIGHT + this.below && bottom >= -this.beside
      if (this.last.get(target) === isIntersecting) continue
      this.last.set(target, isIntersecting)
      changed.push({ target, isIntersecting } as IntersectionObserverEntry)
    }
    if (changed.length) this.callback(changed, this as unknown as IntersectionObserver)
  }
}

/** What the browser's observers would report after a frame. */
function reportIntersections() {
  for (const observer of LayoutIntersectionObserver.all) observer.report()
}

/** The frames one step of `nextFrames` lets run. */
const FRAMES_PER_STEP = 8

/**
 * Lets `count` steps of FRAMES_PER_STEP frames run, frame by frame, the observers reporting after
 * each frame as the browser's do. (Waiting the whole time in one `act` would hold back the renders the
 * reports ask for while the slices go on, which no browser does.) Counted in frames, not in time:
 * a loaded machine runs fewer frames in a given time, and the tests would then see fewer cards.
 */
async function nextFrames(count = 1) {
  for (let i = 0; i < count * FRAMES_PER_STEP; i++) await oneSlice()
}

/** Lets exactly one slice run: the wall adds one in a task after each frame. */
async function oneSlice() {
  await act(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => setTimeout(() => setTimeout(resolve, 0), 0)),
      ),
  )
  act(reportIntersections)
}

/** How far the page is scrolled down, in px. */
let scrolled = 0

/** Scrolls down with the wall, its end at the screen's bottom, until `total` cards are in. */
async function scrollThrough(container: HTMLElement, total: number) {
  for (let i = 0; i < 30 && cards(container).length < total; i++) {
    scrolled = Math.max(0, cards(container).length * CARD_HEIGHT - SCREEN_HEIGHT)
    await nextFrames(1)
  }
}

beforeEach(() => {
  scrolled = 0
  // The wall sizes each slice from the time the last one took: on a loaded machine slices would
  // shrink, and the same frames bring fewer cards. Here every reading is 1 ms after the one before,
  // so each slice takes 1 ms and the slices grow as on a fast device, whatever the machine.
  let now = 0
  vi.spyOn(performance, 'now').mockImplementation(() => ++now)
  vi.stubGlobal('innerHeight', SCREEN_HEIGHT)
  // A layout: a card's top is its place among the cards; the wall ends below its last card.
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const place = (element: Element) =>
      [...document.querySelectorAll('article')].indexOf(element as HTMLElement)
    const count = document.querySelectorAll('article').length
    if (this.classList.contains('void-wall__end'))
      return DOMRect.fromRect({ x: 0, y: count * CARD_HEIGHT - scrolled, width: 400, height: 0 })
    const top = this.tagName === 'ARTICLE' ? place(this) * CARD_HEIGHT - scrolled : -scrolled
    const height = this.tagName === 'ARTICLE' ? CARD_HEIGHT : count * CARD_HEIGHT
    return DOMRect.fromRect({ x: 0, y: top, width: 400, height })
  })
  LayoutIntersectionObserver.all.clear()
  vi.stubGlobal('IntersectionObserver', LayoutIntersectionObserver)
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('The wall', () => {
  it('paints the wall without its cards, then adds them a slice a frame as the reader nears them', async () => {
    const { container } = render(
      <VoidWall thoughts={rows(50)} canLoadMore={false} onNearEnd={() => {}} />,
    )
    // The first commit holds no card: the screen's first layout is a task of its own.
    expect(cards(container)).toHaveLength(0)
    // The first slice comes after the first frame.
    await oneSlice()
    const first = cards(container).length
    expect(first).toBeGreaterThan(0)
    expect(first).toBeLessThan(50)
    await nextFrames(1)
    await oneSlice()
    const second = cards(container).length
    expect(second).toBeGreaterThan(first)
    expect(second).toBeLessThan(50)
    // Slices stop once the wall reaches 1500 px below the screen: the rest is far from the reader.
    await nextFrames(8)
    const near = cards(container).length
    expect(near * CARD_HEIGHT).toBeGreaterThanOrEqual(SCREEN_HEIGHT + 1500)
    expect(near).toBeLessThan(50)
    await nextFrames(2)
    expect(cards(container)).toHaveLength(near)
    // As the reader scrolls down, the rest comes, in order.
    await scrollThrough(container, 50)
    expect(cards(container).map((card) => card.querySelector('.card__text')?.textContent)).toEqual(
      rows(50).map((row) => row.text),
    )
  })

  it('hides what follows the wall until its cards reach below the screen, or are all in', async () => {
    const { container } = render(
      <VoidWall thoughts={rows(50)} canLoadMore={false} onNearEnd={() => {}} />,
    )
    const wall = container.querySelector('.void-wall')!
    // Hidden for as long as the cards end above the screen's bottom, slice after slice.
    for (let i = 0; i < 20 && cards(container).length * CARD_HEIGHT < SCREEN_HEIGHT; i++) {
      expect(wall.hasAttribute('data-filling')).toBe(true)
      await oneSlice()
    }
    await nextFrames(1)
    expect(cards(container).length * CARD_HEIGHT).toBeGreaterThanOrEqual(SCREEN_HEIGHT)
    expect(wall.hasAttribute('data-filling')).toBe(false)
    cleanup()
    // A wall shorter than the screen: shown whole, then what follows it.
    const short = render(<VoidWall thoughts={rows(1)} canLoadMore={false} onNearEnd={() => {}} />)
    expect(short.container.querySelector('.void-wall')!.hasAttribute('data-filling')).toBe(true)
    await nextFrames(1)
    expect(cards(short.container)).toHaveLength(1)
    expect(short.container.querySelector('.void-wall')!.hasAttribute('data-filling')).toBe(false)
  })

  it('adds the first slice before the end is reported near, and no more until it is', async () => {
    // An observer that has not reported yet (the browser's first report comes after a frame).
    class SilentObserver {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', SilentObserver)
    const { container } = render(
      <VoidWall thoughts={rows(50)} canLoadMore={false} onNearEnd={() => {}} />,
    )
    expect(cards(container)).toHaveLength(0)
    await nextFrames(3)
    expect(cards(container)).toHaveLength(SLICE_SIZE)
  })

  it('staggers the cards on the screen 150 ms apart from 100 ms, in slices or not', async () => {
    const { container } = render(
      <VoidWall thoughts={rows(30)} canLoadMore={false} onNearEnd={() => {}} />,
    )
    await nextFrames(10)
    const delays = cards(container).map((card) => card.style.animationDelay)
    expect(delays.slice(0, 4)).toEqual(['100ms', '250ms', '400ms', '550ms'])
    for (const below of delays.slice(4)) expect(['', '0ms']).toContain(below)
    // Below the screen the fade would play unseen: those cards are simply there.
    const names = cards(container).map((card) => card.style.animationName)
    expect(names.length).toBeGreaterThan(4)
    expect(names.slice(0, 4)).toEqual(['', '', '', ''])
    expect(names.slice(4)).toEqual(Array(names.length - 4).fill('none'))
  })

  it('fades a later page’s cards in only where they can be seen', async () => {
    const { container, rerender } = render(
      <VoidWall thoughts={rows(25)} canLoadMore onNearEnd={() => {}} />,
    )
    await scrollThrough(container, 25)
    // Scrolled to the end: the last card's top is 200 px down the 800 px screen.
    scrolled = 24 * CARD_HEIGHT - 200
    rerender(
      <VoidWall thoughts={[...rows(25), ...rows(10, 25)]} canLoadMore onNearEnd={() => {}} />,
    )
    await nextFrames(10)
    const later = cards(container).slice(25)
    expect(later).toHaveLength(10)
    expect(later.every((card) => card.matches('.void-card--appear'))).toBe(true)
    // The next page's first two cards (tops 400 and 600 px) enter on the screen and fade; the rest
    // enter below it.
    expect(later.map((card) => card.style.animationName)).toEqual([
      '',
      '',
      ...Array(8).fill('none'),
    ])
  })

  it('lets a page that comes in below the screen simply be there', async () => {
    const { container, rerender } = render(
      <VoidWall thoughts={rows(50)} canLoadMore onNearEnd={() => {}} />,
    )
    await scrollThrough(container, 50)
    // The first page's end 1000 px below the screen: the next page is asked for, and comes in below.
    scrolled = 50 * CARD_HEIGHT - SCREEN_HEIGHT - 1000
    await nextFrames(2)
    expect(cards(container)).toHaveLength(50)
    rerender(
      <VoidWall thoughts={[...rows(50), ...rows(50, 50)]} canLoadMore onNearEnd={() => {}} />,
    )
    await nextFrames(20)
    const later = cards(container).slice(50)
    expect(later.length).toBeGreaterThan(0)
    expect(later.map((card) => card.style.animationName)).toEqual(Array(later.length).fill('none'))
  })

  it('asks for the next page once, when the page is all in and its end near the screen', async () => {
    const onNearEnd = vi.fn()
    const { container, rerender } = render(
      <VoidWall thoughts={rows(50)} canLoadMore onNearEnd={onNearEnd} />,
    )
    await nextFrames(10)
    expect(onNearEnd).not.toHaveBeenCalled()
    await scrollThrough(container, 50)
    await nextFrames(2)
    expect(onNearEnd).toHaveBeenCalledTimes(1)
    // While the page is on its way (nothing can be loaded), no second ask; then the page comes.
    rerender(<VoidWall thoughts={rows(50)} canLoadMore={false} onNearEnd={onNearEnd} />)
    await nextFrames(2)
    rerender(<VoidWall thoughts={rows(100)} canLoadMore onNearEnd={onNearEnd} />)
    await nextFrames(10)
    expect(onNearEnd).toHaveBeenCalledTimes(1)
  })

  it('adds no card and asks for no page while the page is hidden', async () => {
    const onNearEnd = vi.fn()
    let visibility: DocumentVisibilityState = 'visible'
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility)
    const hide = (state: DocumentVisibilityState) => {
      visibility = state
      act(() => void document.dispatchEvent(new Event('visibilitychange')))
    }
    const { container } = render(<VoidWall thoughts={rows(50)} canLoadMore onNearEnd={onNearEnd} />)
    await nextFrames(2)
    // Hidden right after a scroll toward the end: the browser reports nothing more.
    scrolled = cards(container).length * CARD_HEIGHT - SCREEN_HEIGHT
    await nextFrames(1)
    hide('hidden')
    const shown = cards(container).length
    await nextFrames(10)
    expect(cards(container)).toHaveLength(shown)
    expect(onNearEnd).not.toHaveBeenCalled()
    // Shown again: the end is near, so the page's rows come, then the next page is asked for.
    hide('visible')
    await scrollThrough(container, 50)
    await nextFrames(2)
    expect(cards(container)).toHaveLength(50)
    expect(onNearEnd).toHaveBeenCalledTimes(1)
  })

  it('decides each later card’s fade under StrictMode too (effects mounted twice)', async () => {
    const thoughts = [...rows(2, 1000), ...rows(25)]
    const { container, rerender } = render(
      <StrictMode>
        <VoidWall thoughts={thoughts} revealed={2} canLoadMore onNearEnd={() => {}} />
      </StrictMode>,
    )
    await scrollThrough(container, 27)
    scrolled = 0
    await nextFrames(2)
    rerender(
      <StrictMode>
        <VoidWall
          thoughts={[...thoughts, ...rows(25, 25)]}
          revealed={2}
          canLoadMore
          onNearEnd={() => {}}
        />
      </StrictMode>,
    )
    scrolled = 27 * CARD_HEIGHT - SCREEN_HEIGHT
    await nextFrames(10)
    const later = cards(container).slice(27)
    expect(later.length).toBeGreaterThan(0)
    const entrances = later.map((card) => ({
      fades: card.style.animationName === '',
      onScreen: card.getBoundingClientRect().top < SCREEN_HEIGHT,
    }))
    for (const entrance of entrances) expect(entrance.fades).toBe(entrance.onScreen)
  })

  it('asks for the next page only once the page’s cards are all in', async () => {
    const observed: Element[] = []
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe(element: Element) {
          observed.push(element)
          if (element.classList.contains('void-wall__end'))
            this.callback(
              [{ target: element, isIntersecting: true } as IntersectionObserverEntry],
              this as unknown as IntersectionObserver,
            )
        }
        unobserve() {}
        disconnect() {}
      },
    )
    const onNearEnd = vi.fn()
    const { container } = render(<VoidWall thoughts={rows(50)} canLoadMore onNearEnd={onNearEnd} />)
    expect(onNearEnd).not.toHaveBeenCalled()
    await nextFrames(20)
    expect(cards(container)).toHaveLength(50)
    expect(onNearEnd).toHaveBeenCalled()
  })
})
