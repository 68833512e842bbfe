/**
 * Unburden, the writing screen (/). This module is on the first paint, so it holds only the editor:
 * the text area, the counter, the cap, Ready and its shortcut. The choice dialog, the outcome
 * message, storage and the network are in ./writer-choice, loaded with `import()` when the page is
 * idle or the text is worth readying (and precached by the service worker, so it loads offline too).
 */
import {
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
} from 'react'
import { HelpLink } from '../../components/help-link'
import { ScreenHeader } from '../../components/screen-header'
import { MAX_THOUGHT_LENGTH, counterLabel, isReadyText } from '../../lib/thought'
import { fitInsertion } from './thought-input'
import { afterFirstPaint } from '../../lib/after-first-paint'
import { useAppStore } from '../../store'
import { translator } from '../../i18n/i18n'
import { APP_MESSAGES } from '../../i18n/messages/app'
import './writer.css'

const t = translator(APP_MESSAGES)

type ChoiceModule = typeof import('./writer-choice')
let choiceModule: Promise<ChoiceModule> | null = null
/** Loads the choice once; a failed load (offline before the app was cached) can be tried again. */
const loadChoice = () =>
  (choiceModule ??= import('./writer-choice').catch((error: unknown) => {
    choiceModule = null
    throw error
  }))

/** Cmd+Enter on Apple devices, Ctrl+Enter elsewhere (docs/product.md, decision 3). */
const onApple = () =>
  /Mac|iPhone|iPad|iPod/i.test(
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ||
      navigator.platform ||
      navigator.userAgent,
  )

/** The writing screen. */
export function WriterScreen() {
  const [text, setText] = useState('')
  // Tells the rest of the app (the update prompt) that words a reload would lose are here.
  const draftInProgress = text.trim() !== ''
  useEffect(() => {
    useAppStore.getState().setDraftInProgress(draftInProgress)
  }, [draftInProgress])
  useEffect(() => () => useAppStore.getState().setDraftInProgress(false), [])
  const [note, setNote] = useState('')
  const [choice, setChoice] = useState<ChoiceModule | null>(null)
  const choosing = choice !== null
  const [apple] = useState(onApple)
  const textArea = useRef<HTMLTextAreaElement>(null)
  const caret = useRef<number | null>(null)
  const beforeComposition = useRef<string | null>(null)
  const ready = isReadyText(text)

  // Loaded ahead, once the screen has painted and the page is idle, or as soon as the text is worth
  // readying, so Ready opens at once. Not on a bare idle callback: the browser can call one before
  // the screen's first frame, and the chunk's fetch and compile would then hold that frame back.
  useEffect(() => {
    const prefetch = () => void loadChoice().catch(() => undefined)
    if (ready) return prefetch()
    let cancelled = false
    void afterFirstPaint().then(() => {
      if (!cancelled) prefetch()
    })
    return () => {
      cancelled = true
    }
  }, [ready])

  useLayoutEffect(() => {
    if (caret.current === null || !textArea.current) return
    textArea.current.setSelectionRange(caret.current, caret.current)
    caret.current = null
  }, [text])

  /** Takes `next` as the editor's text, cut to fit; true when it had to be cut. */
  const accept = (previous: string, next: string, pasted: boolean): boolean => {
    const fitted = fitInsertion(previous, next)
    caret.current = fitted.caret
    setText(fitted.text)
    // Nothing fitted: no render follows, and React puts the old value back with the caret at the end.
    const at = fitted.caret
    if (at !== null && fitted.text === previous)
      queueMicrotask(() => textArea.current?.setSelectionRange(at, at))
    if (fitted.cut)
      setNote(
        pasted
          ? t('writer.pasteCut', { max: MAX_THOUGHT_LENGTH })
          : t('writer.limit', { max: MAX_THOUGHT_LENGTH }),
      )
    else if (note) setNote('')
    return fitted.cut
  }

  // Words shared from another app (./shared-text) come in as a paste does, after the first paint,
  // and the writer says where they came from: any page can post to the share's address.
  const insertShared = useEffectEvent((join: (draft: string) => string) => {
    if (!accept(text, join(text), true)) setNote(t('writer.shared'))
    textArea.current?.focus()
  })
  useEffect(() => {
    let gone = false
    void afterFirstPaint()
      .then(loadChoice)
      .then((choice) =>
        choice.takeSharedText((join) => {
          if (gone) return false
          insertShared(join)
          return true
        }),
      )
      .catch(() => undefined)
    return () => {
      gone = true
    }
  }, [])

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    // Mid-composition (IME) the text is left alone; the cap applies when the composition ends.
    if (beforeComposition.current !== null) return setText(event.target.value)
    const { inputType } = event.nativeEvent as InputEvent
    accept(text, event.target.value, inputType === 'insertFromPaste')
  }

  const openChoice = () => {
    if (!isReadyText(text)) return
    loadChoice().then(setChoice, () => setNote(t('writer.failed')))
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || (event.ctrlKey && !apple))) {
      event.preventDefault()
      openChoice()
    }
  }

  // Back from the dialog or the message: the text area has the focus again (once it is not inert).
  const returning = useRef(false)
  useEffect(() => {
    if (choosing || !returning.current) return
    returning.current = false
    textArea.current?.focus()
  }, [choosing])
  const backToEditor = () => {
    returning.current = true
    setChoice(null)
  }

  return (
    <>
      <div className="screen" inert={choosing}>
        <ScreenHeader
          title={t('app.name')}
          links={[
            { to: '/void', label: t('nav.void') },
            { to: '/return', label: t('nav.return') },
          ]}
        />
        <main className="writer">
          <h2 className="writer__heading">{t('writer.heading')}</h2>
          <label htmlFor="thought" className="visually-hidden">
            {t('writer.label')}
          </label>
          <textarea
            id="thought"
            // index.html's form says autocomplete off, so the words are not kept in the browser's
            // session files (docs/privacy.md, "On the disk").
            form="w"
            ref={textArea}
            className="writer__text"
            // The words take their own direction (Arabic typed on an English page, or the reverse).
            dir="auto"
            placeholder={t('writer.placeholder')}
            value={text}
            onChange={onChange}
            onKeyDown={onKeyDown}
            onCompositionStart={() => (beforeComposition.current = text)}
            onCompositionEnd={(event) => {
              const before = beforeComposition.current ?? text
              beforeComposition.current = null
              accept(before, event.currentTarget.value, false)
            }}
            aria-describedby="thought-counter"
          />
          <div className="writer__bar">
            <p id="thought-counter" className="writer__counter">
              {counterLabel(text)}
            </p>
            {ready && (
              <p className="writer__ready">
                <span className="writer__hint" aria-hidden="true">
                  <kbd>{apple ? 'Cmd' : t('writer.keyCtrl')}</kbd>+<kbd>{t('writer.keyEnter')}</kbd>
                </span>
                <button
                  type="button"
                  className="button button--primary"
                  onClick={openChoice}
                  aria-keyshortcuts={`${apple ? 'Meta' : 'Control'}+Enter`}
                >
                  {t('writer.ready')}
                </button>
              </p>
            )}
          </div>
          <p className="writer__note" role="status">
            {note}
          </p>
          <HelpLink />
        </main>
      </div>
      {choice && (
        <choice.WriterChoice
          text={text}
          onClear={() => setText('')}
          onCancel={backToEditor}
          onDone={backToEditor}
          returnFocus={() => textArea.current}
        />
      )}
    </>
  )
}
