/**
 * The Void's first page, asked for as the app's script starts when the address is `/void`, so the
 * request runs while React renders and the route's code loads instead of after the route mounts.
 * The screen takes that request (once, while it is fresh) instead of making its own; when the screen
 * asked first, no early request is made at all.
 */
import { fetchVoidPage, type VoidPage } from './void-api'

/** An early answer older than this is not used: the screen asks again. */
const FRESH_FOR_MS = 10_000

let early: { page: Promise<VoidPage>; startedAt: number } | null = null
/** Set once the screen has asked: an early start after that would only repeat its request. */
let screenAsked = false

/** Starts the first page's request now when the app opens on The Void. */
export function startVoidFirstPageEarly(pathname: string): void {
  if (pathname !== '/void' || early || screenAsked) return
  const page = fetchVoidPage(null, { withTotal: true })
  // The screen handles a failure; until it takes the promise, a rejection is not "unhandled".
  page.catch(() => undefined)
  early = { page, startedAt: Date.now() }
}

/** The early request for the first page, if one was started recently; each is handed out once. */
export function takeVoidFirstPage(): Promise<VoidPage> | null {
  const taken = early
  early = null
  screenAsked = true
  if (!taken || Date.now() - taken.startedAt > FRESH_FOR_MS) return null
  return taken.page
}
