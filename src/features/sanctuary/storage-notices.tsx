/** Return to Yourself's plain words about storage: not kept, full, or unreadable data kept aside. */

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
