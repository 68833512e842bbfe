/**
 * What happens to a readied thought: the choice dialog, its three outcomes and the full-screen message
 * that follows each for 3 s (SPEC.md "States and transitions: Room", PRODUCT.md 4, 5, 12). Loaded
 * with `import()` from the writer, so none of it weighs on the first paint. Letting go and saving
 * privately make no network request; only offering reaches the network, through the store's
 * `offerToVoid` (the app's offer service).
 */
import { useEffect, useRef, useState } from 'react'
import { Dialog } from '../../components/dialog'
import { askToPersist } from '../../lib/sanctuary-storage'
import { OUTCOME_MESSAGES, writerOfferMessage } from '../../shared/offer-outcome'
import { MESSAGE_DURATION_MS } from '../../shared/thought'
import { useAppStore } from '../../store'
import './writer-choice.css'

type Phase =
  { kind: 'choosing' } | { kind: 'working'; label: string } | { kind: 'message'; message: string }

interface WriterChoiceProps {
  /** The thought, untrimmed. */
  text: string
  /** Empties the text area. */
  onClear: () => void
  /** Back to the editor with the text kept. */
  onCancel: () => void
  /** Back to the editor after an outcome. */
  onDone: () => void
  /** The text area, which gets the focus back. */
  returnFocus: () => HTMLElement | null
}

interface ChoiceOptionProps {
  title: string
  subtext: string
  onChoose: () => void
}

function ChoiceOption({ title, subtext, onChoose }: ChoiceOptionProps) {
  return (
    <li>
      <button type="button" className="choice" onClick={onChoose}>
        <span className="choice__title">{title}</span>{' '}
        <span className="choice__subtext">{subtext}</span>
      </button>
    </li>
  )
}

/** A full-screen message; it takes the focus so it is read out. */
function OutcomeMessage({ message, busy }: { message: string; busy: boolean }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => ref.current?.focus(), [])
  return (
    <div
      ref={ref}
      className="outcome writer-outcome"
      role="status"
      aria-busy={busy}
      tabIndex={-1}
      data-testid="outcome"
    >
      <p className="writer-outcome__message">{message}</p>
    </div>
  )
}

/** The choice dialog, then the outcome of the visitor's choice. */
export function WriterChoice({ text, onClear, onCancel, onDone, returnFocus }: WriterChoiceProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'choosing' })
  const onDoneRef = useRef(onDone)
  useEffect(() => {
    onDoneRef.current = onDone
  })

  useEffect(() => {
    if (phase.kind !== 'message') return
    const timer = setTimeout(() => onDoneRef.current(), MESSAGE_DURATION_MS)
    return () => clearTimeout(timer)
  }, [phase])

  const show = (message: string, clearText: boolean) => {
    if (clearText) onClear()
    setPhase({ kind: 'message', message })
  }

  const letGo = () => show(OUTCOME_MESSAGES.letGo, true)

  const savePrivately = async () => {
    setPhase({ kind: 'working', label: 'Saving…' })
    const { saveEntry, removeEntry, showToast } = useAppStore.getState()
    const { entry, stored } = await saveEntry(text)
    if (stored) {
      show(OUTCOME_MESSAGES.saved, true)
      void askToPersist()
      return
    }
    // Storage refused it: nothing is cleared, the words stay in the text area.
    await removeEntry(entry.id)
    showToast({
      title: 'Not saved',
      description:
        'Your browser would not store this (its storage may be full or turned off). Your words are still here.',
      variant: 'destructive',
    })
    onCancel()
  }

  const offer = async () => {
    setPhase({ kind: 'working', label: 'Offering to The Void…' })
    const outcome = await useAppStore.getState().offerToVoid(text, 'writer')
    // Refused for good: cleared anyway, as SPEC.md says. Unsaved: neither sent nor stored, so kept.
    show(writerOfferMessage(outcome), outcome !== 'unsaved')
  }

  if (phase.kind === 'message') return <OutcomeMessage message={phase.message} busy={false} />
  if (phase.kind === 'working') return <OutcomeMessage message={phase.label} busy />
  return (
    <Dialog
      title="What would you like to do with these words?"
      onCancel={onCancel}
      returnFocus={returnFocus}
      className="choice-dialog"
    >
      <ul className="choice-list">
        <ChoiceOption title="Let it go" subtext="Gone. But it mattered." onChoose={letGo} />
        <ChoiceOption
          title="Save it, privately"
          subtext="This stays with you."
          onChoose={() => void savePrivately()}
        />
        <ChoiceOption
          title="Offer it to The Void"
          subtext="Share anonymously with others."
          onChoose={() => void offer()}
        />
      </ul>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Dialog>
  )
}
