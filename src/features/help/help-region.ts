/**
 * Guesses which region's crisis lines to show first, from what the browser already says about the
 * visitor: its languages and its time zone. Nothing is looked up over the network, and nothing is
 * stored. The time zone says where the device is, so it wins over a language's region (en-US in
 * Toronto is in Canada); a language's region is used when the time zone names no known region.
 */
import type { Language } from '../../shared/i18n/i18n'
import {
  LANGUAGE_SUPPORT_REGIONS,
  SUPPORT_REGIONS,
  type SupportRegion,
  type SupportRegionId,
} from './support-lines'

const CANADA_ZONES = new Set(
  [
    'St_Johns',
    'Halifax',
    'Glace_Bay',
    'Moncton',
    'Goose_Bay',
    'Toronto',
    'Montreal',
    'Nipigon',
    'Thunder_Bay',
    'Iqaluit',
    'Pangnirtung',
    'Atikokan',
    'Winnipeg',
    'Rainy_River',
    'Resolute',
    'Rankin_Inlet',
    'Regina',
    'Swift_Current',
    'Edmonton',
    'Cambridge_Bay',
    'Yellowknife',
    'Inuvik',
    'Creston',
    'Dawson_Creek',
    'Fort_Nelson',
    'Whitehorse',
    'Dawson',
    'Vancouver',
    'Blanc-Sablon',
  ].map((city) => `America/${city}`),
)

const US_ZONES = new Set([
  ...[
    'New_York',
    'Detroit',
    'Chicago',
    'Menominee',
    'Denver',
    'Boise',
    'Phoenix',
    'Los_Angeles',
    'Anchorage',
    'Juneau',
    'Sitka',
    'Metlakatla',
    'Yakutat',
    'Nome',
    'Adak',
    'Fort_Wayne',
    'Indianapolis',
    'Louisville',
    'Puerto_Rico',
  ].map((city) => `America/${city}`),
  'Pacific/Honolulu',
])
const US_ZONE_PREFIXES = ['America/Indiana/', 'America/Kentucky/', 'America/North_Dakota/', 'US/']

const ZONES: Record<string, SupportRegionId> = {
  'Europe/London': 'gb',
  'Europe/Belfast': 'gb',
  GB: 'gb',
  'Europe/Dublin': 'ie',
  Eire: 'ie',
  'Europe/Berlin': 'de',
  'Europe/Busingen': 'de',
  'Europe/Madrid': 'es',
  'Africa/Ceuta': 'es',
  'Atlantic/Canary': 'es',
  // France and its overseas regions, where the national line answers too.
  'Europe/Paris': 'fr',
  'America/Guadeloupe': 'fr',
  'America/Martinique': 'fr',
  'America/Cayenne': 'fr',
  'Indian/Reunion': 'fr',
  'Indian/Mayotte': 'fr',
  'Europe/Brussels': 'be',
  'Asia/Shanghai': 'cn',
  'Asia/Urumqi': 'cn',
  'Asia/Chongqing': 'cn',
  'Asia/Harbin': 'cn',
  PRC: 'cn',
  'Asia/Beirut': 'lb',
}

const BRAZIL_ZONES = new Set(
  [
    'Sao_Paulo',
    'Rio_Branco',
    'Manaus',
    'Porto_Velho',
    'Boa_Vista',
    'Cuiaba',
    'Campo_Grande',
    'Belem',
    'Fortaleza',
    'Recife',
    'Araguaina',
    'Maceio',
    'Bahia',
    'Santarem',
    'Noronha',
    'Eirunepe',
  ].map((city) => `America/${city}`),
)

const LANGUAGE_REGIONS: Record<string, SupportRegionId> = {
  US: 'us',
  CA: 'ca',
  GB: 'gb',
  IE: 'ie',
  AU: 'au',
  DE: 'de',
  ES: 'es',
  BR: 'br',
  FR: 'fr',
  BE: 'be',
  CN: 'cn',
  LB: 'lb',
}

/** The region a time zone (an IANA name such as "Europe/London") lies in, if it is one we list. */
export function regionOfTimeZone(timeZone: string | undefined): SupportRegionId | null {
  if (!timeZone) return null
  if (CANADA_ZONES.has(timeZone) || timeZone.startsWith('Canada/')) return 'ca'
  if (US_ZONES.has(timeZone) || US_ZONE_PREFIXES.some((prefix) => timeZone.startsWith(prefix)))
    return 'us'
  if (timeZone.startsWith('Australia/')) return 'au'
  if (BRAZIL_ZONES.has(timeZone) || timeZone.startsWith('Brazil/')) return 'br'
  return ZONES[timeZone] ?? null
}

/** The region subtag of a language tag ("en-GB" → "GB", "zh-Hant-TW" → "TW"), if it has one. */
export function regionOfLanguage(tag: string): string | null {
  for (const subtag of tag.split(/[-_]/).slice(1)) {
    if (subtag.length === 1) return null // an extension (-u-, -x-) starts: no region follows
    if (/^[a-z]{2}$/i.test(subtag)) return subtag.toUpperCase()
  }
  return null
}

/** The visitor's likely region from the browser's languages and time zone, or null if unknown. */
export function guessSupportRegion(
  languages: readonly string[],
  timeZone: string | undefined,
): SupportRegionId | null {
  const byZone = regionOfTimeZone(timeZone)
  if (byZone) return byZone
  for (const language of languages) {
    const region = regionOfLanguage(language)
    if (region && LANGUAGE_REGIONS[region]) return LANGUAGE_REGIONS[region]
  }
  return null
}

/**
 * What the help page lists for a reader of `language`: the usual regions and those of the reader's
 * language (and the guessed region, wherever it is); the guessed one first, then the language's,
 * then the others in their usual order.
 */
export function regionsToList(guess: SupportRegionId | null, language: Language): SupportRegion[] {
  const shown = [...SUPPORT_REGIONS, ...LANGUAGE_SUPPORT_REGIONS].filter(
    (region) =>
      SUPPORT_REGIONS.includes(region) ||
      region.languages.includes(language) ||
      region.id === guess,
  )
  const ours = (region: SupportRegion) => region.languages.includes(language)
  return [
    ...shown.filter((region) => region.id === guess),
    ...shown.filter((region) => region.id !== guess && ours(region)),
    ...shown.filter((region) => region.id !== guess && !ours(region)),
  ]
}

/** The usual regions to list: the guessed one first, then the others in their usual order. */
export function regionsInOrder(guess: SupportRegionId | null): SupportRegion[] {
  const first = SUPPORT_REGIONS.filter((region) => region.id === guess)
  return [...first, ...SUPPORT_REGIONS.filter((region) => region.id !== guess)]
}
