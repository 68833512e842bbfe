/**
 * The switcher's choice of language, apart from ./language: only the switcher (on the help page and
 * Return to Yourself, both loaded lazily) chooses, so this stays off the writer's first paint.
 */
import type { Language } from '../i18n/i18n'
import { LANGUAGE_KEY, applyLanguage } from './language'

/** The switcher's choice: remembered on this device, applied at once. */
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, language)
  } catch {
    // Storage refused: the choice holds for this visit.
  }
  await applyLanguage(language)
}
