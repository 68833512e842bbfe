/**
 * The network lab's panel in the DOM, over fake lab services (the queue and journeys the app hands
 * in) and the real store: what it shows of held offers and journeys, live; Try now, Withdraw, the
 * export; opening, closing and focus; turning the lab off.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import LabRoot, { type LabStart } from '../../../../src/features/lab/lab-root'
import type { LabServices } from '../../../../src/features/lab/lab-services'
import type { QueuedOffer } from '../../../../src/offering/shared/offer'
import type { OfferJourney } from '../../../../src/offering/shared/offer-journey'
import { resetAppStore, useAppStore } from '../../../../src/store'
import { makeOffer } from '../../../fixtures/offers'

let queue: QueuedOffer[] = []
let journeys: OfferJourney[] = []
let changed: (() => void) | undefined
const requestFlush = vi.fn(async () => undefined)
const withdrawOffer = vi.fn(async (_offer: QueuedOffer) => 'withdrawn' as const)

const services: LabServices = {
  queue: () => ({ requestFlush, nextTryAt: () => null }),
  listQueue: async () => queue,
  listJourneys: async () => journeys,
  onChange: (listener) => {
    changed = listener
    return () => (changed = undefined)
  },
  flushLock: 'unburden-offer-flush',
}

const journeyOf = (offer: QueuedOffer, events: OfferJourney['events'], endedAt?: number) =>
  ({
    clientId: offer.clientId,
    kind: offer.report ? 'report' : 'offer',
    queuedAt: offer.queuedAt,
    events,
    dropped: 0,
    updatedAt: events.at(-1)?.at ?? 0,
    ...(endedAt === undefined ? {} : { endedAt }),
  }) satisfies OfferJourney

const renderLab = (start: LabStart = 'open') =>
  render(<LabRoot start={start} services={services} />)
const panel = () => screen.getByRole('region', { name: 'Network lab' })
/** The text of the panel's own notice (the fault controls keep a live region of their own). */
const labNotice = () =>
  within(panel())
    .getAllByRole('status')
    .find((element) => element.classList.contains('lab-notice'))?.textContent

beforeEach(() => {
  // The panel's fault controls probe the backend: here it is one without fault injection (a 404
  // for every tester control, as a hosted backend or a local one started without faults answers).
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    if (!String(input).includes('/__')) throw new Error(`Unexpected network call: ${String(input)}`)
    return new Response(
      JSON.stringify({ code: 'PGRST125', message: 'Invalid path', details: null, hint: null }),
      { status: 404, headers: { 'content-type': 'application/json' } },
    )
  })
  sessionStorage.clear()
  queue = []
  journeys = []
  requestFlush.mockClear()
  withdrawOffer.mockClear()
  useAppStore.getState().connectOffers({
    offerToVoid: vi.fn(),
    withdrawOffer,
    reportThought: vi.fn(),
  })
})
afterEach(() => {
  cleanup()
  resetAppStore()
})

describe('the lab panel', () => {
  it('shows a held offer: blurred words until revealed, age, tries, last answer, next try', async () => {
    const now = Date.now()
    const offer = makeOffer({ text: 'words for the wall', queuedAt: now - 90_000, attempts: 3 })
    queue = [offer]
    journeys = [
      journeyOf(offer, [
        { type: 'held', at: now - 90_000 },
        { type: 'try', at: now - 5000, by: 'page', why: 'online', attempt: 3 },
        {
          type: 'answer',
          at: now - 4000,
          by: 'page',
          answer: { kind: 'status', status: 503 },
          ms: 1000,
          verdict: 'retry',
        },
      ]),
    ]
    renderLab()
    const [item] = await within(panel()).findAllByRole('listitem')
    if (!item) throw new Error('no held offer shown')
    const fact = (term: string) => within(item).getByText(term).nextElementSibling?.textContent
    expect(within(panel()).getByRole('heading', { name: 'Held offers (1)' })).toBeTruthy()
    expect(fact('Age')).toBe('2 min ago')
    expect(fact('Tries')).toBe('3')
    expect(fact('Last answer')).toMatch(/^503 at \d\d:\d\d:\d\d \(1 s\)$/)
    expect(fact('Next try')).toBe('at the next start, online, visible or Try now')
    // Blurred by default: hidden from screen readers too, until revealed.
    const toggle = within(item).getByRole('button', { name: 'Show words' })
    expect(toggle.getAttribute('aria-pressed')).toBe('false')
    expect(within(item).getByText('Words hidden')).toBeTruthy()
    expect(
      within(item).getByText('words for the wall').closest('[aria-hidden="true"]'),
    ).toBeTruthy()
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-pressed')).toBe('true')
    expect(within(item).getByText('words for the wall').closest('[aria-hidden="true"]')).toBeNull()
    expect(within(item).queryByText('Words hidden')).toBeNull()
  })

  it('shows a report as a report: no words, nothing to withdraw', async () => {
    queue = [makeOffer({ text: '', report: { thoughtId: 42 } })]
    renderLab()
    const item = await within(panel()).findByRole('listitem')
    expect(within(item).getByText('Report of thought #42')).toBeTruthy()
    expect(within(item).queryByRole('button', { name: 'Show words' })).toBeNull()
    expect(within(item).queryByRole('button', { name: 'Withdraw' })).toBeNull()
  })

  it('follows the queue live: a change announced by any tab or the worker is shown at once', async () => {
    renderLab()
    await within(panel()).findByText('Nothing is held.')
    const offer = makeOffer()
    queue = [offer]
    act(() => changed?.())
    await within(panel()).findByRole('heading', { name: 'Held offers (1)' })
    queue = []
    journeys = [
      journeyOf(
        offer,
        [
          { type: 'held', at: 1 },
          { type: 'delivered', at: Date.now(), by: 'worker' },
        ],
        Date.now(),
      ),
    ]
    act(() => changed?.())
    await within(panel()).findByRole('heading', { name: 'Held offers (0)' })
    const ended = within(panel()).getByText(/Offer delivered/)
    fireEvent.click(ended)
    const timeline = within(panel()).getByRole('list', { name: 'Journey' })
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/Held in the queue$/),
      expect.stringMatching(/Delivered \(by the service worker\)$/),
    ])
  })

  it('Try now asks the queue for a flush; offline, it says why nothing happens', async () => {
    renderLab()
    fireEvent.click(within(panel()).getByRole('button', { name: 'Try now' }))
    expect(requestFlush).toHaveBeenCalledWith('try-now')
    await waitFor(() => expect(labNotice()).toBe('Tried.'))
    act(() => useAppStore.getState().setOnline(false))
    fireEvent.click(within(panel()).getByRole('button', { name: 'Try now' }))
    expect(requestFlush).toHaveBeenCalledTimes(1)
    expect(labNotice()).toBe('The app sees itself offline: it tries again once online.')
  })

  it('Withdraw takes the offer back through the app and says so', async () => {
    const offer = makeOffer()
    queue = [offer]
    renderLab()
    fireEvent.click(await within(panel()).findByRole('button', { name: 'Withdraw' }))
    await waitFor(() => expect(withdrawOffer).toHaveBeenCalledWith(offer))
    await waitFor(() =>
      expect(labNotice()).toBe('Withdrawn: the words are back in Return to Yourself.'),
    )
  })

  it('exports every journey as versioned JSON, with the words only when asked', async () => {
    const offer = makeOffer({ text: 'only if asked' })
    queue = [offer]
    journeys = [journeyOf(offer, [{ type: 'held', at: 1 }])]
    const blobs: Blob[] = []
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob)
      return 'blob:journeys'
    })
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    renderLab()
    await within(panel()).findByRole('heading', { name: 'Held offers (1)' })
    const exportButton = within(panel()).getByRole('button', { name: 'Export JSON' })
    fireEvent.click(exportButton)
    fireEvent.click(within(panel()).getByRole('checkbox', { name: /Include the words/ }))
    fireEvent.click(exportButton)
    const [plain, withWords] = await Promise.all(blobs.map(async (b) => JSON.parse(await b.text())))
    expect(plain).toMatchObject({
      format: 'unburden-offer-journeys',
      version: 1,
      includesText: false,
      device: { appVersion: expect.any(String), userAgent: navigator.userAgent },
      offers: [{ clientId: offer.clientId, state: 'held', events: [{ type: 'held', at: 1 }] }],
    })
    expect(JSON.stringify(plain)).not.toContain('only if asked')
    expect(withWords.offers[0].text).toBe('only if asked')
  })
})

describe('opening, closing and turning off', () => {
  it('the quiet control opens the panel with focus on its heading; Escape closes it, focus back', async () => {
    renderLab('control')
    expect(screen.queryByRole('region', { name: 'Network lab' })).toBeNull()
    const control = screen.getByRole('button', { name: 'Open the network lab' })
    fireEvent.click(control)
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Network lab' })),
    )
    fireEvent.keyDown(panel(), { key: 'Escape' })
    expect(screen.queryByRole('region', { name: 'Network lab' })).toBeNull()
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Open the network lab' }),
      ),
    )
    expect(sessionStorage.getItem('unburden.lab.closed')).toBe('1')
  })

  it('a panel closed in this tab stays closed on the next start', () => {
    sessionStorage.setItem('unburden.lab.closed', '1')
    renderLab('open')
    expect(screen.queryByRole('region', { name: 'Network lab' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Open the network lab' })).toBeTruthy()
  })

  it('Turn off forgets the lab for the tab and takes it all away', () => {
    sessionStorage.setItem('unburden.lab', '1')
    sessionStorage.setItem('unburden.lab.token', 'secret')
    const { container } = renderLab('open')
    fireEvent.click(within(panel()).getByRole('button', { name: 'Turn off' }))
    expect(container.innerHTML).toBe('')
    expect(sessionStorage.getItem('unburden.lab')).toBeNull()
    expect(sessionStorage.getItem('unburden.lab.token')).toBeNull()
  })
})
