/**
 * The installed app's badge: how many offers are held, through the Badging API. The page sets it
 * each time its queue reports the waiting offers (src/offering/offer-service.ts); the service worker
 * sets it after a Background Sync flush it ran itself (sw/offer-sync.ts), so it clears with no page
 * open. Reports wait in the same queue but are not counted, and neither are offers the worker found
 * refused (the next page hands them back). Where the API is missing (Firefox, WebKit) or its call
 * fails (not installed, not allowed), nothing happens: a badge is never in delivery's way.
 */
import { isReport, type QueuedOffer } from './offer'
import { isWaitingOffer } from './offer-queue-policy'

/** The Badging API as a window's or a worker's navigator may have it. */
export interface BadgeHost {
  setAppBadge?: (contents?: number) => Promise<void>
  clearAppBadge?: () => Promise<void>
}

/** How many of `items` (the queue's, in any order) the badge counts: held offers, not reports. */
export const countHeldOffers = (items: readonly QueuedOffer[]): number =>
  items.filter((item) => isWaitingOffer(item) && !isReport(item)).length

/**
 * Shows the number of held offers among `items` on the app's icon, or clears it at none. Resolves
 * once the browser has answered; never rejects and never throws.
 */
export async function showHeldOffers(
  host: BadgeHost | undefined,
  items: readonly QueuedOffer[],
): Promise<void> {
  const count = countHeldOffers(items)
  try {
    // Called on the host, as a method: a detached navigator method throws "Illegal invocation".
    await (count > 0 ? host?.setAppBadge?.(count) : host?.clearAppBadge?.())
  } catch {
    // The badge is a courtesy: a platform that refuses it changes nothing else.
  }
}
