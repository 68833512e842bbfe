/**
 * The policy for a new passphrase (docs/privacy.md, "Passphrases"), with the real estimator
 * (zxcvbn-ts and its lists): leaked passwords and anything one graphics card guesses in a day against
 * the KDF are refused; a few unrelated words hold. And the estimate's wording, in the app's language.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { activateMessages, LOCALE_LOADERS } from '../../../src/i18n/i18n'
import { DEFAULT_ITERATIONS } from '../../../src/private-entries/lock/envelope'
import {
  GPU_GUESSES_PER_SECOND,
  MIN_GUESSES,
  guessingTime,
  verdictOf,
} from '../../../src/private-entries/lock/passphrase-policy'
import { estimatePassphrase } from '../../../src/private-entries/lock/passphrase-strength'

const verdict = async (
  passphrase: string,
  language: Parameters<typeof estimatePassphrase>[1] = 'en',
) => verdictOf(await estimatePassphrase(passphrase, language))

afterEach(() => activateMessages('en', {}))

describe('the threshold', () => {
  it('is one RTX 5090’s day of PBKDF2-SHA-256 guesses at the lock’s iterations', () => {
    expect(DEFAULT_ITERATIONS).toBe(600_000)
    // hashcat mode 10900: 11,157.2 kH/s at 1,000 rounds, scaled to 600,000 rounds.
    expect(GPU_GUESSES_PER_SECOND).toBeCloseTo(18_595.3, 1)
    expect(MIN_GUESSES).toBeCloseTo(18_595.3 * 86_400, -4)
    expect(MIN_GUESSES).toBeGreaterThan(1.6e9)
    expect(MIN_GUESSES).toBeLessThan(1.61e9)
  })
})

describe('a new passphrase', () => {
  it('is refused when it is a leaked password, in any case or l33t', async () => {
    for (const leaked of ['password', '12345678', 'qwertyuiop', 'Password', 'P@ssw0rd', 'iloveyou'])
      expect(await verdict(leaked), leaked).toBe('leaked')
  })

  it('is refused when one graphics card guesses it within a day', async () => {
    for (const weak of ['sunshine flowers', 'abcdefghijk', 'jennifer1990', 'Summer2024!'])
      expect(await verdict(weak), weak).toBe('weak')
    for (const weak of ['password', '12345678', 'qwertyuiop'])
      expect((await estimatePassphrase(weak, 'en')).guesses).toBeLessThan(MIN_GUESSES)
  })

  it('is weighed against the words of the app’s language too', async () => {
    // One long German word: bruteforce alone would call it strong; the German list finds it.
    const word = 'schmetterling'
    expect((await estimatePassphrase(word, 'zh-CN')).guesses).toBeGreaterThan(MIN_GUESSES)
    expect(await verdict(word, 'de')).toBe('weak')
  })

  it('holds when it is a few unrelated words', async () => {
    for (const strong of [
      'kettle orbit maple quietly',
      'ceramic walrus harvest lantern',
      'a slow river at dusk',
      'lanterne brume quai violon',
    ])
      expect(await verdict(strong, 'fr'), strong).toBe('enough')
  })
})

describe('the estimate’s wording', () => {
  const at = (seconds: number) => guessingTime(seconds * GPU_GUESSES_PER_SECOND)

  it('says how long one graphics card takes, in Intl’s units, from under a second to a century', () => {
    expect(at(0.5)).toBe('One graphics card would guess it in under a second.')
    expect(at(42)).toBe('One graphics card would guess it in about 42 seconds.')
    expect(at(3 * 3600 + 100)).toBe('One graphics card would guess it in about 3 hours.')
    expect(at(86_400)).toBe('One graphics card would guess it in about 1 day.')
    expect(at(40 * 365.25 * 86_400)).toBe('One graphics card would guess it in about 40 years.')
    expect(at(101 * 365.25 * 86_400)).toBe(
      'One graphics card would need more than a century to guess it.',
    )
  })

  it('speaks the app’s language, with Western digits', async () => {
    activateMessages('de', (await LOCALE_LOADERS.de()).default)
    expect(at(3 * 3600)).toBe(
      'Eine einzige Grafikkarte bräuchte etwa 3 Stunden, um sie zu erraten.',
    )
    activateMessages('ar', (await LOCALE_LOADERS.ar()).default)
    expect(at(5 * 86_400)).toMatch(/: 5 أيام تقريبًا\.$/)
  })
})
