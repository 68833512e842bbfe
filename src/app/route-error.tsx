/**
 * What a screen shows when it cannot be opened, typically because its code could not be fetched (the
 * first visit went offline before the service worker had stored the app). Calm words and a way to
 * try again, never a stack trace.
 */
import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'

/** The root route's error screen. */
export function RouteError({ error }: { error: unknown }) {
  useEffect(() => console.error('A screen could not be opened', error), [error])
  return (
    <main className="not-found">
      <h1>This screen could not be opened</h1>
      <p>It may need a connection the first time. Your words are safe.</p>
      <button type="button" className="button button--primary" onClick={() => location.reload()}>
        Try again
      </button>
      <Link to="/" className="button" reloadDocument>
        Return to Home
      </Link>
    </main>
  )
}
