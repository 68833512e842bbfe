/** A dialog that asks for one or more passphrases, then runs an action and shows its calm answer. */
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Dialog } from '../../components/dialog'
import { t } from './lock-words'
import { PassphraseMeter, meterIds } from './passphrase-meter'

export interface PassphraseField {
  label: string
  autoComplete: 'current-password' | 'new-password'
  /** A new passphrase: what holds, and the live estimate of how long it would take to guess. */
  strength?: boolean
}

export interface PassphraseDialogProps {
  title: string
  description: ReactNode
  fields: PassphraseField[]
  submitLabel: string
  busyLabel: string
  destructive?: boolean
  /** Runs the action; resolves an error sentence to show, or '' when done (then the dialog closes). */
  onSubmit: (values: string[]) => Promise<string>
  onCancel: () => void
  onDone: () => void
  children?: ReactNode
}

/** The passphrase dialog: labelled fields, Cancel, the action, and an announced error line. */
export function PassphraseDialog({
  title,
  description,
  fields,
  submitLabel,
  busyLabel,
  destructive,
  onSubmit,
  onCancel,
  onDone,
  children,
}: PassphraseDialogProps) {
  const [values, setValues] = useState(() => fields.map(() => ''))
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const first = useRef<HTMLInputElement>(null)
  const id = useId()

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    setError('')
    const problem = await onSubmit(values)
    setBusy(false)
    if (problem === '') onDone()
    else setError(problem)
  }

  return (
    <Dialog
      title={title}
      description={description}
      onCancel={onCancel}
      initialFocus={first}
      busy={busy}
      className="lock-dialog"
    >
      {children}
      <form className="lock-form" onSubmit={(event) => void submit(event)}>
        {fields.map((field, index) => {
          const meter = meterIds(`${id}-${index}`)
          return (
            <div key={field.label} className="lock-form__row">
              <label htmlFor={`${id}-${index}`}>{field.label}</label>
              <input
                id={`${id}-${index}`}
                ref={index === 0 ? first : undefined}
                className="lock-form__field"
                type="password"
                autoComplete={field.autoComplete}
                value={values[index]}
                aria-describedby={
                  field.strength ? `${meter.hint} ${meter.estimate} ${id}-error` : `${id}-error`
                }
                onChange={(event) => {
                  const value = event.currentTarget.value
                  setValues((all) => all.map((old, i) => (i === index ? value : old)))
                }}
              />
              {field.strength && (
                <PassphraseMeter id={`${id}-${index}`} passphrase={values[index] ?? ''} />
              )}
            </div>
          )
        })}
        <p id={`${id}-error`} className="lock-form__error" role="alert">
          {error}
        </p>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onCancel} disabled={busy}>
            {t('privateEntries.cancel')}
          </button>
          <button
            type="submit"
            className={destructive ? 'button button--danger' : 'button button--primary'}
            disabled={busy}
          >
            {busy ? busyLabel : submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
