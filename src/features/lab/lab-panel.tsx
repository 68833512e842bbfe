/**
 * The network lab's panel: what this device and the app see (online, the service worker, Background
 * Sync, Web Locks, who holds the flush lock), the backend faults and the drill (their own sections),
 * the held offers with Try now and Withdraw, the journeys of recent offers, and the JSON export.
 * A region with a heading, not a modal: the tester keeps using the app beside it. Escape closes it.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { version as appVersion } from '../../../package.json'
import type { OfferQueue } from '../../offering/offer-queue'
import type { LabServices } from './lab-services'
import type { QueuedOffer } from '../../offering/shared/offer'
import { withdrawOffer } from '../../offering/offering'
import { useAppStore } from '../../store'
import { DropDrillSection } from './drop-drill-section'
import { FaultControls } from './fault-controls'
import { HeldOffer } from './held-offer'
import { buildJourneyExport, downloadJourneyExport } from './journey-export'
import { JourneyTimeline } from './journey-timeline'
import { formatAgo, formatDuration, journeyEnding } from './lab-words'
import { useLabState, type LabState } from './use-lab-state'

interface LabPanelProps {
  services: LabServices
  onClose: () => void
  /** Turns the lab off for this tab (and with it every simulation). */
  onTurnOff: () => void
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no')

/** When the queue will next try, in words. */
function nextTryWords(
  state: LabState,
  online: boolean,
  queue: Pick<OfferQueue, 'nextTryAt'> | undefined,
): string {
  if (!online) return 'when the app is back online'
  const timerAt = queue?.nextTryAt() ?? null
  if (timerAt !== null) return `in ${formatDuration(timerAt - state.now)} (backoff timer)`
  if (state.lock.holder !== 'nobody') return `now (${state.lock.holder} is flushing)`
  return 'at the next start, online, visible or Try now'
}

/** The lab panel. */
export function LabPanel({ services, onClose, onTurnOff }: LabPanelProps) {
  const { queue } = services
  const state = useLabState(services)
  const online = useAppStore((s) => s.online)
  const headingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [notice, setNotice] = useState('')
  const [busy, setBusy] = useState(false)
  const [includeText, setIncludeText] = useState(false)

  useEffect(() => headingRef.current?.focus(), [])

  const journeyOf = new Map(state.journeys.map((j) => [j.clientId, j]))
  const queued = new Set(state.queue.map((o) => o.clientId))
  const ended = state.journeys.filter((j) => !queued.has(j.clientId))
  const nextTry = nextTryWords(state, online, queue())

  const tryNow = () => {
    const running = queue()
    if (!running) return setNotice('The offer queue has not started yet.')
    if (!online) return setNotice('The app sees itself offline: it tries again once online.')
    setNotice('Trying now…')
    void running.requestFlush('try-now').then(() => setNotice('Tried.'))
  }

  const withdraw = (offer: QueuedOffer) => {
    setBusy(true)
    void withdrawOffer(offer)
      .then((outcome) =>
        setNotice(
          outcome === 'withdrawn'
            ? 'Withdrawn: the words are back in Return to Yourself.'
            : 'Already sent: nothing to withdraw.',
        ),
      )
      .catch(() => setNotice('It could not be withdrawn.'))
      .finally(() => setBusy(false))
  }

  const exportJson = () => {
    downloadJourneyExport(
      buildJourneyExport({
        journeys: state.journeys,
        queue: state.queue,
        includeText,
        now: Date.now(),
        device: {
          appVersion,
          serviceWorker: {
            state: state.worker.state,
            controlsPage: state.worker.controlsPage,
            ...(state.worker.version ? { version: state.worker.version } : {}),
          },
          userAgent: navigator.userAgent,
          online,
          backgroundSync: state.backgroundSync,
          webLocks: state.webLocks,
        },
      }),
    )
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      onClose()
    }
  }

  const worker = state.worker
  return (
    <section className="lab-panel" aria-labelledby={headingId} onKeyDown={onKeyDown}>
      <div className="lab-panel__bar">
        <h2 id={headingId} ref={headingRef} tabIndex={-1}>
          Network lab
        </h2>
        <div className="lab-panel__actions">
          <button type="button" className="lab-button" onClick={onTurnOff}>
            Turn off
          </button>
          <button type="button" className="lab-button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>

      <h3>This device</h3>
      <dl className="lab-facts">
        <dt>Network</dt>
        <dd>{online ? 'online' : 'offline'}</dd>
        <dt>Service worker</dt>
        <dd>
          {worker.supported
            ? `${worker.state}${worker.version ? `, version ${worker.version.slice(0, 8)}` : ''}, ${
                worker.controlsPage ? 'controls this page' : 'does not control this page'
              }`
            : 'not in this browser'}
        </dd>
        <dt>Background Sync</dt>
        <dd>{yesNo(state.backgroundSync)}</dd>
        <dt>Web Locks</dt>
        <dd>{yesNo(state.webLocks)}</dd>
        <dt>Flush lock</dt>
        <dd>
          {state.webLocks
            ? `held by ${state.lock.holder}${state.lock.waiting > 0 ? `, ${state.lock.waiting} waiting` : ''}`
            : 'no Web Locks: each tab flushes alone'}
        </dd>
        <dt>App</dt>
        <dd>version {appVersion}</dd>
      </dl>

      <FaultControls />
      <DropDrillSection />

      <div className="lab-panel__row">
        <h3>Held offers ({state.queue.length})</h3>
        <button type="button" className="lab-button" onClick={tryNow}>
          Try now
        </button>
      </div>
      <p role="status" className="lab-notice">
        {notice}
      </p>
      {state.queue.length === 0 ? (
        <p className="lab-quiet">Nothing is held.</p>
      ) : (
        <ul className="lab-offers">
          {state.queue.map((offer) => (
            <HeldOffer
              key={offer.clientId}
              offer={offer}
              journey={journeyOf.get(offer.clientId)}
              nextTry={
                offer.refusedStatus === undefined ? nextTry : 'never: handed back next start'
              }
              now={state.now}
              onWithdraw={withdraw}
              busy={busy}
            />
          ))}
        </ul>
      )}

      <h3>Recent journeys</h3>
      {ended.length === 0 ? (
        <p className="lab-quiet">No offer has left the queue in the last day.</p>
      ) : (
        <ul className="lab-offers">
          {ended.map((journey) => (
            <li key={journey.clientId} className="lab-offer">
              <details className="lab-journey">
                <summary>
                  {journey.kind === 'report' ? 'Report' : 'Offer'} {journeyEnding(journey)}{' '}
                  {journey.endedAt !== undefined && formatAgo(journey.endedAt, state.now)}
                </summary>
                <JourneyTimeline journey={journey} />
              </details>
            </li>
          ))}
        </ul>
      )}

      <h3>Export</h3>
      <label className="lab-check">
        <input
          type="checkbox"
          checked={includeText}
          onChange={(event) => setIncludeText(event.target.checked)}
        />
        Include the words of offers still held
      </label>
      <button type="button" className="lab-button" onClick={exportJson}>
        Export JSON
      </button>
    </section>
  )
}
