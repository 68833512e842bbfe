/**
 * The Void's first page and its count, asked for before the route mounts when the address is `/void`: index.html's
 * inline start (scripts/void-early-start.ts) makes the request while the app's script still loads;
 * without it (a test, a page built otherwise), the request is made as the app's script starts. Either
 * way it runs while React renders and the route's code loads. The screen takes that request (once,
 * while it is fresh) instead of making its own; when the screen asked first, no early request is used.
 */
import { EARLY_FIRST_PAGE_GLOBAL } from '../../../shared/void-page-query'
import {
  fetchVoidCount,
  fetchVoidPage,
  readVoidAnswer,
  readVoidCountAnswer,
  type VoidPage,
} from './void-api'

/** An early answer older than this is not used: the screen asks again. */
const FRESH_FOR_MS = 10_000

/** What index.html's inline start leaves on `window`. */
interface InlineStart {
  response: Promise<Response>
  /** The count's request (`rpc/void_thought_count`); absent from an older index.html. */
  count?: Promise<Response>
  startedAt: number
}

let early: { page: Promise<VoidPage>; startedAt: number } | null = null
/** Set once the screen has asked: an early start after that would only repeat its request. */
let screenAsked = false

/** The request index.html started, handed out once. */
function takeInlineStart(): InlineStart | null {
  const holder = globalThis as unknown as Record<string, InlineStart | undefined>
  const started = holder[EARLY_FIRST_PAGE_GLOBAL] ?? null
  delete holder[EARLY_FIRST_PAGE_GLOBAL]
  return started
}

/** The page of index.html's request, read as the app reads its own. */
function adopt(inline: InlineStart): { page: Promise<VoidPage>; startedAt: number } {
  // The count never fails the page: without one the count line says what it can.
  const total = (
    inline.count?.then((answer) => readVoidCountAnswer(answer)) ?? fetchVoidCount()
  ).catch(() => null)
  const page = inline.response.then(
    async (answer) => ({ ...(await readVoidAnswer(answer)), total: await total }),
    (error: unknown) => {
      throw error instanceof Error && error.name === 'AbortError'
        ? new Error('The Void did not answer in time', { cause: error })
        : error
    },
  )
  // The screen handles a failure; until it takes the promise, a rejection is not "unhandled".
  page.catch(() => undefined)
  return { page, startedAt: inline.startedAt }
}

/** Starts the first page's request now when the app opens on The Void (or adopts index.html's). */
export function startVoidFirstPageEarly(pathname: string): void {
  if (pathname !== '/void' || early || screenAsked) return
  const inline = takeInlineStart()
  if (inline) {
    early = adopt(inline)
    return
  }
  const page = fetchVoidPage(null, { withTotal: true })
  page.catch(() => undefined)
  early = { page, startedAt: Date.now() }
}

/** The early request for the first page, if one was started recently; each is handed out once. */
export function takeVoidFirstPage(): Promise<VoidPage> | null {
  // The screen may ask before the app's start has looked: index.html's request is still taken.
  const inline = early || screenAsked ? null : takeInlineStart()
  if (inline) early = adopt(inline)
  const taken = early
  early = null
  screenAsked = true
  if (!taken || Date.now() - taken.startedAt > FRESH_FOR_MS) return null
  return taken.page
}
