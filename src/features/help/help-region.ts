/**
 * Which card /help shows first, from what the browser already says about the visitor: its time
 * zone and its languages. Nothing is looked up over the network, and nothing is stored.
 *
 * The first card is the visitor's own country or the directory, never another country's: a known
 * time zone decides the country (en-US in Toronto is in Canada; de-DE in Vienna is in Austria), and
 * a country the page has no line for gets the directory first, on that country's page. The
 * language's country is read only when the time zone says nothing (none, UTC, Etc/*, the old
 * rule-based names such as CET, or the zone anti-fingerprinting browsers give everyone); a zone
 * that names a place the table does not know gives the directory's home page, never the language's
 * country.
 */
import zoneCountries from 'virtual:zone-countries'
import type { Language } from '../../i18n/i18n'
import {
  ALL_SUPPORT_REGIONS,
  SUPPORT_REGIONS,
  regionForCountry,
  type SupportLine,
  type SupportRegion,
} from './support-lines'

/**
 * Zones that name no place: the time zone then says nothing about the country. Besides UTC and
 * Etc/*, the old rule-based names (CET, EST5EDT…): the tz database now links them to one city's
 * zone (CET to Brussels, EST to Panama), but a system set to CET may be anywhere in Central Europe.
 */
const PLACELESS_ZONE =
  /^(Etc\/.*|UTC|UCT|GMT.*|Greenwich|Universal|Zulu|Factory|CET|MET|EET|WET|EST|MST|HST|EST5EDT|CST6CDT|MST7MDT|PST8PDT)$/i

/**
 * Tor Browser, Mullvad Browser and Firefox's fingerprinting protection report this zone for every
 * visitor: it says where the visitor is only when their languages say Icelandic too.
 */
const DISGUISE_ZONE = 'Atlantic/Reykjavik'

/** The countries of the zone table: a language tag's region counts only when it is one of them. */
const COUNTRIES = new Set(Object.values(zoneCountries))
/** Antarctica is in the table, but the directory has no page for it. */
const directoryCountry = (country: string | null | undefined) =>
  country && country !== 'AQ' && COUNTRIES.has(country) ? country : null

/** The country (ISO 3166 code) of a time zone such as "Europe/Vienna", from the tz database. */
export function countryOfTimeZone(timeZone: string | undefined): string | null {
  if (!timeZone || PLACELESS_ZONE.test(timeZone)) return null
  return directoryCountry(Object.hasOwn(zoneCountries, timeZone) ? zoneCountries[timeZone] : null)
}

/** The region subtag of a language tag ("en-GB" → "GB", "zh-Hant-TW" → "TW"), if it has one. */
export function regionOfLanguage(tag: string): string | null {
  for (const subtag of tag.split(/[-_]/).slice(1)) {
    if (subtag.length === 1) return null // an extension (-u-, -x-) starts: no region follows
    if (/^[a-z]{2}$/i.test(subtag)) return subtag.toUpperCase()
  }
  return null
}

/** What the browser says of where the visitor is. */
export interface VisitorPlace {
  /** The country, if known (ISO 3166 code). */
  country: string | null
  /** The region of ours that serves it, if we list one: its card comes first. */
  region: SupportRegion | null
}

/**
 * The visitor's likely country: the time zone's when it names one (whatever the languages say),
 * else the region of the first language tag that has one; and the region we list for it, if any.
 */
export function guessVisitorPlace(
  languages: readonly string[],
  timeZone: string | undefined,
): VisitorPlace {
  // A zone that names a place decides, even one our table cannot place (a zone newer than the
  // build's tz data): then no country is known, and the language must not name another one.
  const country = zoneSaysNothing(timeZone, languages)
    ? languageCountry(languages)
    : countryOfTimeZone(timeZone)
  return { country, region: regionForCountry(country) }
}

/** True when the time zone says nothing of where the visitor is: then the languages are read. */
export function zoneSaysNothing(
  timeZone: string | undefined,
  languages: readonly string[],
): boolean {
  return (
    !timeZone ||
    PLACELESS_ZONE.test(timeZone) ||
    (timeZone === DISGUISE_ZONE && !languages.some((tag) => /^is\b/i.test(tag)))
  )
}

/** The first country a language tag names ("fr-CA" → CA), if it is a country ("en-UK" is not). */
function languageCountry(languages: readonly string[]): string | null {
  for (const language of languages) {
    const region = directoryCountry(regionOfLanguage(language))
    if (region) return region
  }
  return null
}

/**
 * What the help page lists for a reader of `language`: the usual regions and those of the reader's
 * language (and the visitor's, wherever it is); the visitor's first, then the language's (those of
 * the reader's own norm first), then the others in their usual order.
 */
export function regionsToList(first: SupportRegion | null, language: Language): SupportRegion[] {
  const shown = ALL_SUPPORT_REGIONS.filter(
    (region) =>
      SUPPORT_REGIONS.includes(region) || region.languages.includes(language) || region === first,
  )
  const ours = shown
    .filter((region) => region !== first && region.languages.includes(language))
    // The regions whose first language is the reader's come first: Portugal before Brazil for a
    // reader in Portugal's Portuguese, France and Belgium before Canada and Switzerland in French.
    .sort((a, b) => a.languages.indexOf(language) - b.languages.indexOf(language))
  return [
    ...(first ? [first] : []),
    ...ours,
    ...shown.filter((region) => region !== first && !ours.includes(region)),
  ]
}

/**
 * A region's lines in the order a reader of `languages` (most preferred first) would want them: a line meant for a language the reader reads ("nl" for Belgium's Zelfmoordlijn) comes
 * before the others, the reader's first language winning; the rest keep their order.
 */
export function linesInOrder(
  lines: readonly SupportLine[],
  languages: readonly string[],
): SupportLine[] {
  const codes = languages.map((tag) => (tag.split(/[-_]/)[0] ?? '').toLowerCase())
  const rank = (line: SupportLine) => {
    const ranks = (line.firstFor ?? []).map((code) => codes.indexOf(code)).filter((i) => i >= 0)
    return ranks.length ? Math.min(...ranks) : Infinity
  }
  return [...lines].sort((a, b) => rank(a) - rank(b))
}
