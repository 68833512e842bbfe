/**
 * The calm language switcher (on Return to Yourself and the help page): a plain select of the app's
 * languages, each named in itself. The choice is remembered on this device and works offline.
 */
import { useEffect, useId, useRef } from 'react'
import { chooseLanguage } from '../lib/choose-language'
import { LANGUAGES, isLanguage, translator, type Language } from '../i18n/i18n'
import { NOTICE_MESSAGES } from '../i18n/messages/notices'
import { useLanguage } from './use-language'

const t = translator(NOTICE_MESSAGES)

/** Each language's name in its own words. */
const NATIVE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  'pt-BR': 'Português (Brasil)',
  'pt-PT': 'Português (Portugal)',
  ar: 'العربية',
  'zh-CN': '简体中文',
}

// The screen is rendered anew in the chosen language: the new switcher takes the focus back. Only
// in that language: a choice that could not be loaded renders nothing anew, and a switcher on a
// later screen must not take the focus for it.
let refocusIn: Language | null = null

/** "Language: [English ▾]". */
export function LanguageSwitcher() {
  const language = useLanguage()
  const id = useId()
  const select = useRef<HTMLSelectElement>(null)
  useEffect(() => {
    const wanted = refocusIn
    refocusIn = null
    if (wanted === language) select.current?.focus()
    // Once, as the switcher mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    <p className="language-switcher">
      <label htmlFor={id}>{t('language.label')}</label>{' '}
      <select
        id={id}
        ref={select}
        value={language}
        onChange={(event) => {
          const value = event.currentTarget.value
          if (!isLanguage(value)) return
          refocusIn = value
          void chooseLanguage(value)
        }}
      >
        {LANGUAGES.map((tag) => (
          <option key={tag} value={tag} lang={tag} dir="auto">
            {NATIVE_NAMES[tag]}
          </option>
        ))}
      </select>
    </p>
  )
}
