/** A card of Return to Yourself: one private entry and its two actions. */
import { formatEntryDate, type PrivateEntry } from '../private-entry'
import { t } from './lock-words'

export interface EntryCardProps {
  entry: PrivateEntry
  onAsk: (kind: 'publish' | 'delete', entry: PrivateEntry, button: HTMLButtonElement) => void
}

/** One private entry: its text, its date, and "Publish to Void" / "Let it go". */
export function EntryCard({ entry, onAsk }: EntryCardProps) {
  const textId = `entry-${entry.id}`
  return (
    <li className="card private-entries__entry" data-entry-id={entry.id}>
      <p id={textId} className="card__text" dir="auto">
        {entry.text}
      </p>
      <p className="card__date">
        <time dateTime={entry.date}>{formatEntryDate(entry.date)}</time>
      </p>
      <div className="private-entries__actions">
        <button
          type="button"
          className="button"
          aria-describedby={textId}
          onClick={(event) => onAsk('publish', entry, event.currentTarget)}
        >
          {t('privateEntries.publish')}
        </button>
        <button
          type="button"
          className="button"
          aria-describedby={textId}
          onClick={(event) => onAsk('delete', entry, event.currentTarget)}
        >
          {t('privateEntries.letGo')}
        </button>
      </div>
    </li>
  )
}
