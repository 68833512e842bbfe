/**
 * The small line shown while offline, with the number of offers waiting (docs/product.md,
 * decision 4).
 */
import { useAppStore } from '../store'
import './app-notices.css'
import { translator } from '../i18n/i18n'
import { NOTICE_MESSAGES } from '../i18n/messages/notices'

const t = translator(NOTICE_MESSAGES)

/** "You're offline — your words are safe here · 2 offers waiting"; the region stays for announcements. */
export function OfflineStatus() {
  const online = useAppStore((s) => s.online)
  const waiting = useAppStore((s) => s.pendingOffers.length)
  return (
    <div className="offline-status" role="status">
      {!online && (
        <p className="offline-status__line">
          {t('offline.line')}
          {waiting > 0 && t('offline.waiting', { n: waiting })}
        </p>
      )}
    </div>
  )
}
