/**
 * Return to Yourself (/return): the visitor's private entries, newest first, each of which can be
 * published to The Void or let go (each behind its confirmation), kept in step with other tabs, and
 * safe-guarded beyond the specification (docs/product.md): a downloadable copy, restoring one, and
 * plain words when the browser will not keep them (docs/product.md, decisions 5, 6, 9).
 *
 * Everything that holds an entry's text (the list, a confirmation, the copies' dialogs) is a component
 * mounted only while the entries can be read, or one that mounts afresh with every lock state: when
 * the entries lock, React lets go of the whole subtree, its state and its previous render included,
 * so none of the text stays in the page's memory.
 */
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { ConfirmDialog } from '../../components/dialog'
import { ScreenHeader } from '../../components/screen-header'
import { createPassphraseEstimator } from '../lock/passphrase-estimator'
import { isPersisted } from '../persistence'
import { entriesCountLabel, newestFirst, type PrivateEntry } from '../private-entry'
import type { LockCommands } from '../storage-contract'
import { privateEntryConfirmation, privateEntryOfferToast } from '../../offering/offer-outcome'
import { offerToVoid } from '../../offering/offering'
import { isReadyText } from '../../lib/thought'
import { useAppStore } from '../../store'
import { translator } from '../../i18n/i18n'
import { APP_MESSAGES } from '../../i18n/messages/app'
import { EntryCard } from './entry-card'
import { EstimatorContext } from './estimator-context'
import { KeepACopy } from './keep-a-copy'
import { LockPanel } from './lock-panel'
import { LockProblems } from './lock-problems'
import { LockSettings } from './lock-settings'
import { StorageNotices } from './storage-notices'
import { t } from './lock-words'
import { LanguageSwitcher } from '../../components/language-switcher'
import './return-screen.css'

const tApp = translator(APP_MESSAGES)

type Pending = { kind: 'publish' | 'delete'; entry: PrivateEntry } | null

/** Whether the entries can be read now (the store's word, at the moment of asking). */
const entriesReadable = () => {
  const lock = useAppStore.getState().privateLock
  return lock === 'off' || lock === 'unlocked'
}

/** The private entries' screen. */
export function ReturnScreen() {
  const storage = useAppStore((s) => s.privateStorage)
  const lock = useAppStore((s) => s.privateLock)
  const [persisted, setPersisted] = useState<boolean | null>(null)
  // The lock's commands come with the storage the app connected, made once for the whole app.
  const [commands, setCommands] = useState<LockCommands | undefined>()
  // One estimator for every field of a new passphrase on this screen (its worker runs only while
  // one is shown).
  const [estimator] = useState(createPassphraseEstimator)

  useEffect(() => {
    void useAppStore
      .getState()
      .loadEntries()
      .then((storage) => setCommands(storage.lock))
    void isPersisted().then(setPersisted)
  }, [])

  const readable = lock === 'off' || lock === 'unlocked'

  return (
    <div className="screen">
      <ScreenHeader
        back
        title={t('privateEntries.title')}
        links={[{ to: '/void', label: tApp('nav.void') }]}
      />
      <main className="private-entries">
        <EstimatorContext value={estimator}>
          <StorageNotices
            health={storage.health}
            unsavedChanges={storage.unsavedChanges}
            backupKey={storage.backupKey}
          />
          {commands && <LockProblems lock={commands} />}
          {storage.loaded && commands && (lock === 'locked' || lock === 'unreadable') && (
            <LockPanel lock={lock} commands={commands} />
          )}
          {storage.loaded && readable && <PrivateEntries />}
          {storage.loaded && <KeepACopy key={`copy-${lock}`} persisted={persisted} />}
          {storage.loaded && commands && (
            <LockSettings key={`settings-${lock}`} lock={lock} commands={commands} />
          )}
          <LanguageSwitcher />
        </EstimatorContext>
      </main>
    </div>
  )
}

/** The list (or its empty state) and the confirmation of an entry's action; mounted only while readable. */
function PrivateEntries() {
  const entries = useAppStore((s) => s.privateEntries)
  const [pending, setPending] = useState<Pending>(null)
  const [busy, setBusy] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const actionButton = useRef<HTMLButtonElement | null>(null)

  const close = () => {
    setPending(null)
    setBusy(false)
  }

  const publish = async (entry: PrivateEntry) => {
    // A confirmation pressed just as the entries locked publishes nothing.
    if (!entriesReadable()) return close()
    const { removeEntry, showToast } = useAppStore.getState()
    setBusy(true)
    // 'sanctuary' is the origin queued offers already store on devices (see OfferOrigin).
    const outcome = isReadyText(entry.text)
      ? await offerToVoid(entry.text, 'sanctuary', entry)
      : 'refused'
    if (outcome === 'offered' || outcome === 'held') {
      // Offered, or safely in the queue: only now does the entry leave the list (docs/product.md,
      // decision 6).
      actionButton.current = null
      await removeEntry(entry.id)
    }
    showToast(privateEntryOfferToast(outcome))
    close()
  }

  const letGo = async (entry: PrivateEntry) => {
    if (!entriesReadable()) return close()
    setBusy(true)
    actionButton.current = null
    await useAppStore.getState().removeEntry(entry.id)
    close()
  }

  const ask = (kind: 'publish' | 'delete', entry: PrivateEntry, button: HTMLButtonElement) => {
    actionButton.current = button
    setPending({ kind, entry })
  }

  const list = newestFirst(entries)

  return (
    <>
      {list.length === 0 ? (
        <section className="private-entries__empty" aria-labelledby="private-entries-heading">
          <h2 id="private-entries-heading" ref={headingRef} tabIndex={-1}>
            {t('privateEntries.emptyTitle')}
          </h2>
          <p className="quiet">{t('privateEntries.emptyText')}</p>
          <Link to="/" className="button button--primary">
            {t('privateEntries.returnToWriter')}
          </Link>
        </section>
      ) : (
        <section aria-labelledby="private-entries-heading">
          <h2 id="private-entries-heading" ref={headingRef} tabIndex={-1}>
            {t('privateEntries.heading')}
          </h2>
          <p className="quiet private-entries__count">{entriesCountLabel(list.length)}</p>
          <ul className="private-entries__list">
            {list.map((entry) => (
              <EntryCard key={entry.id} entry={entry} onAsk={ask} />
            ))}
          </ul>
          <div className="private-entries__footer">
            <Link to="/" className="button button--primary">
              {t('privateEntries.addAnother')}
            </Link>
          </div>
        </section>
      )}
      {pending && (
        <ConfirmDialog
          key={`${pending.kind}-${pending.entry.id}`}
          title={privateEntryConfirmation(pending.kind).title}
          description={privateEntryConfirmation(pending.kind).description}
          confirmLabel={
            pending.kind === 'publish'
              ? t('privateEntries.publishConfirm')
              : t('privateEntries.letGo')
          }
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
    </>
  )
}
