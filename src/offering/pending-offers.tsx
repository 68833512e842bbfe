/**
 * The visitor's own offers still waiting in the queue, shown at the top of The Void, marked as
 * waiting. Each can be withdrawn before it is sent: its words go back to the private entries.
 */
import { useState } from 'react'
import type { QueuedOffer } from './shared/offer'
import { useAppStore } from '../store'
import { withdrawOffer } from './offering'
import '../components/app-notices.css'
import { translator } from '../i18n/i18n'
import { VOID_MESSAGES } from '../i18n/messages/void'

const t = translator(VOID_MESSAGES)

function PendingOffer({ offer }: { offer: QueuedOffer }) {
  const [withdrawing, setWithdrawing] = useState(false)
  const withdraw = async () => {
    setWithdrawing(true)
    try {
      await withdrawOffer(offer)
    } finally {
      setWithdrawing(false)
    }
  }
  return (
    <li className="card card--waiting">
      <p className="card__text" dir="auto">
        {offer.text}
      </p>
      <div className="card__footer">
        <p className="card__date">{t('waiting.label')}</p>
        <button
          type="button"
          className="button"
          disabled={withdrawing}
          onClick={() => void withdraw()}
        >
          {t('waiting.keepPrivate')}
        </button>
      </div>
    </li>
  )
}

/** A list of waiting offers; renders nothing when none wait. */
export function PendingOffers() {
  const pendingOffers = useAppStore((s) => s.pendingOffers)
  if (pendingOffers.length === 0) return null
  return (
    <section className="pending-offers" aria-label={t('waiting.label')}>
      <ul>
        {pendingOffers.map((offer) => (
          <PendingOffer key={offer.clientId} offer={offer} />
        ))}
      </ul>
    </section>
  )
}
