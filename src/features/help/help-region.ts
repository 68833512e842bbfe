/**
 * Guesses which region's crisis lines to show first, from what the browser already says about the
 * visitor: its languages and its time zone. Nothing is looked up over the network, and nothing is
 * stored. The time zone says where the device is, so it wins over a language's region (en-US in
 * Toronto is in Canada); a language's region is used when the time zone names no known region.
 */
import { SUPPORT_REGIONS, type SupportRegion, type SupportRegionId } from './support-lines'

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
}

const LANGUAGE_REGIONS: Record<string, SupportRegionId> = {
  US: 'us',
  CA: 'ca',
  GB: 'gb',
  IE: 'ie',
  AU: 'au',
  DE: 'de',
}

/** The region a time zone (an IANA name such as "Europe/London") lies in, if it is one we list. */
export function regionOfTimeZone(timeZone: string | undefined): SupportRegionId | null {
  if (!timeZone) return null
  if (CANADA_ZONES.has(timeZone) || timeZone.startsWith('Canada/')) return 'ca'
  if (US_ZONES.has(timeZone) || US_ZONE_PREFIXES.some((prefix) => timeZone.startsWith(prefix)))
    return 'us'
  if (timeZone.startsWith('Australia/')) return 'au'
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

/** The regions to list: the guessed one first, then the others in their usual order. */
export function regionsInOrder(guess: SupportRegionId | null): SupportRegion[] {
  const first = SUPPORT_REGIONS.filter((region) => region.id === guess)
  return [...first, ...SUPPORT_REGIONS.filter((region) => region.id !== guess)]
}
