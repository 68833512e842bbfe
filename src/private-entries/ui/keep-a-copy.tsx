/** Return to Yourself's "Keep a copy": download the private entries, restore them from a file. */
import { useRef, useState, type ChangeEvent } from 'react'
import { askToPersist } from '../persistence'
import { downloadPrivateEntriesCopy } from '../plain-storage'
import { readEntriesCopy, type PrivateEntry } from '../private-entry'
import { useAppStore } from '../../store'
import { isEncryptedCopy } from '../lock/envelope'
import { EncryptedCopyDialog, EncryptedRestoreDialog } from './encrypted-copy'
import { t } from './lock-words'

/**
 * "Download a copy" and "Restore from a copy", and a quiet word when the browser may clear storage.
 * It reads the entries only when a copy is made, and holds no reference to them otherwise: the browser
 * keeps a page's form fields (this file input) for its history, and with them whatever their handlers
 * can reach. The screen also mounts it afresh with every lock state, so its dialogs close.
 */
export function KeepACopy({ persisted }: { persisted: boolean | null }) {
  const count = useAppStore((s) => s.privateEntries.length)
  // The browser has not promised to keep them, and there is something to lose.
  const showPersistNote = persisted === false && count > 0
  const fileInput = useRef<HTMLInputElement>(null)
  const [restoreError, setRestoreError] = useState('')
  const [encryptedCopy, setEncryptedCopy] = useState<'download' | { raw: string } | null>(null)

  const restore = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0]
    event.currentTarget.value = ''
    if (!file) return
    const text = await file.text().catch(() => '')
    if (isEncryptedCopy(text)) {
      setRestoreError('')
      setEncryptedCopy({ raw: text })
      return
    }
    const copy = readEntriesCopy(text)
    if (!copy.ok) {
      setRestoreError(copy.reason)
      return
    }
    setRestoreError('')
    await merge(copy.entries)
  }

  const merge = async (restored: PrivateEntry[]) => {
    const { showToast, mergeEntries } = useAppStore.getState()
    const { added, stored } = await mergeEntries(restored)
    if (added > 0 && stored) void askToPersist()
    showToast({
      title: t('copy.restoredTitle'),
      description:
        added === 0
          ? t('copy.nothingNew')
          : `${t('copy.added', { n: added })}${stored ? '' : t('copy.notStored')}`,
    })
  }

  return (
    <section className="private-entries__keep" aria-labelledby="keep-heading">
      <h2 id="keep-heading" className="private-entries__keep-title">
        {t('copy.title')}
      </h2>
      <p className="quiet">{t('copy.text')}</p>
      {showPersistNote && (
        <p className="quiet private-entries__persist-note">{t('copy.persistNote')}</p>
      )}
      <div className="private-entries__keep-actions">
        <button
          type="button"
          className="button"
          onClick={() => downloadPrivateEntriesCopy(useAppStore.getState().privateEntries)}
          disabled={count === 0}
        >
          {t('copy.download')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => setEncryptedCopy('download')}
          disabled={count === 0}
        >
          {t('copy.downloadEncrypted')}
        </button>
        <button type="button" className="button" onClick={() => fileInput.current?.click()}>
          {t('copy.restore')}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          className="visually-hidden"
          tabIndex={-1}
          aria-label={t('copy.fileLabel')}
          onChange={(event) => void restore(event)}
        />
      </div>
      <p className="private-entries__restore-error" role="alert">
        {restoreError}
      </p>
      {encryptedCopy === 'download' && (
        <EncryptedCopyDialog onClose={() => setEncryptedCopy(null)} />
      )}
      {encryptedCopy !== null && encryptedCopy !== 'download' && (
        <EncryptedRestoreDialog
          raw={encryptedCopy.raw}
          onEntries={merge}
          onClose={() => setEncryptedCopy(null)}
        />
      )}
    </section>
  )
}
