/**
 * The app's languages, on the platform alone: each area of the app owns a small catalogue of its
 * English messages (./messages/*.ts, the one source of truth, with notes for translators), and
 * `translator(english)` gives that area a `t(key, values)` that reads the active language's message
 * or, without one, the English. English is never loaded separately: each area's English travels in
 * the chunk that shows it, so the writer's first paint carries only the writer's words. Every other
 * language is one chunk (./locales/<tag>.ts), loaded with `import()` before the first render and
 * precached by the service worker. Plurals go through Intl.PluralRules; no message format library.
 */

/** A plural message: one form per plural category the language uses ({n} is the number). */
export type PluralMessage = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }

/** A message: a sentence with `{name}` placeholders, or its plural forms. */
export type Message = string | PluralMessage

/** A catalogue of messages by key. */
export type Messages = Readonly<Record<string, Message>>

/** The languages the app speaks, by BCP 47 tag, in the switcher's order. */
export const LANGUAGES = ['en', 'de', 'es', 'fr', 'pt-BR', 'pt-PT', 'ar', 'zh-CN'] as const

/** One of the app's languages. */
export type Language = (typeof LANGUAGES)[number]

/** Languages written right to left. */
const RIGHT_TO_LEFT: ReadonlySet<Language> = new Set(['ar'])

/** The writing direction of `language`. */
export const directionOf = (language: Language): 'ltr' | 'rtl' =>
  RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr'

/** English keeps the spec's en-US dates; the others their own tag. */
export const formattingLocale = (language: Language): string =>
  language === 'en' ? 'en-US' : language

/**
 * The first of `wanted` (the browser's languages, most preferred first) that the app speaks: the
 * exact tag, else its language alone ("de-AT" → de, "zh" → zh-CN, but not zh-TW or zh-Hant);
 * English when none matches. Portuguese follows the reader's norm: Brazil's for "pt" and "pt-BR",
 * Portugal's for every other country (Portugal, and the African countries that write as it does).
 */
export function pickLanguage(wanted: readonly string[]): Language {
  for (const tag of wanted) {
    const lower = tag.toLowerCase()
    // Traditional Chinese readers are not given Simplified as if it were theirs.
    if (/^zh[-_](hant|tw|hk|mo)/.test(lower)) continue
    const found =
      LANGUAGES.find((language) => language.toLowerCase() === lower) ??
      // Portuguese with a country other than Brazil (a script subtag may come first): Portugal's.
      (/^pt[-_]([a-z]{4}[-_])?(?!br\b)[a-z]{2}\b/.test(lower)
        ? 'pt-PT'
        : LANGUAGES.find((language) => language.split('-')[0] === lower.split(/[-_]/)[0]))
    if (found) return found
  }
  return 'en'
}

/** True when `value` names one of the app's languages exactly. */
export const isLanguage = (value: unknown): value is Language =>
  (LANGUAGES as readonly unknown[]).includes(value)

let active: Language = 'en'
let catalogue: Messages = {}
const plurals = new Map<Language, Intl.PluralRules>()

/** The language the app speaks now. */
export const currentLanguage = (): Language => active

/** Makes `language` the active one with its loaded `messages` (English: none needed). */
export function activateMessages(language: Language, messages: Messages): void {
  active = language
  catalogue = messages
}

function pluralForm(message: PluralMessage, n: number): string {
  let rules = plurals.get(active)
  if (!rules) plurals.set(active, (rules = new Intl.PluralRules(formattingLocale(active))))
  return message[rules.select(n)] ?? message.other
}

/** Values put into a message's `{name}` placeholders; `n` also picks the plural form. */
export type MessageValues = Readonly<Record<string, string | number>>

/** The translator of one area: `t(key, values)` in the active language, English where it has none. */
export function translator<M extends Messages>(english: M) {
  return (key: keyof M & string, values?: MessageValues): string => {
    const message = (catalogue[key] ?? english[key]) as Message
    const text = typeof message === 'string' ? message : pluralForm(message, Number(values?.n ?? 0))
    return values ? text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name])) : text
  }
}

/** Loads the messages of a language other than English (one chunk each, precached). */
export const LOCALE_LOADERS: Record<
  Exclude<Language, 'en'>,
  () => Promise<{ default: Messages }>
> = {
  de: () => import('./locales/de.ts'),
  es: () => import('./locales/es.ts'),
  fr: () => import('./locales/fr.ts'),
  'pt-BR': () => import('./locales/pt-BR.ts'),
  'pt-PT': () => import('./locales/pt-PT.ts'),
  ar: () => import('./locales/ar.ts'),
  'zh-CN': () => import('./locales/zh-CN.ts'),
}
