/** The small line shown while offline, with the number of offers waiting (PRODUCT.md 4). */
import { useAppStore } from '../store'
import './app-notices.css'

/** "You're offline — your words are safe here · 2 offers waiting"; the region stays for announcements. */
export function OfflineStatus() {
  const online = useAppStore((s) => s.online)
  const waiting = useAppStore((s) => s.pendingOffers.length)
  return (
    <div className="offline-status" role="status">
      {!online && (
        <p className="offline-status__line">
          You're offline — your words are safe here
          {waiting > 0 && ` · ${waiting} ${waiting === 1 ? 'offer' : 'offers'} waiting`}
        </p>
      )}
    </div>
  )
}
