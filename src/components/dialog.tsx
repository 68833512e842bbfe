/**
 * The app's modal dialog, on the native `<dialog>` (top layer, the rest of the page inert): focus moves
 * in and is kept in (Tab wraps), Escape cancels, and focus goes back where the caller says when it
 * closes. Loaded with the screens that need it, never on the writer's first paint.
 */
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react'
import './dialog.css'
import { translator } from '../i18n/i18n'
import { CHOICE_MESSAGES } from '../i18n/messages/choice'

const t = translator(CHOICE_MESSAGES)

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])'

interface DialogProps {
  title: string
  /** Text read out with the title. */
  description?: ReactNode
  /** Escape or Cancel. */
  onCancel: () => void
  /** What gets focus when the dialog opens: an element inside, or the dialog itself (the default). */
  initialFocus?: RefObject<HTMLElement | null>
  /** What gets focus back when the dialog closes (default: what had it before). */
  returnFocus?: () => HTMLElement | null | undefined
  /** Set while an action runs: the dialog ignores Escape. */
  busy?: boolean
  className?: string
  children: ReactNode
}

/** A modal dialog titled `title`, open while it is rendered. */
export function Dialog({
  title,
  description,
  onCancel,
  initialFocus,
  returnFocus,
  busy = false,
  className,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()
  const returnFocusRef = useRef(returnFocus)
  useEffect(() => {
    returnFocusRef.current = returnFocus
  })

  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (typeof dialog.showModal === 'function' && !dialog.open) dialog.showModal()
    else dialog.setAttribute('open', '')
    ;(initialFocus?.current ?? dialog).focus()
    return () => {
      if (dialog.open) dialog.close()
      const target = returnFocusRef.current?.() ?? before
      // After the dialog has left the page, so the browser's own focus restoring comes first.
      // (In development, StrictMode reopens the same dialog at once: then focus stays inside.)
      queueMicrotask(() => {
        if (!dialog.open) target?.focus()
      })
    }
    // Opening happens once per mount; later changes of `initialFocus` must not reopen it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const keepFocusInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)]
    const first = items[0]
    const last = items[items.length - 1]
    if (!first || !last) return event.preventDefault()
    const active = document.activeElement
    if (event.shiftKey && (active === first || active === event.currentTarget)) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && active === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return (
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      tabIndex={-1}
      onKeyDown={keepFocusInside}
      onCancel={(event) => {
        event.preventDefault()
        if (!busy) onCancel()
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      {description && (
        <div id={descriptionId} className="dialog__description">
          {description}
        </div>
      )}
      {children}
    </dialog>
  )
}

interface ConfirmDialogProps {
  title: string
  description: ReactNode
  confirmLabel: string
  /** A confirmation that destroys something is styled as such. */
  destructive?: boolean
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
  returnFocus?: () => HTMLElement | null | undefined
}

/** A yes/no question; Cancel has the focus first, so nothing happens by accident. While `busy`, both
 *  buttons stay focusable but do nothing. */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  destructive = false,
  busy = false,
  onConfirm,
  onCancel,
  returnFocus,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null)
  return (
    <Dialog
      title={title}
      description={description}
      onCancel={onCancel}
      initialFocus={cancelRef}
      returnFocus={returnFocus}
      busy={busy}
      className="dialog--confirm"
    >
      <div className="dialog__actions">
        <button
          ref={cancelRef}
          type="button"
          className="button"
          onClick={() => busy || onCancel()}
          aria-disabled={busy}
        >
          {t('choice.cancel')}
        </button>
        <button
          type="button"
          className={destructive ? 'button button--danger' : 'button button--primary'}
          onClick={() => busy || onConfirm()}
          aria-disabled={busy}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  )
}
