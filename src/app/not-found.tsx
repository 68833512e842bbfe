/** The 404 page for every unknown path; the visit is logged to the console with its path. */
import { Link, useLocation } from '@tanstack/react-router'
import { useEffect } from 'react'
import { translator } from '../i18n/i18n'
import { APP_MESSAGES } from '../i18n/messages/app'
import { NOT_FOUND_MESSAGES } from '../i18n/messages/not-found'

const t = translator({ ...APP_MESSAGES, ...NOT_FOUND_MESSAGES })

/** Shown for any path that is not a screen. */
export function NotFound() {
  const pathname = useLocation({ select: (location) => location.pathname })
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname)
  }, [pathname])
  return (
    <main className="not-found">
      <h1>404</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/" className="button">
        {t('home.return')}
      </Link>
    </main>
  )
}
