/**
 * The Void (/void): the public wall, newest first, in pages. States: loading the first page, empty,
 * the list, and when the wall cannot be reached either the last feed kept (with when it was fetched)
 * or a calm message with Retry. The visitor's own waiting offers sit at the top, marked as waiting.
 */
import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { HelpLink } from '../../../components/help-link'
import { PendingOffers } from '../../../offering/pending-offers'
import { ScreenHeader } from '../../../components/screen-header'
import { formatDisplayDate } from '../../../lib/display-date'
import { voidCountLine } from '../model/void-format'
import { VOID_PAGE_SIZE } from '../../../shared/void-rest'
import { useAppStore } from '../../../store'
import { useVoidFeedStore } from '../model/void-feed-store'
import { NewThoughtsButton } from './new-thoughts-button'
import { useLiveWall } from './use-new-thoughts'
import { loadMoreVoidThoughts, loadVoidFeed, loadVoidFeedOnArrival } from '../model/void-feed'
import { VoidWall } from './void-wall'
import './void.css'
import { translator } from '../../../i18n/i18n'
import { APP_MESSAGES } from '../../../i18n/messages/app'
import { VOID_MESSAGES } from '../../../i18n/messages/void'

const t = translator(VOID_MESSAGES)
const tApp = translator(APP_MESSAGES)
/** Stands for the date's element while the sentence around it is split. */
const DATE_SLOT = '\u{E000}'

/**
 * Loads the feed on arrival, and again once an offer waiting at the top has been delivered, unless
 * the visitor has paged further down (reloading would take their place on the wall away).
 */
function useVoidFeedLoading() {
  const waiting = useAppStore((s) => s.pendingOffers.length)
  const lastWaiting = useRef(waiting)
  useEffect(() => {
    void loadVoidFeedOnArrival()
  }, [])
  useEffect(() => {
    const delivered = waiting < lastWaiting.current
    lastWaiting.current = waiting
    if (delivered && useVoidFeedStore.getState().voidFeed.thoughts.length <= VOID_PAGE_SIZE) {
      void loadVoidFeed()
    }
  }, [waiting])
}

function RetryButton() {
  return (
    <button type="button" className="button" onClick={() => void loadVoidFeed()}>
      {t('void.retry')}
    </button>
  )
}

function StaleNote({ fetchedAt }: { fetchedAt: string }) {
  // The date is an element of its own inside the sentence, wherever the language puts it.
  const [before = '', after = ''] = t('void.staleNote', { date: DATE_SLOT }).split(DATE_SLOT)
  return (
    <div className="void__note" role="status">
      <p>
        {before}
        <time dateTime={fetchedAt}>{formatDisplayDate(fetchedAt)}</time>
        {after}
      </p>
      <RetryButton />
    </div>
  )
}

function VoidContent() {
  const feed = useVoidFeedStore((s) => s.voidFeed)
  if (feed.status === 'idle' || feed.status === 'loading') {
    return (
      <p className="quiet void__loading" role="status">
        {t('void.loading')}
      </p>
    )
  }
  if (feed.status === 'error') {
    return (
      <div className="void__state" role="status">
        <h2 className="void__state-title">{t('void.unreachable')}</h2>
        <p className="quiet">{t('void.errorText')}</p>
        <RetryButton />
      </div>
    )
  }
  const total = feed.total ?? feed.thoughts.length
  if (feed.thoughts.length === 0) {
    return (
      <>
        {feed.fetchedAt && <StaleNote fetchedAt={feed.fetchedAt} />}
        <div className="void__state">
          <NewThoughtsButton />
          <h2 className="void__state-title">{t('void.emptyTitle')}</h2>
          <p className="quiet">{t('void.emptyText')}</p>
          <Link to="/" className="button button--primary">
            {t('void.returnToWriter')}
          </Link>
        </div>
      </>
    )
  }
  return (
    <>
      {feed.fetchedAt && <StaleNote fetchedAt={feed.fetchedAt} />}
      <div className="void__intro">
        <h2 className="void__heading">{t('void.heading')}</h2>
        <p className="quiet void__count">{voidCountLine(total)}</p>
        <NewThoughtsButton />
      </div>
      <VoidWall
        thoughts={feed.thoughts}
        revealed={feed.revealed}
        canLoadMore={feed.hasMore && feed.more === 'idle'}
        onNearEnd={loadMoreVoidThoughts}
      />
      {feed.more === 'loading' && (
        <p className="quiet void__more" role="status">
          {t('void.loadingMore')}
        </p>
      )}
      {feed.more === 'error' && (
        <div className="void__more" role="status">
          <p className="quiet">{t('void.moreFailed')}</p>
          <button type="button" className="button" onClick={() => void loadMoreVoidThoughts()}>
            {t('void.retry')}
          </button>
        </div>
      )}
      <footer className="void__footer">
        <p className="quiet">{t('void.footer')}</p>
        <Link to="/" className="button button--primary">
          {t('void.addYourVoice')}
        </Link>
      </footer>
    </>
  )
}

/** The Void's screen. */
export function VoidScreen() {
  useVoidFeedLoading()
  useLiveWall()
  return (
    <div className="screen">
      <ScreenHeader
        back
        title={t('void.title')}
        links={[{ to: '/return', label: tApp('nav.return') }]}
      />
      <main className="void">
        <HelpLink />
        <PendingOffers />
        <VoidContent />
      </main>
    </div>
  )
}
