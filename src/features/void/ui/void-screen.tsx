/**
 * The Void (/void): the public wall, newest first, in pages. States: loading the first page, empty,
 * the list, and when the wall cannot be reached either the last feed kept (with when it was fetched)
 * or a calm message with Retry. The visitor's own waiting offers sit at the top, marked as waiting.
 */
import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { HelpLink } from '../../../components/help-link'
import { PendingOffers } from '../../../components/pending-offers'
import { ScreenHeader } from '../../../components/screen-header'
import { formatDisplayDate } from '../../../shared/display-date'
import { voidCountLine } from '../model/void-format'
import { VOID_PAGE_SIZE } from '../../../core/void-rest'
import { useAppStore } from '../../../store'
import { useVoidFeedStore } from '../model/void-feed-store'
import { NewThoughtsButton } from './new-thoughts-button'
import { useLiveWall } from './use-new-thoughts'
import { loadMoreVoidThoughts, loadVoidFeed, loadVoidFeedOnArrival } from '../model/void-feed'
import { VoidWall } from './void-wall'
import './void.css'

/** Footer line under the wall (SPEC.md). */
export const VOID_FOOTER =
  'These thoughts exist in the void, shared by souls who needed to release them.'

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
      Retry
    </button>
  )
}

function StaleNote({ fetchedAt }: { fetchedAt: string }) {
  return (
    <div className="void__note" role="status">
      <p>
        The void can&rsquo;t be reached right now. Showing thoughts as fetched on{' '}
        <time dateTime={fetchedAt}>{formatDisplayDate(fetchedAt)}</time>.
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
        Loading thoughts...
      </p>
    )
  }
  if (feed.status === 'error') {
    return (
      <div className="void__state" role="status">
        <h2 className="void__state-title">The void can&rsquo;t be reached right now.</h2>
        <p className="quiet">Nothing is lost. Check your connection, then try again.</p>
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
          <h2 className="void__state-title">The void is empty.</h2>
          <p className="quiet">Nothing has been shared yet.</p>
          <Link to="/" className="button button--primary">
            Return to Unburden
          </Link>
        </div>
      </>
    )
  }
  return (
    <>
      {feed.fetchedAt && <StaleNote fetchedAt={feed.fetchedAt} />}
      <div className="void__intro">
        <h2 className="void__heading">Thoughts released into the void</h2>
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
          Loading more thoughts...
        </p>
      )}
      {feed.more === 'error' && (
        <div className="void__more" role="status">
          <p className="quiet">More thoughts could not be loaded.</p>
          <button type="button" className="button" onClick={() => void loadMoreVoidThoughts()}>
            Retry
          </button>
        </div>
      )}
      <footer className="void__footer">
        <p className="quiet">{VOID_FOOTER}</p>
        <Link to="/" className="button button--primary">
          Add Your Voice
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
        title="THE VOID"
        links={[{ to: '/return', label: 'Return to Yourself' }]}
      />
      <main className="void">
        <HelpLink />
        <PendingOffers />
        <VoidContent />
      </main>
    </div>
  )
}
