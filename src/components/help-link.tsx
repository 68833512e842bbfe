/** The quiet way to the crisis lines (PRODUCT.md 17), on the writer and on The Void. */
import { Link } from '@tanstack/react-router'

/** "Need someone to talk to?", linking to /help (its own lazily loaded screen). */
export function HelpLink() {
  return (
    <p className="help-link">
      <Link to="/help" className="nav-link">
        Need someone to talk to?
      </Link>
    </p>
  )
}
