/**
 * A card's quiet Report action: a confirmation that says what happens, then the card is hidden on this
 * device and the report waits in the offer queue (`reportThought`, src/offering/offering.ts). Cards hide themselves with
 * `useReported`, so the wall itself needs no filtering.
 */
import { lazy, Suspense, useRef, useState, useSyncExternalStore } from 'react'
import {
  onReportedThoughtsChange,
  rememberReported,
  reportedThoughts,
} from '../model/reported-thoughts'
import { reportThought } from '../../../offering/offering'
import { translator } from '../../../i18n/i18n'
import { VOID_MESSAGES } from '../../../i18n/messages/void'

const t = translator(VOID_MESSAGES)

const ConfirmDialog = lazy(() =>
  import('../../../components/dialog').then(({ ConfirmDialog }) => ({ default: ConfirmDialog })),
)

/** True once `thoughtId` has been reported on this device. */
export function useReported(thoughtId: number): boolean {
  return useSyncExternalStore(onReportedThoughtsChange, () => reportedThoughts().has(thoughtId))
}

/** The Report button of the card of `thoughtId`, and its confirmation. */
export function ReportAction({ thoughtId }: { thoughtId: number }) {
  const [asking, setAsking] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const focusAfter = useRef<HTMLElement | null>(null)
  const report = () => {
    // The card leaves at once (and the dialog with it): focus moves to the next card's first action,
    // or the previous card's, or the page's heading.
    const card = button.current?.closest('article')
    const neighbour = (element: Element | null | undefined) =>
      element?.querySelector<HTMLElement>('.void-card__action') ?? null
    focusAfter.current =
      neighbour(card?.nextElementSibling) ??
      neighbour(card?.previousElementSibling) ??
      document.querySelector<HTMLElement>('main h1')
    rememberReported(thoughtId)
    void reportThought(thoughtId).catch((error: unknown) =>
      console.error('The report could not be queued', error),
    )
  }
  return (
    <>
      <button
        ref={button}
        type="button"
        className="void-card__action void-card__action--report"
        onClick={() => setAsking(true)}
      >
        {t('card.report')}
      </button>
      {asking && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={t('report.title')}
            description={t('report.text')}
            confirmLabel={t('report.confirm')}
            destructive
            onConfirm={report}
            onCancel={() => setAsking(false)}
            returnFocus={() => focusAfter.current}
          />
        </Suspense>
      )}
    </>
  )
}
