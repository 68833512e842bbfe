/**
 * The crisis lines the help page lists, by region, and the directory for everywhere else.
 * Every number here is cited in docs/support-lines.md (source, what it says, when it was checked):
 * a number without a published source stays out. Change the two together.
 */

import {
  currentLanguage,
  formattingLocale,
  translator,
  type Language,
} from '../../shared/i18n/i18n'
import { HELP_MESSAGES } from '../../shared/i18n/messages/help'

const t = translator(HELP_MESSAGES)
const currentLanguageTag = () => formattingLocale(currentLanguage())

/** The regions the help page knows by name. */
export type SupportRegionId =
  'us' | 'ca' | 'gb' | 'ie' | 'au' | 'de' | 'es' | 'br' | 'fr' | 'be' | 'cn' | 'lb'

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
  name: string
  readonly about: string
  contacts: SupportContact[]
}

/** A region: its name (in the app's language), the languages it is listed for, its crisis lines, then its emergency numbers. */
export interface SupportRegion {
  id: SupportRegionId
  readonly name: string
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

/** A line whose `about` is read in the app's language when shown. */
const line = (name: string, about: Parameters<typeof t>[0], contacts: SupportContact[]) => ({
  name,
  get about() {
    return t(about)
  },
  contacts,
})

/** A region whose `name` is read in the app's language when shown. */
const region = (
  id: SupportRegionId,
  languages: readonly Language[],
  lines: SupportLine[],
  emergency: SupportContact[],
): SupportRegion => ({
  id,
  get name() {
    return regionName(id)
  },
  languages,
  lines,
  emergency,
})

const call = (display: string): SupportContact => ({
  kind: 'call',
  number: display.replace(/\D/g, ''),
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
    ['en'],
    [line('988 Suicide & Crisis Lifeline', 'line.us', [call('988'), text('988')])],
    [call('911')],
  ),
  region(
    'ca',
    ['en', 'fr'],
    [line('9-8-8 Suicide Crisis Helpline', 'line.ca', [call('988'), text('988')])],
    [call('911')],
  ),
  region('gb', ['en'], [line('Samaritans', 'line.samaritans', [call('116 123')])], [call('999')]),
  region(
    'ie',
    ['en'],
    [line('Samaritans', 'line.samaritans', [call('116 123')])],
    [call('112'), call('999')],
  ),
  region(
    'au',
    ['en'],
    [line('Lifeline', 'line.au', [call('13 11 14'), text('0477 13 11 14')])],
    [call('000')],
  ),
  region(
    'de',
    ['de'],
    [
      line('TelefonSeelsorge', 'line.de', [
        call('0800 111 0 111'),
        call('0800 111 0 222'),
        call('116 123'),
      ]),
    ],
    [call('112')],
  ),
]

/**
 * The regions of the app's other languages: listed for readers of their language, and first for a
 * visitor guessed to be there, beside the usual regions (the directory covers every other country).
 */
export const LANGUAGE_SUPPORT_REGIONS: readonly SupportRegion[] = [
  region('es', ['es'], [line('024', 'line.es', [call('024')])], [call('112')]),
  region(
    'br',
    ['pt-BR'],
    [line('CVV – Centro de Valorização da Vida', 'line.br', [call('188')])],
    [call('192')],
  ),
  region(
    'fr',
    ['fr'],
    [line('Numéro national de prévention du suicide', 'line.fr', [call('3114')])],
    [call('112')],
  ),
  region(
    'be',
    ['fr'],
    [line('Centre de Prévention du Suicide', 'line.be', [call('0800 32 123')])],
    [call('112')],
  ),
  region('cn', ['zh-CN'], [line('心理援助热线', 'line.cn', [call('12356')])], [call('120')]),
  region('lb', ['ar'], [line('Embrace Lifeline', 'line.lb', [call('1564')])], [call('112')]),
]

/** The international directory for the countries not listed here. */
export const HELPLINE_DIRECTORY = {
  name: 'Find A Helpline',
  url: 'https://findahelpline.com/',
} as const

/** A contact's link: `tel:` for a call, `sms:` for a text. */
export function contactHref(contact: SupportContact): string {
  return `${contact.kind === 'call' ? 'tel' : 'sms'}:${contact.number}`
}

/** A contact's link name, saying what it does: "Call 988", "Text 0477 13 11 14". */
export function contactLabel(contact: SupportContact): string {
  return t(contact.kind === 'call' ? 'help.call' : 'help.text', { number: contact.display })
}
