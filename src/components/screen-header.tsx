/**
 * The header every screen opens with: a way back or the product name, the title, and a link on.
 * It stays one row down to 360 px (see `.screen-header` in styles.css): on a narrow screen the back
 * link shows only its arrow, while its accessible name keeps "Back to Unburden".
 */
import type { ReactNode } from 'react'
import { NavLink, type AppPath } from './nav-link'
import { translator } from '../i18n/i18n'
import { APP_MESSAGES } from '../i18n/messages/app'

const t = translator(APP_MESSAGES)

interface ScreenHeaderProps {
  /** Left: a back link to Unburden, or nothing on the writer itself. */
  back?: boolean
  title: ReactNode
  /** Right-hand links. */
  links: { to: Exclude<AppPath, '/help'>; label: string }[]
}

/** The screen's banner with its title as the page's first heading. */
export function ScreenHeader({ back = false, title, links }: ScreenHeaderProps) {
  return (
    <header className="screen-header">
      <div className="screen-header__side">
        {back && (
          <NavLink to="/" className="nav-link" aria-label={t('nav.back')}>
            <span aria-hidden="true" className="nav-link__arrow">
              ←
            </span>
            <span className="nav-link__back-label">{t('app.name')}</span>
          </NavLink>
        )}
      </div>
      <h1 className="screen-header__title">{title}</h1>
      <nav className="screen-header__side screen-header__side--end" aria-label={t('nav.screens')}>
        {links.map((link) => (
          <NavLink key={link.to} to={link.to} className="nav-link">
            {link.label}
          </NavLink>
        ))}
      </nav>
    </header>
  )
}
