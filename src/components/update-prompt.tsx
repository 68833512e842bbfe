/**
 * "A new version is ready" with Reload (docs/product.md, decision 11). It never reloads while the
 * writer's text area holds words: Reload then waits, says so, and switches once the text area has
 * been empty for a while (long enough for the writer's 3-second outcome message to finish).
 */
import { useEffect, useState } from 'react'
import { useAppStore } from '../store'
import './app-notices.css'
import { translator } from '../i18n/i18n'
import { NOTICE_MESSAGES } from '../i18n/messages/notices'

const t = translator(NOTICE_MESSAGES)
import { useLanguage } from './use-language'

/** How long the text area must stay empty before a deferred update reloads, in ms. */
export const QUIET_BEFORE_UPDATE_MS = 4000

/** The update notice; renders nothing until a new version waits. */
export function UpdatePrompt() {
  const activate = useAppStore((s) => s.activateUpdate)
  // The writer says whether its text area holds words (src/features/writer/writer-screen.tsx).
  const draftInProgress = useAppStore((s) => s.draftInProgress)
  useLanguage()
  const [deferred, setDeferred] = useState(false)

  useEffect(() => {
    if (!deferred || !activate || draftInProgress) return
    const timer = setTimeout(activate, QUIET_BEFORE_UPDATE_MS)
    return () => clearTimeout(timer)
  }, [deferred, activate, draftInProgress])

  if (!activate) return null
  const reload = () => {
    if (draftInProgress) setDeferred(true)
    else activate()
  }
  return (
    <div className="app-notice" role="region" aria-label={t('update.region')}>
      <p className="app-notice__text" role="status">
        {deferred ? t('update.deferred') : t('update.ready')}
      </p>
      {!deferred && (
        <button type="button" className="button app-notice__action" onClick={reload}>
          {t('update.reload')}
        </button>
      )}
    </div>
  )
}
