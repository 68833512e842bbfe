/**
 * What a screen shows when it cannot be opened, typically because its code could not be fetched (the
 * first visit went offline before the service worker had stored the app). Calm words and a way to
 * try again, never a stack trace.
 */
import { useEffect } from 'react'
import { translator } from '../i18n/i18n'
import { APP_MESSAGES } from '../i18n/messages/app'

const t = translator(APP_MESSAGES)

/** The error screen of the root route, and of the writer's first paint before the router. */
export function RouteError({ error }: { error: unknown }) {
  useEffect(() => console.error('Screen not opened', error), [error])
  return (
    <main className="not-found">
      <h1>{t('error.title')}</h1>
      <p>{t('error.text')}</p>
      <button type="button" className="button button--primary" onClick={() => location.reload()}>
        {t('error.retry')}
      </button>
      {/* A new document, not the router's: whatever broke this one is left behind. */}
      <a href="/" className="button">
        {t('home.return')}
      </a>
    </main>
  )
}
