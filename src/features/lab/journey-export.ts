/**
 * The network lab's bug report: every journey as JSON, in a versioned shape, with what the tester's
 * device was (app and worker versions, user agent, what the browser offers). The words of offers
 * still held are included only when the tester asks, read from the queue at export time: the
 * journey log itself never holds them.
 */
import { downloadBlob } from '../../lib/download'
import type { QueuedOffer } from '../../offering/shared/offer'
import type { OfferJourney } from '../../offering/shared/offer-journey'

/** The export's format name and version; bump the version when the shape changes. */
export const JOURNEY_EXPORT_FORMAT = 'unburden-offer-journeys'
export const JOURNEY_EXPORT_VERSION = 1

/** What the export says about the device. */
export interface ExportDevice {
  appVersion: string
  serviceWorker: { state: string; controlsPage: boolean; version?: string }
  userAgent: string
  online: boolean
  backgroundSync: boolean
  webLocks: boolean
}

/** The bug report's shape (version 1). */
export interface JourneyExport {
  format: typeof JOURNEY_EXPORT_FORMAT
  version: typeof JOURNEY_EXPORT_VERSION
  exportedAt: string
  device: ExportDevice
  includesText: boolean
  offers: Array<
    OfferJourney & {
      /** `held` while in the queue, `refused` when the worker set it aside, else how it ended. */
      state: 'held' | 'refused' | 'ended'
      attempts?: number
      text?: string
    }
  >
}

/** Builds the bug report; `includeText` adds the words of offers still in the queue. Pure. */
export function buildJourneyExport(input: {
  journeys: readonly OfferJourney[]
  queue: readonly QueuedOffer[]
  device: ExportDevice
  includeText: boolean
  now: number
}): JourneyExport {
  const queued = new Map(input.queue.map((offer) => [offer.clientId, offer]))
  // An offer held before its journey could be written (or while writing failed) is reported too.
  const logged = new Set(input.journeys.map((journey) => journey.clientId))
  const unlogged: OfferJourney[] = input.queue
    .filter((offer) => !logged.has(offer.clientId))
    .map((offer) => ({
      clientId: offer.clientId,
      kind: offer.report ? 'report' : 'offer',
      queuedAt: offer.queuedAt,
      events: [],
      dropped: 0,
      updatedAt: offer.queuedAt,
    }))
  return {
    format: JOURNEY_EXPORT_FORMAT,
    version: JOURNEY_EXPORT_VERSION,
    exportedAt: new Date(input.now).toISOString(),
    device: input.device,
    includesText: input.includeText,
    offers: [...input.journeys, ...unlogged].map((journey) => {
      const offer = queued.get(journey.clientId)
      return {
        ...journey,
        state: !offer ? 'ended' : offer.refusedStatus !== undefined ? 'refused' : 'held',
        ...(offer ? { attempts: offer.attempts } : {}),
        ...(offer && input.includeText && !offer.report ? { text: offer.text } : {}),
      }
    }),
  }
}

/** Downloads `report` as a JSON file. */
export function downloadJourneyExport(report: JourneyExport): void {
  const blob = new Blob([JSON.stringify(report, null, 2)], { type: 'application/json' })
  downloadBlob(blob, `unburden-journeys-${report.exportedAt.replace(/[:.]/g, '-')}.json`)
}
