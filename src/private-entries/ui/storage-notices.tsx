/** Return to Yourself's plain words about storage: not kept, full, or unreadable data kept aside. */
import { t } from './lock-words'

export interface StorageNoticesProps {
  health: 'ok' | 'full' | 'unavailable'
  unsavedChanges: number
  backupKey: string | null
}

/** Plain words when the browser is not keeping the entries, or kept unreadable data aside. */
export function StorageNotices({ health, unsavedChanges, backupKey }: StorageNoticesProps) {
  return (
    <>
      {health === 'unavailable' && (
        <p className="private-entries__notice" role="alert">
          {t('storage.unavailable')}
        </p>
      )}
      {health === 'full' && unsavedChanges > 0 && (
        <p className="private-entries__notice" role="alert">
          {t('storage.full')}
        </p>
      )}
      {backupKey && (
        <p className="private-entries__notice private-entries__notice--quiet" role="status">
          {t('storage.backup', { key: backupKey })}
        </p>
      )}
    </>
  )
}
