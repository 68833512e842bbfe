import { act, cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { VoidWall } from '../../../../src/features/void/void-wall'
import type { VoidThought } from '../../../../src/shared/void-rest'

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

/** Lets the frames and tasks of the slices run. */
async function nextFrames(count = 1) {
  for (let i = 0; i < count; i++)
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 120)))
}

/** Lets exactly one slice run: the wall adds one in a task after each frame. */
async function oneSlice() {
  await act(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => setTimeout(() => setTimeout(resolve, 0), 0)),
      ),
  )
}

/** How far the page is scrolled down, in px. */
let scrolled = 0

beforeEach(() => {
  scrolled = 0
  vi.stubGlobal('innerHeight', SCREEN_HEIGHT)
  // A layout: a card's top is its place among the cards; the wall ends below its last card.
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const place = (element: Element) =>
      [...document.querySelectorAll('article')].indexOf(element as HTMLElement)
    const count = document.querySelectorAll('article').length
    const top = this.tagName === 'ARTICLE' ? place(this) * CARD_HEIGHT - scrolled : -scrolled
    const height = this.tagName === 'ARTICLE' ? CARD_HEIGHT : count * CARD_HEIGHT
    return DOMRect.fromRect({ x: 0, y: top, width: 400, height })
  })
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('The wall', () => {
  it('paints the first screenful at once, then adds the rest of the page a slice at a time', async () => {
    const { container } = render(
      <VoidWall thoughts={rows(50)} canLoadMore={false} onNearEnd={() => {}} />,
    )
    // The first paint: enough cards to reach below the 800 px screen, not the whole page.
    const first = cards(container).length
    expect(first * CARD_HEIGHT).toBeGreaterThanOrEqual(SCREEN_HEIGHT)
    expect(first).toBeLessThan(50)
    await oneSlice()
    const second = cards(container).length
    expect(second).toBeGreaterThan(first)
    expect(second).toBeLessThan(50)
    await nextFrames(20)
    expect(cards(container).map((card) => card.querySelector('.card__text')?.textContent)).toEqual(
      rows(50).map((row) => row.text),
    )
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
    expect(names.slice(0, 4)).toEqual(['', '', '', ''])
    expect(names.slice(4)).toEqual(Array(26).fill('none'))
  })

  it('fades a later page’s cards in only where they can be seen', async () => {
    const { container, rerender } = render(
      <VoidWall thoughts={rows(25)} canLoadMore onNearEnd={() => {}} />,
    )
    await nextFrames(10)
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
    await nextFrames(20)
    rerender(
      <VoidWall thoughts={[...rows(50), ...rows(50, 50)]} canLoadMore onNearEnd={() => {}} />,
    )
    await nextFrames(20)
    expect(cards(container)).toHaveLength(100)
    expect(
      cards(container)
        .slice(50)
        .map((card) => card.style.animationName),
    ).toEqual(Array(50).fill('none'))
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
