/** The visitor's own offers still waiting in the queue, shown at the top of The Void, marked as waiting. */
import { useAppStore } from '../store'

/** A list of waiting offers; renders nothing when none wait. */
export function PendingOffers() {
  const pendingOffers = useAppStore((s) => s.pendingOffers)
  if (pendingOffers.length === 0) return null
  return (
    <section className="pending-offers" aria-label="Waiting to be offered">
      <ul>
        {pendingOffers.map((offer) => (
          <li key={offer.clientId} className="card card--waiting">
            <p className="card__text">{offer.text}</p>
            <p className="card__date">Waiting to be offered</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
