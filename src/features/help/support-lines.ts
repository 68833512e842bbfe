/**
 * The crisis lines the help page lists, by region, and the directory for everywhere else.
 * Every number here is cited in docs/support-lines.md (source, what it says, when it was checked):
 * a number without a published source stays out. Change the two together.
 */

import { currentLanguage, formattingLocale, translator, type Language } from '../../i18n/i18n'
import { HELP_MESSAGES } from '../../i18n/messages/help'

const t = translator(HELP_MESSAGES)
const currentLanguageTag = () => formattingLocale(currentLanguage())

/** The regions the help page knows by name. */
export type SupportRegionId =
  | 'us'
  | 'ca'
  | 'gb'
  | 'ie'
  | 'au'
  | 'de'
  | 'at'
  | 'ch'
  | 'es'
  | 'br'
  | 'pt'
  | 'fr'
  | 'be'
  | 'cn'
  | 'hk'
  | 'lb'

/** One way to reach a line: a call or a text message to `number`, shown as `display`. */
export interface SupportContact {
  kind: 'call' | 'text'
  /** Digits only, for the `tel:` or `sms:` link. */
  number: string
  /** As the service writes it. */
  display: string
}

/** A line: who answers (the service's own name), what it is for (in the app's language), how to reach it. */
export interface SupportLine {
  readonly name: string
  /** The language the name is written in (a BCP 47 tag), so that a screen reader says it in it. */
  readonly nameLang?: string
  readonly about: string
  contacts: SupportContact[]
  /**
   * Where a region has a line per language (Belgium's Dutch and French lines, Quebec's own line
   * within Canada), the languages (ISO 639 codes) whose readers are shown this line first.
   */
  firstFor?: readonly string[]
}

/** A region: its name (in the app's language), the languages it is listed for, its crisis lines, then its emergency numbers. */
export interface SupportRegion {
  id: SupportRegionId
  readonly name: string
  /**
   * The countries (ISO 3166 codes) whose visitors this region's lines serve, as its sources say:
   * France's overseas regions beside France, Liechtenstein beside Switzerland.
   */
  countries: readonly string[]
  /** The app's languages whose readers this region's lines serve: listed for them beyond the usual regions. */
  languages: readonly Language[]
  lines: SupportLine[]
  emergency: SupportContact[]
}

const regionNames = new Map<string, Intl.DisplayNames>()
/** A region's name in the app's language, by the platform (Intl.DisplayNames). */
function regionName(id: SupportRegionId): string {
  const language = currentLanguageTag()
  let names = regionNames.get(language)
  if (!names)
    regionNames.set(language, (names = new Intl.DisplayNames([language], { type: 'region' })))
  return names.of(id.toUpperCase()) ?? id.toUpperCase()
}

type About = Parameters<typeof t>[0]

/**
 * A line whose `about` is read in the app's language when shown. `name` is the service's own, in
 * the language `lang` names; a service that names itself in several languages (Switzerland's 143)
 * gives one per app language, with `other` for the rest.
 */
const line = (
  name: string | ({ other: string } & Partial<Record<Language, string>>),
  about: About,
  contacts: SupportContact[],
  { firstFor, lang }: { firstFor?: readonly string[]; lang?: string } = {},
): SupportLine => ({
  get name() {
    return typeof name === 'string' ? name : (name[currentLanguage()] ?? name.other)
  },
  get nameLang() {
    if (typeof name === 'string') return lang
    return name[currentLanguage()] === undefined ? undefined : currentLanguage()
  },
  get about() {
    return t(about)
  },
  contacts,
  ...(firstFor && { firstFor }),
})

/** A region whose `name` is read in the app's language when shown. */
const region = (
  id: SupportRegionId,
  countries: readonly string[],
  languages: readonly Language[],
  lines: SupportLine[],
  emergency: SupportContact[],
): SupportRegion => ({
  id,
  get name() {
    return regionName(id)
  },
  countries,
  languages,
  lines,
  emergency,
})

/** A number as the service writes it; the link dials its digits, or `digits` where letters stand for them. */
const call = (display: string, digits = display.replace(/\D/g, '')): SupportContact => ({
  kind: 'call',
  number: digits,
  display,
})
const text = (display: string): SupportContact => ({
  kind: 'text',
  number: display.replace(/\D/g, ''),
  display,
})

/** The regions listed in every language, in the order they are listed when none is guessed. */
export const SUPPORT_REGIONS: readonly SupportRegion[] = [
  region(
    'us',
    ['US', 'PR'],
    ['en'],
    [line('988 Suicide & Crisis Lifeline', 'line.us', [call('988'), text('988')], { lang: 'en' })],
    [call('911')],
  ),
  region(
    'ca',
    ['CA'],
    ['en', 'fr'],
    [
      line('9-8-8 Suicide Crisis Helpline', 'line.ca', [call('988'), text('988')], { lang: 'en' }),
      // Quebec's own line: 988 is redirected to it from Quebec, and it is the one Quebec makes
      // known. The time zones do not tell Quebec from Ontario, so French readers see it first.
      line(
        'Suicide.ca',
        'line.qc',
        [call('1 866 APPELLE (277-3553)', '18662773553'), text('535353')],
        { firstFor: ['fr'] },
      ),
    ],
    [call('911')],
  ),
  region(
    'gb',
    ['GB'],
    ['en'],
    [line('Samaritans', 'line.samaritans', [call('116 123')], { lang: 'en' })],
    [call('999')],
  ),
  region(
    'ie',
    ['IE'],
    ['en'],
    [line('Samaritans', 'line.samaritans', [call('116 123')], { lang: 'en' })],
    [call('112'), call('999')],
  ),
  region(
    'au',
    ['AU'],
    ['en'],
    [line('Lifeline', 'line.au', [call('13 11 14'), text('0477 13 11 14')], { lang: 'en' })],
    [call('000')],
  ),
  region(
    'de',
    ['DE'],
    ['de'],
    [
      line(
        'TelefonSeelsorge',
        'line.de',
        [call('0800 111 0 111'), call('0800 111 0 222'), call('116 123')],
        { lang: 'de' },
      ),
    ],
    [call('112')],
  ),
]

/**
 * The regions of the app's other languages: listed for readers of their language, and first for a
 * visitor whose time zone is there, beside the usual regions (the directory covers every other
 * country).
 */
export const LANGUAGE_SUPPORT_REGIONS: readonly SupportRegion[] = [
  region(
    'at',
    ['AT'],
    ['de'],
    [
      line('TelefonSeelsorge', 'line.at', [call('142')], { lang: 'de' }),
      line('Rat auf Draht', 'line.youth', [call('147')], { lang: 'de' }),
    ],
    [call('144'), call('112')],
  ),
  region(
    'ch',
    ['CH', 'LI'],
    ['de', 'fr'],
    [
      line(
        {
          de: 'Die Dargebotene Hand',
          fr: 'La Main Tendue',
          other: 'Die Dargebotene Hand – La Main Tendue',
        },
        'line.ch',
        [call('143')],
      ),
      line('Pro Juventute', 'line.youth', [call('147'), text('147')]),
    ],
    [call('144'), call('112')],
  ),
  region(
    'es',
    ['ES'],
    ['es'],
    [line('Línea 024', 'line.es', [call('024')], { lang: 'es' })],
    [call('112')],
  ),
  region(
    'br',
    ['BR'],
    ['pt-BR', 'pt-PT'],
    [line('CVV – Centro de Valorização da Vida', 'line.br', [call('188')], { lang: 'pt-BR' })],
    [call('192')],
  ),
  region(
    'pt',
    ['PT'],
    ['pt-PT', 'pt-BR'],
    [
      line('SNS 24 – Aconselhamento Psicológico', 'line.pt', [call('808 24 24 24')], {
        lang: 'pt-PT',
      }),
    ],
    [call('112')],
  ),
  region(
    'fr',
    ['FR', 'GP', 'MQ', 'GF', 'RE', 'YT'],
    ['fr'],
    [line('Numéro national de prévention du suicide', 'line.fr', [call('3114')], { lang: 'fr' })],
    [call('15'), call('112')],
  ),
  region(
    'be',
    ['BE'],
    ['fr'],
    [
      line('Centre de Prévention du Suicide', 'line.be', [call('0800 32 123')], {
        firstFor: ['fr'],
        lang: 'fr',
      }),
      line('Zelfmoordlijn 1813', 'line.beNl', [call('1813')], { firstFor: ['nl'], lang: 'nl' }),
    ],
    [call('112')],
  ),
  region(
    'cn',
    ['CN'],
    ['zh-CN'],
    [line('心理援助热线', 'line.cn', [call('12356')], { lang: 'zh-CN' })],
    [call('120')],
  ),
  region(
    'hk',
    ['HK'],
    ['zh-CN'],
    [
      line('18111 精神健康支援熱線', 'line.hk', [call('18111')], { lang: 'zh-HK' }),
      line('The Samaritans 撒瑪利亞會', 'line.hkSamaritans', [call('2896 0000')]),
    ],
    [call('999')],
  ),
  region(
    'lb',
    ['LB'],
    ['ar'],
    [line('Embrace Lifeline', 'line.lb', [call('1564')], { lang: 'en' })],
    [call('140'), call('112')],
  ),
]

/** Every region the page knows. */
export const ALL_SUPPORT_REGIONS: readonly SupportRegion[] = [
  ...SUPPORT_REGIONS,
  ...LANGUAGE_SUPPORT_REGIONS,
]

/** The region whose lines serve `country` (an ISO 3166 code), if the page lists one. */
export const regionForCountry = (country: string | null): SupportRegion | null =>
  (country && ALL_SUPPORT_REGIONS.find((region) => region.countries.includes(country))) || null

/**
 * The international directory for the countries not listed here; its page for one country is the
 * country's code after the address (findahelpline.com/AU).
 */
export const HELPLINE_DIRECTORY = {
  name: 'Find A Helpline',
  url: 'https://findahelpline.com/',
} as const

/** The directory's address, on the page of `country` when it is known. */
export const directoryHref = (country: string | null): string =>
  country ? `${HELPLINE_DIRECTORY.url}${country}` : HELPLINE_DIRECTORY.url

/** A contact's link: `tel:` for a call, `sms:` for a text. */
export function contactHref(contact: SupportContact): string {
  return `${contact.kind === 'call' ? 'tel' : 'sms'}:${contact.number}`
}

/** A contact's link name, saying what it does: "Call 988", "Text 0477 13 11 14". */
export function contactLabel(contact: SupportContact): string {
  return t(contact.kind === 'call' ? 'help.call' : 'help.text', { number: contact.display })
}
