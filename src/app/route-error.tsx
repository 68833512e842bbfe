/**
 * What a screen shows when it cannot be opened, typically because its code could not be fetched (the
 * first visit went offline before the service worker had stored the app). Calm words and a way to
 * try again, never a stack trace.
 */
import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { translator } from '../i18n/i18n'
import { APP_MESSAGES } from '../i18n/messages/app'

const t = translator(APP_MESSAGES)

/** The root route's error screen. */
export function RouteError({ error }: { error: unknown }) {
  useEffect(() => console.error('Screen not opened', error), [error])
  return (
    <main className="not-found">
      <h1>{t('error.title')}</h1>
      <p>{t('error.text')}</p>
      <button type="button" className="button button--primary" onClick={() => location.reload()}>
        {t('error.retry')}
      </button>
      <Link to="/" className="button" reloadDocument>
        {t('home.return')}
      </Link>
    </main>
  )
}
