/**
 * The fade between screens, with framer-motion. Loaded lazily on the first navigation, so
 * framer-motion never weighs on the writer's first paint; it animates the page element in place, so
 * nothing on the screen remounts while it loads.
 */
import { animate } from 'framer-motion'

/** Fades and lifts `element` in. */
export function fadeInPage(element: HTMLElement): void {
  animate(element, { opacity: [0, 1], y: [6, 0] }, { duration: 0.25, ease: 'easeOut' })
}
