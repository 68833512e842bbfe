/**
 * The passphrase's strength estimator: zxcvbn-ts (`@zxcvbn-ts/core`), a maintained TypeScript port
 * of Dropbox's zxcvbn, which counts the guesses an attacker's cracker would make before reaching a
 * passphrase (leaked-password lists, words, names, keyboard walks, dates, repeats, l33t).
 *
 * Its dictionaries are large (docs/privacy.md, "Passphrases"), so this module is never on the first
 * paint: it runs in a worker (passphrase-strength.worker.ts) started only when a field for a new
 * passphrase is shown, and every chunk of it is precached, so it works offline. Every estimate uses
 * the common lists (leaked passwords, the diceware words, keyboard layouts) and English words; the
 * app's language adds its own words and names where zxcvbn-ts has them (German, Spanish, French,
 * Portuguese; Arabic has names only, Chinese nothing). The lists are chunks of their own, apart from
 * this code (vite.config.ts names them), so a release that changes the code leaves them cached; a
 * language's words are loaded only for that language.
 */
import { ZxcvbnFactory, type Match } from '@zxcvbn-ts/core'
import type { Language } from '../../i18n/i18n'

/** What the estimator says of one passphrase. */
export interface PassphraseEstimate {
  /** zxcvbn's estimate of the guesses a cracker makes before it reaches the passphrase. */
  guesses: number
  /** True when the passphrase is one of the leaked passwords every cracker tries first. */
  leaked: boolean
}

type Words = Record<string, (string | number)[]>

/** zxcvbn-ts's 3.x packages name their lists without a language ("firstnames"): named here. */
const named = (words: Words, language: string): Words =>
  Object.fromEntries(Object.entries(words).map(([name, list]) => [`${name}-${language}`, list]))

/** The words of the app's language, where zxcvbn-ts has them; one chunk each. */
const LANGUAGE_WORDS: Partial<Record<Language, () => Promise<Words>>> = {
  de: () => import('@zxcvbn-ts/language-de').then(({ dictionary }) => named(dictionary, 'de')),
  es: () => import('@zxcvbn-ts/language-es-es').then(({ dictionary }) => dictionary),
  fr: () => import('@zxcvbn-ts/language-fr').then(({ dictionary }) => dictionary),
  // No European Portuguese list exists: Brazil's words are nearly all Portugal's too.
  'pt-BR': () => import('@zxcvbn-ts/language-pt-br').then(({ dictionary }) => dictionary),
  'pt-PT': () => import('@zxcvbn-ts/language-pt-br').then(({ dictionary }) => dictionary),
  // Arabic names only (in Latin letters); no list of Arabic words exists for zxcvbn-ts.
  ar: () => import('@zxcvbn-ts/language-ar').then(({ dictionary }) => named(dictionary, 'ar')),
}

/** The app's own words, which a cracker aiming at its users would try. */
const APP_WORDS = ['unburden', 'the void', 'return to yourself', 'sanctuary', 'passphrase']

const LEAKED_LIST = 'passwords-common'

interface Estimator {
  zxcvbn: ZxcvbnFactory
  /** The leaked passwords, as every cracker tries them: without regard to case. */
  leaked: Set<string>
}

const estimators = new Map<Language, Promise<Estimator>>()

/** The estimator for `language`, made once (building its ranked lists takes a moment). */
function estimatorFor(language: Language): Promise<Estimator> {
  let estimator = estimators.get(language)
  if (!estimator) {
    estimator = Promise.all([
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
      LANGUAGE_WORDS[language]?.() ?? {},
    ]).then(([common, english, ownWords]) => ({
      zxcvbn: new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...english.dictionary, ...ownWords },
        graphs: common.adjacencyGraphs,
      }),
      leaked: new Set(common.dictionary[LEAKED_LIST].map((word) => String(word).toLowerCase())),
    }))
    // A failed load is tried again next time, not remembered.
    estimator.catch(() => estimators.delete(language))
    estimators.set(language, estimator)
  }
  return estimator
}

/** True when the whole passphrase is one leaked password (as it is, capitalised, reversed, l33t). */
function isLeaked(passphrase: string, sequence: Match[], leaked: Set<string>): boolean {
  if (leaked.has(passphrase.toLowerCase())) return true
  const [only, ...rest] = sequence
  return (
    rest.length === 0 &&
    only?.pattern === 'dictionary' &&
    only.dictionaryName === LEAKED_LIST &&
    only.token === passphrase
  )
}

/** Estimates `passphrase` with the common and English lists and those of `language`. */
export async function estimatePassphrase(
  passphrase: string,
  language: Language,
): Promise<PassphraseEstimate> {
  const { zxcvbn, leaked } = await estimatorFor(language)
  const { guesses, sequence } = zxcvbn.check(passphrase, APP_WORDS)
  return { guesses, leaked: isLeaked(passphrase, sequence, leaked) }
}
