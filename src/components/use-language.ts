/** The language the app speaks now, for components that must re-render when it changes. */
import { useSyncExternalStore } from 'react'
import { currentLanguage, onLanguageChange } from '../lib/language'
import type { Language } from '../i18n/i18n'

/** The active language; the component re-renders on a change. */
export function useLanguage(): Language {
  return useSyncExternalStore(onLanguageChange, currentLanguage)
}
