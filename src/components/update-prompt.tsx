/**
 * "A new version is ready" with Reload (PRODUCT.md 11). It never reloads while the writer's text area
 * holds words: Reload then waits, says so, and switches once the text area has been empty for a while
 * (long enough for the writer's 3-second outcome message to finish).
 */
import { useEffect, useState } from 'react'
import { useAppStore } from '../store'
import './app-notices.css'

/** How long the text area must stay empty before a deferred update reloads, in ms. */
export const QUIET_BEFORE_UPDATE_MS = 4000

/** True when the writer's text area holds words that a reload would lose. */
export function hasWordsInProgress(): boolean {
  const thought = document.querySelector<HTMLTextAreaElement>('#thought')
  return !!thought && thought.value.trim() !== ''
}

/** The update notice; renders nothing until a new version waits. */
export function UpdatePrompt() {
  const activate = useAppStore((s) => s.activateUpdate)
  const [deferred, setDeferred] = useState(false)

  useEffect(() => {
    if (!deferred || !activate) return
    let quietSince = 0
    const timer = setInterval(() => {
      if (hasWordsInProgress()) {
        quietSince = 0
        return
      }
      quietSince ||= Date.now()
      if (Date.now() - quietSince >= QUIET_BEFORE_UPDATE_MS) {
        clearInterval(timer)
        activate()
      }
    }, 500)
    return () => clearInterval(timer)
  }, [deferred, activate])

  if (!activate) return null
  const reload = () => {
    if (hasWordsInProgress()) setDeferred(true)
    else activate()
  }
  return (
    <div className="app-notice" role="region" aria-label="Update">
      <p className="app-notice__text" role="status">
        {deferred
          ? 'A new version is ready. It will load once your words are dealt with.'
          : 'A new version is ready'}
      </p>
      {!deferred && (
        <button type="button" className="button app-notice__action" onClick={reload}>
          Reload
        </button>
      )}
    </div>
  )
}
