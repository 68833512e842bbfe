/**
 * Every language's catalogue against the English source (src/i18n/messages): the same keys,
 * none missing and none extra; the same placeholders in each message; a plural message with exactly
 * the plural forms its language uses (Intl.PluralRules). And the runtime: the forms are picked by
 * the platform, English is the fallback, the browser's languages pick the app's.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { ENGLISH } from '../../../src/i18n/catalogue'
import {
  LANGUAGES,
  LOCALE_LOADERS,
  activateMessages,
  directionOf,
  pickLanguage,
  translator,
  type Message,
  type Messages,
} from '../../../src/i18n/i18n'

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
const forms = (message: Message): Record<string, string> =>
  typeof message === 'string' ? { text: message } : (message as Record<string, string>)
const allPlaceholders = (message: Message) =>
  [...new Set(Object.values(forms(message)).flatMap(placeholders))].sort()

const others = LANGUAGES.filter((language) => language !== 'en')
const catalogues = Object.fromEntries(
  await Promise.all(
    others.map(async (language) => [language, (await LOCALE_LOADERS[language]()).default] as const),
  ),
) as Record<(typeof others)[number], Messages>

afterEach(() => activateMessages('en', {}))

describe('the English source', () => {
  it('has one message per key, each plural with the forms English uses', () => {
    const keys = Object.keys(ENGLISH)
    expect(new Set(keys).size).toBe(keys.length)
    for (const [key, message] of Object.entries(ENGLISH)) {
      if (typeof message !== 'string')
        expect(Object.keys(message).sort(), key).toEqual(['one', 'other'])
    }
  })
})

describe.each(others)('%s', (language) => {
  const catalogue = catalogues[language]

  it('has every English key and no other', () => {
    const missing = Object.keys(ENGLISH).filter((key) => !(key in catalogue))
    const extra = Object.keys(catalogue).filter((key) => !(key in ENGLISH))
    expect({ missing, extra }).toEqual({ missing: [], extra: [] })
  })

  it('keeps every placeholder of the English, and adds none', () => {
    const mismatched = Object.entries(ENGLISH).flatMap(([key, english]) => {
      const translated = catalogue[key]
      if (translated === undefined) return []
      const wanted = allPlaceholders(english)
      const problems: string[] = []
      if (JSON.stringify(allPlaceholders(translated)) !== JSON.stringify(wanted))
        problems.push(`${key}: ${allPlaceholders(translated).join(',')} ≠ ${wanted.join(',')}`)
      // A plural form may leave the number out ("خاطرتان", two thoughts), never bring a stranger in.
      for (const [form, text] of Object.entries(forms(translated)))
        for (const name of placeholders(text))
          if (!wanted.includes(name)) problems.push(`${key} (${form}): {${name}}`)
      return problems
    })
    expect(mismatched).toEqual([])
  })

  it("gives each plural message exactly the forms the language's plural rules use", () => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories
    const wrong = Object.entries(ENGLISH).flatMap(([key, english]) => {
      const translated = catalogue[key]
      if (translated === undefined) return []
      if (typeof english === 'string')
        return typeof translated === 'string' ? [] : [`${key}: plural where English has a sentence`]
      if (typeof translated === 'string') return [`${key}: a sentence where English has plurals`]
      const have = Object.keys(translated).sort()
      return JSON.stringify(have) === JSON.stringify([...categories].sort())
        ? []
        : [`${key}: ${have.join(',')} ≠ ${[...categories].sort().join(',')}`]
    })
    expect(wrong).toEqual([])
  })

  it('leaves no message empty', () => {
    const empty = Object.entries(catalogue).filter(([, message]) =>
      Object.values(forms(message)).some((text) => text.trim() === ''),
    )
    expect(empty).toEqual([])
  })
})

describe('translator', () => {
  const t = translator({
    count: { one: '{n} thought', other: '{n} thoughts' },
    hello: 'Hello {name}',
  })

  it('speaks English by default, picking the plural form by Intl.PluralRules', () => {
    expect(t('count', { n: 1 })).toBe('1 thought')
    expect(t('count', { n: 0 })).toBe('0 thoughts')
    expect(t('hello', { name: 'you' })).toBe('Hello you')
  })

  it("reads the active language's message and its own plural forms", () => {
    activateMessages('ar', {
      count: {
        zero: 'لا خواطر',
        one: 'خاطرة واحدة',
        two: 'خاطرتان',
        few: '{n} خواطر',
        many: '{n} خاطرة',
        other: '{n} خاطرة',
      },
    })
    expect([0, 1, 2, 3, 11, 100].map((n) => t('count', { n }))).toEqual([
      'لا خواطر',
      'خاطرة واحدة',
      'خاطرتان',
      '3 خواطر',
      '11 خاطرة',
      '100 خاطرة',
    ])
    // A key the language lacks falls back to the English.
    expect(t('hello', { name: 'x' })).toBe('Hello x')
  })

  it('counts the Void in every language, e.g. 1 and 2 thoughts', () => {
    const line = translator(ENGLISH)
    const lines = Object.fromEntries(
      LANGUAGES.map((language) => {
        activateMessages(language, language === 'en' ? {} : catalogues[language])
        return [language, [1, 2].map((n) => line('void.count', { n }))]
      }),
    )
    expect(lines).toEqual({
      en: ['1 thought • Anonymous', '2 thoughts • Anonymous'],
      de: ['1 Gedanke • Anonym', '2 Gedanken • Anonym'],
      es: ['1 pensamiento • Anónimo', '2 pensamientos • Anónimos'],
      fr: ['1 pensée • Anonyme', '2 pensées • Anonymes'],
      'pt-BR': ['1 pensamento • Anônimo', '2 pensamentos • Anônimos'],
      'pt-PT': ['1 pensamento • Anónimo', '2 pensamentos • Anónimos'],
      ar: ['خاطرة واحدة • بلا أسماء', 'خاطرتان • بلا أسماء'],
      'zh-CN': ['1 条心事 • 匿名', '2 条心事 • 匿名'],
    })
  })
})

describe('pickLanguage', () => {
  it.each([
    [['de-DE', 'en'], 'de'],
    [['en-GB'], 'en'],
    [['fr-CA'], 'fr'],
    // Portugal's norm for Portugal and the countries that write as it does; Brazil's for Brazil.
    [['pt-PT'], 'pt-PT'],
    [['pt-AO', 'en'], 'pt-PT'],
    [['pt-BR'], 'pt-BR'],
    [['pt_BR'], 'pt-BR'],
    [['pt'], 'pt-BR'],
    [['PT-pt'], 'pt-PT'],
    [['pt-Latn-BR'], 'pt-BR'],
    [['pt-Latn-PT'], 'pt-PT'],
    [['pt-BR-u-nu-latn'], 'pt-BR'],
    [['pt_BR.UTF-8'], 'pt-BR'],
    [['pt-419'], 'pt-BR'],
    [['ar-EG'], 'ar'],
    [['zh'], 'zh-CN'],
    [['zh-Hant-TW', 'en'], 'en'],
    [['ja-JP'], 'en'],
    [['nl-NL', 'es-MX'], 'es'],
    [[], 'en'],
  ] as const)('%j → %s', (wanted, language) => {
    expect(pickLanguage(wanted)).toBe(language)
  })

  it('knows which languages read right to left', () => {
    expect(LANGUAGES.filter((language) => directionOf(language) === 'rtl')).toEqual(['ar'])
  })
})
