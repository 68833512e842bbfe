/** Renders the store's toasts: polite for news, an alert for a destructive one; each dismissible. */
import { useEffect } from 'react'
import { useAppStore } from '../store'
import type { Toast } from '../store/toasts-slice'
import { translator } from '../i18n/i18n'
import { NOTICE_MESSAGES } from '../i18n/messages/notices'

const t = translator(NOTICE_MESSAGES)
import { useLanguage } from './use-language'

function ToastItem({ toast }: { toast: Toast }) {
  const dismissToast = useAppStore((s) => s.dismissToast)
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(toast.id), toast.durationMs)
    return () => clearTimeout(timer)
  }, [toast.id, toast.durationMs, dismissToast])
  return (
    <li
      className={`toast toast--${toast.variant}`}
      role={toast.variant === 'destructive' ? 'alert' : 'status'}
    >
      <div className="toast__body">
        <p className="toast__title">{toast.title}</p>
        {toast.description && <p className="toast__description">{toast.description}</p>}
      </div>
      <button
        type="button"
        className="toast__close"
        aria-label={t('toasts.dismiss')}
        onClick={() => dismissToast(toast.id)}
      >
        ×
      </button>
    </li>
  )
}

/** The toast region, fixed at the bottom of the screen. */
export function Toaster() {
  const toasts = useAppStore((s) => s.toasts)
  useLanguage()
  return (
    <section className="toaster" aria-label={t('toasts.region')} aria-live="polite">
      <ol>
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  )
}
