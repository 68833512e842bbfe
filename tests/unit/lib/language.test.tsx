/**
 * The language to start in and its loading, against what a device may really hold: a foreign or
 * broken stored choice, odd browser languages, storage that throws (Safari's private mode, blocked
 * cookies), and a language chunk that cannot be fetched (a first visit going offline before the
 * service worker has stored it). The app must always start, in English at worst, and keep the
 * reader's choice.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { chooseLanguage } from '../../../src/lib/choose-language'
import {
  LANGUAGE_KEY,
  applyLanguage,
  currentLanguage,
  startingLanguage,
} from '../../../src/lib/language'
import { LOCALE_LOADERS, activateMessages } from '../../../src/i18n/i18n'

/** A navigator with these languages (and `language`), as some browsers and webviews give them. */
const browser = (languages: unknown, language?: unknown) =>
  ({ languages, language }) as unknown as Navigator

beforeEach(() => localStorage.clear())
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  activateMessages('en', {})
  document.documentElement.lang = ''
  document.documentElement.dir = ''
})

describe('startingLanguage: a stored choice', () => {
  it('is used when it names one of the app’s languages', () => {
    localStorage.setItem(LANGUAGE_KEY, 'fr')
    expect(startingLanguage(browser(['de-DE']))).toBe('fr')
  })

  it.each([
    ['garbage', '\u0000%%%\uFFFF'],
    ['an unsupported tag', 'klingon'],
    ['a tag the app speaks only by its language', 'fr-FR'],
    ['another case', 'PT-br'],
    ['a huge string', 'de'.repeat(500_000)],
    ['JSON', '{"language":"fr"}'],
    ['a JSON string', '"fr"'],
    ['an empty string', ''],
    ['an object’s own name', '__proto__'],
  ])('is ignored when it is %s: the browser’s language decides', (_, stored) => {
    localStorage.setItem(LANGUAGE_KEY, stored)
    expect(startingLanguage(browser(['de-DE', 'en']))).toBe('de')
  })
})

describe('startingLanguage: the browser’s languages', () => {
  it.each([
    [['*'], 'fr', 'en'],
    [['zh-Hant-TW'], 'zh-Hant-TW', 'en'],
    [['zh-Hant-TW', 'pt-PT'], 'zh-Hant-TW', 'pt-PT'],
    [['ar-EG'], 'ar-EG', 'ar'],
    [['x-foo', 'es'], 'x-foo', 'es'],
    [['x-foo'], 'x-foo', 'en'],
    [['', 'de'], '', 'de'],
    // An empty list: the one language the browser names.
    [[], 'es-ES', 'es'],
    [undefined, 'fr', 'fr'],
    [null, 'ar-EG', 'ar'],
  ])('%j (language %j) → %s', (languages, language, expected) => {
    expect(startingLanguage(browser(languages, language))).toBe(expected)
  })

  it.each([
    ['no languages at all', undefined, undefined],
    ['an empty list and no language', [], undefined],
    ['a list holding something other than tags', [null, 42, { tag: 'fr' }], undefined],
    ['a language that is not a tag', undefined, 42],
  ])('starts in English, not in a crash, with %s', (_, languages, language) => {
    expect(startingLanguage(browser(languages, language))).toBe('en')
  })

  it('skips what is not a tag and takes the first it can read', () => {
    expect(startingLanguage(browser([null, 'de-AT']))).toBe('de')
  })
})

describe('storage that throws', () => {
  const throwing = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError')
  }

  it('starts in the browser’s language when reading the choice throws', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(throwing)
    expect(startingLanguage(browser(['es-MX']))).toBe('es')
  })

  it('starts in the browser’s language when localStorage itself cannot be reached', () => {
    vi.stubGlobal('localStorage', undefined)
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, get: throwing })
    expect(startingLanguage(browser(['ar-EG']))).toBe('ar')
  })

  it('applies a choice for this visit when it cannot be remembered (Safari private mode)', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    await chooseLanguage('de')
    expect(currentLanguage()).toBe('de')
    expect(document.documentElement.lang).toBe('de')
  })
})

describe('a language chunk that cannot be fetched', () => {
  const offline = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))

  it('starts the app in English, left to right', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    vi.spyOn(LOCALE_LOADERS, 'ar').mockImplementation(offline)
    await expect(applyLanguage('ar')).resolves.toBe('en')
    expect(currentLanguage()).toBe('en')
    expect(document.documentElement.lang).toBe('en')
    expect(document.documentElement.dir).toBe('ltr')
  })

  it('keeps the reader’s stored choice, to be tried again on the next start', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    localStorage.setItem(LANGUAGE_KEY, 'zh-CN')
    vi.spyOn(LOCALE_LOADERS, 'zh-CN').mockImplementation(offline)
    await applyLanguage(startingLanguage(browser(['en-US'])))
    expect(currentLanguage()).toBe('en')
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('zh-CN')
  })

  it('leaves a reader switching languages in the one they were reading, not in English', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await applyLanguage('fr')
    vi.spyOn(LOCALE_LOADERS, 'de').mockImplementation(offline)
    await chooseLanguage('de')
    expect(currentLanguage()).toBe('fr')
    expect(document.documentElement.lang).toBe('fr')
    // The choice itself is kept: the next start, with the worker's copy, is in German.
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('de')
  })
})

describe('quick switches', () => {
  it('end in the language chosen last, whichever chunk arrives last', async () => {
    const realFrench = LOCALE_LOADERS.fr
    let arrive = () => undefined as void
    vi.spyOn(LOCALE_LOADERS, 'fr').mockImplementation(
      () => new Promise((resolve) => (arrive = () => resolve(realFrench()))),
    )
    // The arrow keys on a closed select change it once a press: French, then German at once.
    const french = chooseLanguage('fr')
    const german = chooseLanguage('de')
    await german
    arrive()
    await french
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('de')
    expect(currentLanguage()).toBe('de')
    expect(document.documentElement.lang).toBe('de')
  })
})
