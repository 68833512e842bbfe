import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { AppRoot, type Routed } from './app/app-root'
import { startLab } from './app/lab-entry'
import { loadAppStart } from './app/app-frame'
import { applyLanguage, startingLanguage } from './lib/language'
import './styles.css'
// Every screen's stylesheet is part of the app's own, which the build writes into index.html
// (scripts/first-paint-html.ts): a screen or notice then adds no stylesheet as it opens, which would
// restyle the whole page in one long task. Only the network lab's stays its own.
import './components/app-notices.css'
import './components/dialog.css'
import './features/writer/writer-choice.css'
import './features/void/ui/void.css'
import './private-entries/ui/return-screen.css'
import './features/help/help.css'

/** How long the first render on /void waits for the first page before showing "Loading thoughts...". */
const FIRST_PAGE_WAIT_MS = 500

// Before React renders: on /void the feed's first request runs while the app and the route load, and
// the first render waits a moment for it, so the wall comes in React's first commit. Dynamic imports
// keep the feed's code out of the writer's first paint (the size budget).
const waitUntil = performance.now() + FIRST_PAGE_WAIT_MS
const firstFeed =
  location.pathname === '/void'
    ? import('./features/void/api/void-first-page')
        .then(({ startVoidFirstPageEarly }) => {
          startVoidFirstPageEarly(location.pathname)
          return import('./features/void/model/void-feed')
        })
        .then(({ loadVoidFeedBeforeFirstRender }) =>
          loadVoidFeedBeforeFirstRender(Math.max(0, waitUntil - performance.now())),
        )
        .catch((error: unknown) => console.error('Early Void read failed', error))
    : null

// The network lab: off unless asked for; its code loads only then.
startLab()

const root = document.getElementById('root')
if (!root) throw new Error('No #root')

/** On /void, a new task: the first render waits for the feed anyway. Elsewhere, none. */
const onVoidNextTask = (): Promise<void> | void =>
  firstFeed ? new Promise((resolve) => setTimeout(resolve, 0)) : undefined

/** The router's code: on `/` after the writer's first paint, elsewhere before the first screen. */
const loadRouter = () => import('./app/router-start')

/** On `/`, the writer's first paint, without the router (src/app/app-root.tsx). */
const writerFirst = location.pathname === '/'

/**
 * Off `/`, loads the router and matches the first route; then renders into `root`. On /void,
 * evaluating the app's scripts, making the history, making the router, reading the language, matching
 * the route and making React's root are tasks of their own, not one long task on a slow phone; the
 * writer's start does not wait between them.
 */
async function start(root: HTMLElement): Promise<void> {
  let routed: Routed | null = null
  let routerFailed: { error: unknown } | undefined
  // Its code not fetched (a first visit gone offline): the screen says so calmly, never a blank page.
  const code = writerFirst
    ? null
    : await loadRouter().catch((error: unknown) => {
        routerFailed = { error }
        return null
      })
  if (code) {
    const { createAppHistory, createAppRouter, RoutedScreens } = code
    await onVoidNextTask()
    // The history and the router are made in tasks of their own: together, one over 50 ms at 4× CPU.
    const history = createAppHistory()
    await onVoidNextTask()
    routed = { router: createAppRouter({ history }), RoutedScreens }
    await onVoidNextTask()
  }
  // The first read of the page's storage can take a while on a slow phone: a task of its own too.
  const language = startingLanguage()
  await onVoidNextTask()
  await Promise.all([
    // The first route is matched before React renders, so the screen appears in React's first
    // commit rather than after a suspended one: a faster start, offline too.
    routed?.router
      .load()
      .catch((error: unknown) => console.error('First route not matched', error)),
    firstFeed,
    // The visitor's language (its one chunk; none for English) comes before the first render.
    applyLanguage(language),
  ])
  await onVoidNextTask()
  const render = () =>
    createRoot(root).render(
      <StrictMode>
        <AppRoot
          startUp={loadAppStart}
          routed={routed}
          loadRouter={loadRouter}
          routerFailed={routerFailed}
        />
      </StrictMode>,
    )
  // The first render is a transition: React renders it in slices of a few milliseconds, yielding to
  // the browser between them, rather than in one long task (only the commit is one piece). On a slow
  // phone a screen's first render is long enough to count in Lighthouse's Total Blocking Time, whose
  // simulated first paint leaves module scripts out; the offline start is no slower for it
  // (docs/perf-log.md).
  startTransition(render)
}

void start(root)
