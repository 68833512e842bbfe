/** What the network lab keeps for the tab in sessionStorage: written by lab-boot, lab-backend and lab-root. */

/** Set while the lab is on for the tab (`?lab`; `?lab=off` removes it). */
export const LAB_KEY = 'unburden.lab'

/** The local backend's control token (from `?lab&token=`, or pasted by the tester). */
export const LAB_TOKEN_KEY = 'unburden.lab.token'

/** Set when the tester closed the panel: it stays closed on the next pages of the tab. */
export const LAB_CLOSED_KEY = 'unburden.lab.closed'

/** Every key the lab keeps, forgotten together when the lab is turned off. */
export const LAB_SESSION_KEYS = [LAB_KEY, LAB_TOKEN_KEY, LAB_CLOSED_KEY] as const
