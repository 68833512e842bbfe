/**
 * The app's language on this device: the one chosen in the switcher (localStorage
 * `unburden-language`), else the browser's (`navigator.languages`). Loads its messages (one chunk,
 * precached, so it works offline), and sets the document's `lang` and `dir`. English needs no load.
 */
import {
  LOCALE_LOADERS,
  activateMessages,
  currentLanguage,
  directionOf,
  isLanguage,
  pickLanguage,
  type Language,
} from '../i18n/i18n'
import { manifestHref } from '../i18n/manifest-href'

/** Where the switcher's choice is remembered. */
export const LANGUAGE_KEY = 'unburden-language'

const listeners = new Set<() => void>()
/** How many languages have been asked for: a chunk arriving after a later ask is not applied. */
let requests = 0

function storedLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY)
    return isLanguage(stored) ? stored : null
  } catch {
    return null
  }
}

/**
 * The browser's languages, most preferred first: `navigator.languages`, else its one
 * `navigator.language`, keeping only tags. Some browsers and webviews give no list, or nothing at
 * all (then none: English).
 */
export function browserLanguages(nav: Navigator = navigator): string[] {
  const isTag = (tag: unknown): tag is string => typeof tag === 'string'
  const listed = Array.from((nav.languages ?? []) as readonly unknown[]).filter(isTag)
  return listed.length ? listed : [nav.language].filter(isTag)
}

/** The language to start in: the device's choice, else the browser's first that the app speaks. */
export function startingLanguage(nav: Navigator = navigator): Language {
  return storedLanguage() ?? pickLanguage(browserLanguages(nav))
}

/**
 * Loads `language`'s messages and makes it the app's. When they cannot be loaded (offline before the
 * worker has stored them), the app stays in the language it speaks: English at the start, the
 * reader's current language on a switch.
 */
export async function applyLanguage(language: Language): Promise<Language> {
  const request = ++requests
  if (language === 'en') activateMessages('en', {})
  else {
    try {
      const messages = (await LOCALE_LOADERS[language]()).default
      // Chosen again meanwhile (the arrow keys change a select once a press): the last choice wins.
      if (request !== requests) return currentLanguage()
      activateMessages(language, messages)
    } catch (error) {
      if (request !== requests) return currentLanguage()
      // The failed import's error names the language's chunk.
      console.warn(error)
    }
  }
  const applied = currentLanguage()
  const root = document.documentElement
  root.lang = applied
  root.dir = directionOf(applied)
  // Once linked (after the first paint), the manifest follows the language too.
  document
    .querySelector<HTMLLinkElement>('link[rel="manifest"]')
    ?.setAttribute('href', manifestHref(applied))
  for (const listener of listeners) listener()
  return applied
}

/** Calls `listener` whenever the language changes; returns the unsubscribe. */
export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export { currentLanguage }
