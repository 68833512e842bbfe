/**
 * Return to Yourself (/return): the visitor's private entries, newest first, each of which can be
 * published to The Void or let go (each behind its confirmation), kept in step with other tabs, and
 * safe-guarded beyond SPEC.md: a downloadable copy, restoring one, and plain words when the browser
 * will not keep them (PRODUCT.md 5, 6, 9).
 */
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import { ConfirmDialog } from '../../components/dialog'
import { ScreenHeader } from '../../components/screen-header'
import { askToPersist, downloadSanctuaryCopy, isPersisted } from '../../lib/sanctuary-storage'
import {
  entriesCountLabel,
  formatEntryDate,
  newestFirst,
  readEntriesCopy,
  type SanctuaryEntry,
} from '../../shared/sanctuary-entries'
import { SANCTUARY_TEXTS, sanctuaryOfferToast } from '../../shared/offer-outcome'
import { isReadyText } from '../../shared/thought'
import { useAppStore } from '../../store'
import './sanctuary.css'

type Pending = { kind: 'publish' | 'delete'; entry: SanctuaryEntry } | null

/** The private entries' screen. */
export function SanctuaryScreen() {
  const entries = useAppStore((s) => s.sanctuaryEntries)
  const storage = useAppStore((s) => s.sanctuaryStorage)
  const [pending, setPending] = useState<Pending>(null)
  const [busy, setBusy] = useState(false)
  const [persisted, setPersisted] = useState<boolean | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const actionButton = useRef<HTMLButtonElement | null>(null)

  useEffect(() => {
    void useAppStore.getState().loadEntries()
    void isPersisted().then(setPersisted)
  }, [])

  const close = () => {
    setPending(null)
    setBusy(false)
  }

  const publish = async (entry: SanctuaryEntry) => {
    const { removeEntry, showToast, offerToVoid } = useAppStore.getState()
    setBusy(true)
    const outcome = isReadyText(entry.text)
      ? await offerToVoid(entry.text, 'sanctuary', entry)
      : 'refused'
    if (outcome === 'offered' || outcome === 'held') {
      // Offered, or safely in the queue: only now does the entry leave the list (PRODUCT.md 6).
      actionButton.current = null
      await removeEntry(entry.id)
    }
    showToast(sanctuaryOfferToast(outcome))
    close()
  }

  const letGo = async (entry: SanctuaryEntry) => {
    setBusy(true)
    actionButton.current = null
    await useAppStore.getState().removeEntry(entry.id)
    close()
  }

  const ask = (kind: 'publish' | 'delete', entry: SanctuaryEntry, button: HTMLButtonElement) => {
    actionButton.current = button
    setPending({ kind, entry })
  }

  const list = newestFirst(entries)

  return (
    <div className="screen">
      <ScreenHeader back title="Return to Yourself" links={[{ to: '/void', label: 'The Void' }]} />
      <main className="sanctuary">
        <StorageNotices
          health={storage.health}
          unsavedChanges={storage.unsavedChanges}
          backupKey={storage.backupKey}
        />
        {storage.loaded &&
          (list.length === 0 ? (
            <section className="sanctuary__empty" aria-labelledby="sanctuary-heading">
              <h2 id="sanctuary-heading" ref={headingRef} tabIndex={-1}>
                Your sanctuary is empty.
              </h2>
              <p className="quiet">Nothing has been saved privately yet.</p>
              <Link to="/" className="button button--primary">
                Return to Unburden
              </Link>
            </section>
          ) : (
            <section aria-labelledby="sanctuary-heading">
              <h2 id="sanctuary-heading" ref={headingRef} tabIndex={-1}>
                Your private thoughts
              </h2>
              <p className="quiet sanctuary__count">{entriesCountLabel(list.length)}</p>
              <ul className="sanctuary__list">
                {list.map((entry) => (
                  <EntryCard key={entry.id} entry={entry} onAsk={ask} />
                ))}
              </ul>
              <div className="sanctuary__footer">
                <Link to="/" className="button button--primary">
                  Add Another Thought
                </Link>
              </div>
            </section>
          ))}
        {storage.loaded && (
          <KeepACopy entries={entries} showPersistNote={persisted === false && list.length > 0} />
        )}
      </main>
      {pending && (
        <ConfirmDialog
          key={`${pending.kind}-${pending.entry.id}`}
          title={
            pending.kind === 'publish' ? SANCTUARY_TEXTS.publishTitle : SANCTUARY_TEXTS.deleteTitle
          }
          description={
            pending.kind === 'publish'
              ? SANCTUARY_TEXTS.publishDescription
              : SANCTUARY_TEXTS.deleteDescription
          }
          confirmLabel={pending.kind === 'publish' ? 'Publish' : 'Let it go'}
          destructive={pending.kind === 'delete'}
          busy={busy}
          onCancel={close}
          onConfirm={() =>
            void (pending.kind === 'publish' ? publish(pending.entry) : letGo(pending.entry))
          }
          returnFocus={() =>
            actionButton.current?.isConnected ? actionButton.current : headingRef.current
          }
        />
      )}
    </div>
  )
}

interface EntryCardProps {
  entry: SanctuaryEntry
  onAsk: (kind: 'publish' | 'delete', entry: SanctuaryEntry, button: HTMLButtonElement) => void
}

function EntryCard({ entry, onAsk }: EntryCardProps) {
  const textId = `entry-${entry.id}`
  return (
    <li className="card sanctuary__entry" data-entry-id={entry.id}>
      <p id={textId} className="card__text">
        {entry.text}
      </p>
      <p className="card__date">
        <time dateTime={entry.date}>{formatEntryDate(entry.date)}</time>
      </p>
      <div className="sanctuary__actions">
        <button
          type="button"
          className="button"
          aria-describedby={textId}
          onClick={(event) => onAsk('publish', entry, event.currentTarget)}
        >
          Publish to Void
        </button>
        <button
          type="button"
          className="button"
          aria-describedby={textId}
          onClick={(event) => onAsk('delete', entry, event.currentTarget)}
        >
          Let it go
        </button>
      </div>
    </li>
  )
}

interface StorageNoticesProps {
  health: 'ok' | 'full' | 'unavailable'
  unsavedChanges: number
  backupKey: string | null
}

/** Plain words when the browser is not keeping the entries, or kept unreadable data aside. */
function StorageNotices({ health, unsavedChanges, backupKey }: StorageNoticesProps) {
  return (
    <>
      {health === 'unavailable' && (
        <p className="sanctuary__notice" role="alert">
          This browser is not letting Unburden keep anything, so your private entries stay only
          while this tab is open. Download a copy to keep them.
        </p>
      )}
      {health === 'full' && unsavedChanges > 0 && (
        <p className="sanctuary__notice" role="alert">
          Your browser’s storage is full, so your latest changes are kept only while this tab is
          open. Download a copy to keep them safe.
        </p>
      )}
      {backupKey && (
        <p className="sanctuary__notice sanctuary__notice--quiet" role="status">
          Some of what was stored here could not be read. It has been kept aside, untouched, in this
          browser (under “{backupKey}”).
        </p>
      )}
    </>
  )
}

/** "Download a copy" and "Restore from a copy", and a quiet word when the browser may clear storage. */
function KeepACopy({
  entries,
  showPersistNote,
}: {
  entries: SanctuaryEntry[]
  showPersistNote: boolean
}) {
  const fileInput = useRef<HTMLInputElement>(null)
  const [restoreError, setRestoreError] = useState('')

  const restore = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0]
    event.currentTarget.value = ''
    if (!file) return
    const { showToast, mergeEntries } = useAppStore.getState()
    const copy = readEntriesCopy(await file.text().catch(() => ''))
    if (!copy.ok) {
      setRestoreError(copy.reason)
      return
    }
    setRestoreError('')
    const { added, stored } = await mergeEntries(copy.entries)
    if (added > 0 && stored) void askToPersist()
    showToast({
      title: 'Copy restored',
      description:
        added === 0
          ? 'Nothing new: every entry in this copy is already here.'
          : `${added} ${added === 1 ? 'entry was' : 'entries were'} added.${
              stored
                ? ''
                : ' Your browser could not store them, so they stay only while this tab is open.'
            }`,
    })
  }

  return (
    <section className="sanctuary__keep" aria-labelledby="keep-heading">
      <h2 id="keep-heading" className="sanctuary__keep-title">
        Keep a copy
      </h2>
      <p className="quiet">
        Your private entries live only in this browser. A copy is a file you keep yourself.
      </p>
      {showPersistNote && (
        <p className="quiet sanctuary__persist-note">
          This browser has not promised to keep them: it may clear them if it runs short of space.
        </p>
      )}
      <div className="sanctuary__keep-actions">
        <button
          type="button"
          className="button"
          onClick={() => downloadSanctuaryCopy(entries)}
          disabled={entries.length === 0}
        >
          Download a copy
        </button>
        <button type="button" className="button" onClick={() => fileInput.current?.click()}>
          Restore from a copy
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Copy of your private entries"
          onChange={(event) => void restore(event)}
        />
      </div>
      <p className="sanctuary__restore-error" role="alert">
        {restoreError}
      </p>
    </section>
  )
}
