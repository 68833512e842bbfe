/**
 * What a new passphrase must hold (docs/privacy.md, "Passphrases"): more guesses than one current
 * graphics card makes in a day against the lock's KDF, and not one of the leaked passwords every
 * cracker tries first. The estimate comes from zxcvbn-ts (passphrase-strength.ts, in a worker); the
 * time it stands for is said in the app's language, its units formatted by Intl.
 */
import { currentLanguage, formattingLocale, translator } from '../../i18n/i18n'
import { PASSPHRASE_MESSAGES } from '../../i18n/messages/passphrase'
import { DEFAULT_ITERATIONS } from './envelope'
import type { PassphraseEstimator } from './passphrase-estimator'
import type { PassphraseEstimate } from './passphrase-strength'

/** The passphrase's words (src/i18n/messages/passphrase.ts), in the app's language. */
export const tp = translator(PASSPHRASE_MESSAGES)

/**
 * One current graphics card's PBKDF2-HMAC-SHA256 rate: hashcat's published benchmark of an NVIDIA
 * GeForce RTX 5090 (hashcat v6.2.6-851, mode 10900) is 11,157.2 thousand hashes a second at 1,000
 * rounds (hashcat prints 999: it counts the rounds after the first). A guess costs rounds linearly.
 */
const BENCHMARK_HASHES_PER_SECOND = 11_157_200
const BENCHMARK_ROUNDS = 1_000

/** Guesses a second one such card makes against the lock's KDF: about 18,600 at 600,000 rounds. */
export const GPU_GUESSES_PER_SECOND =
  (BENCHMARK_HASHES_PER_SECOND * BENCHMARK_ROUNDS) / DEFAULT_ITERATIONS

const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const YEAR = 365.25 * DAY
const MONTH = YEAR / 12

/** The fewest guesses a new passphrase may take: one card's day, about 1.6 billion. */
export const MIN_GUESSES = GPU_GUESSES_PER_SECOND * DAY

/** What the policy makes of an estimate. */
export type Verdict = 'enough' | 'weak' | 'leaked'

/** Leaked passwords are refused whatever their estimate; anything one card guesses in a day too. */
export function verdictOf({ guesses, leaked }: PassphraseEstimate): Verdict {
  if (leaked) return 'leaked'
  return guesses < MIN_GUESSES ? 'weak' : 'enough'
}

/** The units a guessing time is said in, each up to the next; Intl names them in every language. */
const UNITS = [
  ['second', 1, MINUTE],
  ['minute', MINUTE, HOUR],
  ['hour', HOUR, DAY],
  ['day', DAY, MONTH],
  ['month', MONTH, YEAR],
  ['year', YEAR, 100 * YEAR],
] as const

/** "3 hours", "12 years": `value` of `unit` in the app's language, in Western digits. */
function duration(value: number, unit: (typeof UNITS)[number][0]): string {
  return new Intl.NumberFormat(formattingLocale(currentLanguage()), {
    style: 'unit',
    unit,
    unitDisplay: 'long',
    maximumFractionDigits: 0,
    numberingSystem: 'latn',
    useGrouping: false,
  }).format(value)
}

/** The sentence for how long one graphics card takes to make `guesses` guesses. */
export function guessingTime(guesses: number): string {
  const seconds = guesses / GPU_GUESSES_PER_SECOND
  if (seconds < 1) return tp('passphrase.estimateInstant')
  const unit = UNITS.find(([, , below]) => seconds < below)
  if (!unit) return tp('passphrase.estimateCentury')
  const [name, size] = unit
  return tp('passphrase.estimate', {
    time: duration(Math.max(1, Math.round(seconds / size)), name),
  })
}

/** The sentence that follows the estimate: enough, or why it is refused. */
export function verdictSentence(verdict: Verdict): string {
  if (verdict === 'leaked') return tp('passphrase.leaked')
  return verdict === 'weak' ? tp('passphrase.weak') : tp('passphrase.enough')
}

/** Why a new passphrase is refused ('' when it holds), after asking the estimator. */
export async function strengthProblem(
  passphrase: string,
  estimator: PassphraseEstimator,
): Promise<string> {
  let estimate: PassphraseEstimate
  try {
    estimate = await estimator.estimate(passphrase)
  } catch {
    return tp('passphrase.unavailable')
  }
  const verdict = verdictOf(estimate)
  if (verdict === 'leaked') return tp('passphrase.refusedLeaked')
  return verdict === 'weak' ? tp('passphrase.refusedWeak') : ''
}
