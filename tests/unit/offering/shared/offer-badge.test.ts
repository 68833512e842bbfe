import { describe, expect, it, vi } from 'vitest'
import { countHeldOffers, showHeldOffers } from '../../../../src/offering/shared/offer-badge'
import { makeOffer } from '../../../fixtures/offers'

/** A navigator with the Badging API, as Chromium's window and worker have it. */
function badgingNavigator() {
  return { setAppBadge: vi.fn(async () => undefined), clearAppBadge: vi.fn(async () => undefined) }
}

describe('the held offers’ badge', () => {
  it('counts held offers only: not reports, not offers the worker found refused', () => {
    const items = [
      makeOffer(),
      makeOffer({ text: '', origin: 'void', report: { thoughtId: 7 } }),
      makeOffer({ refusedStatus: 400, refusedReason: 'refused' }),
      makeOffer(),
    ]
    expect(countHeldOffers(items)).toBe(2)
  })

  it('shows the number of held offers on the icon', async () => {
    const host = badgingNavigator()
    await showHeldOffers(host, [makeOffer(), makeOffer(), makeOffer()])
    expect(host.setAppBadge).toHaveBeenCalledWith(3)
    expect(host.clearAppBadge).not.toHaveBeenCalled()
  })

  it('clears the icon when none is held, reports and refused offers aside', async () => {
    const host = badgingNavigator()
    await showHeldOffers(host, [makeOffer({ report: { thoughtId: 1 }, text: '', origin: 'void' })])
    expect(host.clearAppBadge).toHaveBeenCalledOnce()
    expect(host.setAppBadge).not.toHaveBeenCalled()
  })

  it('calls the API on its host, as a browser’s navigator requires', async () => {
    const host = {
      setAppBadge(this: unknown) {
        if (this !== host) throw new TypeError('Illegal invocation')
        return Promise.resolve()
      },
    }
    const set = vi.spyOn(host, 'setAppBadge')
    await showHeldOffers(host, [makeOffer()])
    expect(set).toHaveReturned()
  })

  it('does nothing where the API is missing (Firefox, WebKit), or there is no navigator', async () => {
    await expect(showHeldOffers({}, [makeOffer()])).resolves.toBeUndefined()
    await expect(showHeldOffers({}, [])).resolves.toBeUndefined()
    await expect(showHeldOffers(undefined, [makeOffer()])).resolves.toBeUndefined()
  })

  it('never rejects nor throws when the browser refuses the badge', async () => {
    const rejecting = {
      setAppBadge: vi.fn(() => Promise.reject(new DOMException('not allowed', 'NotAllowedError'))),
      clearAppBadge: vi.fn(() =>
        Promise.reject(new DOMException('not allowed', 'NotAllowedError')),
      ),
    }
    await expect(showHeldOffers(rejecting, [makeOffer()])).resolves.toBeUndefined()
    await expect(showHeldOffers(rejecting, [])).resolves.toBeUndefined()
    const throwing = {
      setAppBadge: () => {
        throw new TypeError('Illegal invocation')
      },
    }
    await expect(showHeldOffers(throwing, [makeOffer()])).resolves.toBeUndefined()
  })
})
