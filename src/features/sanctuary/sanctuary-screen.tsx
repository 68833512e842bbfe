/**
 * Return to Yourself (/return): the visitor's private entries, newest first, each of which can be
 * published to The Void or let go (each behind its confirmation), kept in step with other tabs, and
 * safe-guarded beyond SPEC.md: a downloadable copy, restoring one, and plain words when the browser
 * will not keep them (PRODUCT.md 5, 6, 9).
 */
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { ConfirmDialog } from '../../components/dialog'
import { ScreenHeader } from '../../components/screen-header'
import { isPersisted } from '../../lib/sanctuary-storage'
import { entriesCountLabel, newestFirst, type SanctuaryEntry } from '../../shared/sanctuary-entries'
import { SANCTUARY_TEXTS, sanctuaryOfferToast } from '../../shared/offer-outcome'
import { isReadyText } from '../../shared/thought'
import { useAppStore } from '../../store'
import { EntryCard } from './entry-card'
import { KeepACopy } from './keep-a-copy'
import { LockPanel } from './lock/lock-panel'
import { LockSettings } from './lock/lock-settings'
import { StorageNotices } from './storage-notices'
import './sanctuary.css'

type Pending = { kind: 'publish' | 'delete'; entry: SanctuaryEntry } | null

/** The private entries' screen. */
export function SanctuaryScreen() {
  const entries = useAppStore((s) => s.sanctuaryEntries)
  const storage = useAppStore((s) => s.sanctuaryStorage)
  const lock = useAppStore((s) => s.sanctuaryLock)
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
        {storage.loaded && (lock === 'locked' || lock === 'unreadable') && (
          <LockPanel lock={lock} />
        )}
        {storage.loaded &&
          (lock === 'off' || lock === 'unlocked') &&
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
        {storage.loaded && <LockSettings lock={lock} entries={entries} />}
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
