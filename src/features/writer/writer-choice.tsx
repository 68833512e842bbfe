/**
 * What happens to a readied thought: the choice dialog, its three outcomes and the full-screen message
 * that follows each for 3 s (docs/product.md, specification 4, "States and transitions: Room";
 * decisions 4, 5, 12). Loaded with `import()` from the writer, so none of it weighs on the first
 * paint. Letting go and saving privately make no network request; only offering reaches the
 * network, through offering's door (`offerToVoid`, src/offering/offering.ts).
 */
import { useEffect, useRef, useState } from 'react'
import { Dialog } from '../../components/dialog'
import { askToPersist } from '../../private-entries/private-entries'
import { outcomeMessage, writerOfferMessage } from '../../offering/offer-outcome'
import { offerToVoid } from '../../offering/offering'
import { MESSAGE_DURATION_MS } from '../../lib/thought'
import { useAppStore } from '../../store'
import './writer-choice.css'
import { translator } from '../../i18n/i18n'
import { CHOICE_MESSAGES } from '../../i18n/messages/choice'

// Shared words ride in this chunk, which the writer loads after its first paint anyway.
export { takeSharedText } from './shared-text'

const t = translator(CHOICE_MESSAGES)

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

  const letGo = () => show(outcomeMessage('letGo'), true)

  const savePrivately = async () => {
    setPhase({ kind: 'working', label: t('choice.saving') })
    const { saveEntry, removeEntry, showToast } = useAppStore.getState()
    const { entry, stored } = await saveEntry(text)
    if (stored) {
      show(outcomeMessage('saved'), true)
      void askToPersist()
      return
    }
    // Storage refused it: nothing is cleared, the words stay in the text area.
    await removeEntry(entry.id)
    showToast({
      title: t('choice.notSavedTitle'),
      description: t('choice.notSavedText'),
      variant: 'destructive',
    })
    onCancel()
  }

  const offer = async () => {
    setPhase({ kind: 'working', label: t('choice.offering') })
    const outcome = await offerToVoid(text, 'writer')
    // Refused for good: cleared anyway, as docs/product.md's specification says. Unsaved: neither
    // sent nor stored, so kept.
    show(writerOfferMessage(outcome), outcome !== 'unsaved')
  }

  if (phase.kind === 'message') return <OutcomeMessage message={phase.message} busy={false} />
  if (phase.kind === 'working') return <OutcomeMessage message={phase.label} busy />
  return (
    <Dialog
      title={t('choice.title')}
      onCancel={onCancel}
      returnFocus={returnFocus}
      className="choice-dialog"
    >
      <ul className="choice-list">
        <ChoiceOption title={t('choice.letGo')} subtext={t('choice.letGoSub')} onChoose={letGo} />
        <ChoiceOption
          title={t('choice.save')}
          subtext={t('choice.saveSub')}
          onChoose={() => void savePrivately()}
        />
        <ChoiceOption
          title={t('choice.offer')}
          subtext={t('choice.offerSub')}
          onChoose={() => void offer()}
        />
      </ul>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('choice.cancel')}
        </button>
      </div>
    </Dialog>
  )
}
