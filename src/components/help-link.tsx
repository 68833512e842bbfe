/** The quiet way to the crisis lines (docs/product.md, decision 17), on the writer and The Void. */
import { NavLink } from './nav-link'
import { translator } from '../i18n/i18n'
import { APP_MESSAGES } from '../i18n/messages/app'

const t = translator(APP_MESSAGES)

/** "Need someone to talk to?", linking to /help (its own lazily loaded screen). */
export function HelpLink() {
  return (
    <p className="help-link">
      <NavLink to="/help" className="nav-link">
        {t('help.link')}
      </NavLink>
    </p>
  )
}
