/**
 * /help's first card is the visitor's own country or the directory, never another country's. The
 * country comes from the time zone (the tz database's table, made at build time); the language's
 * region only when the zone names no place. The table test below checks every zone the platform
 * knows against every language the app speaks, with the platform's own zone → country data (ICU's,
 * not the table the app uses) as the judge.
 */
import { describe, expect, it } from 'vitest'
import zoneTable from 'virtual:zone-countries'
import {
  countryOfTimeZone,
  guessVisitorPlace,
  linesInOrder,
  regionOfLanguage,
  regionsToList,
  zoneSaysNothing,
} from '../../../../src/features/help/help-region'
import {
  ALL_SUPPORT_REGIONS,
  SUPPORT_REGIONS,
  contactHref,
  contactLabel,
  directoryHref,
  type SupportRegion,
} from '../../../../src/features/help/support-lines'
import { LANGUAGES } from '../../../../src/i18n/i18n'

const region = (id: string): SupportRegion => ALL_SUPPORT_REGIONS.find((r) => r.id === id)!

/** The first card as the page shows it: a region's id, or "directory:<country>". */
function firstCard(languages: readonly string[], timeZone: string | undefined): string {
  const place = guessVisitorPlace(languages, timeZone)
  if (!place.region) return `directory:${place.country ?? ''}`
  return regionsToList(place.region, 'en')[0]!.id
}

describe('the first card', () => {
  it.each([
    // The pairs a review found showing another country's line first.
    [['zh-CN'], 'Asia/Hong_Kong', 'hk'],
    [['zh-CN'], 'Asia/Taipei', 'directory:TW'],
    [['pt-BR'], 'Europe/Lisbon', 'pt'],
    [['de-DE'], 'Europe/Vienna', 'at'],
    [['es-ES'], 'America/Mexico_City', 'directory:MX'],
    [['ar'], 'Africa/Cairo', 'directory:EG'],
    [['ar-LB'], 'Africa/Cairo', 'directory:EG'],
    [['nl-BE'], 'Europe/Brussels', 'be'],
    [['fr-BE'], 'Europe/Brussels', 'be'],
    [['de-CH'], 'Europe/Zurich', 'ch'],
    [['de-DE'], 'Europe/Vaduz', 'ch'],
    [['es-AR'], 'America/Argentina/Buenos_Aires', 'directory:AR'],
    [['es-AR'], 'America/Buenos_Aires', 'directory:AR'],
    [['fr-CA'], 'America/Toronto', 'ca'],
    [['en-GB'], 'Europe/London', 'gb'],
    [['en-US'], 'America/Toronto', 'ca'],
    [['en-US'], 'Europe/Berlin', 'de'],
    [['de-DE'], 'Europe/Busingen', 'de'],
    [['en-US'], 'Pacific/Honolulu', 'us'],
    [['en-US'], 'America/Puerto_Rico', 'us'],
    [['fr-FR'], 'Indian/Reunion', 'fr'],
    [['fr-FR'], 'America/Cayenne', 'fr'],
    [['en-IN'], 'Asia/Calcutta', 'directory:IN'],
    [['en-IN'], 'Asia/Kolkata', 'directory:IN'],
    // A known zone decides, whatever the language says.
    [['en-GB'], 'Asia/Tokyo', 'directory:JP'],
    [['fr-FR'], 'Europe/Brussels', 'be'],
    [['ar-LB'], 'Asia/Beirut', 'lb'],
    [['zh-CN'], 'Asia/Shanghai', 'cn'],
    [['zh-CN'], 'Asia/Macau', 'directory:MO'],
    [['pt-PT'], 'Atlantic/Azores', 'pt'],
    [['pt-BR'], 'America/Sao_Paulo', 'br'],
    [['es-ES'], 'Atlantic/Canary', 'es'],
  ] as const)('%j in %s → %s', (languages, timeZone, card) => {
    expect(firstCard(languages, timeZone)).toBe(card)
  })

  it.each([
    [['de-AT'], undefined, 'at'],
    [['fr-CA', 'fr'], 'UTC', 'ca'],
    [['en_AU'], 'Etc/UTC', 'au'],
    [['en-US-u-ca-gregory'], undefined, 'us'],
    [['pt-PT'], 'Etc/GMT-1', 'pt'],
    [['es-MX'], 'Etc/GMT+6', 'directory:MX'],
    [['nl-NL', 'en-GB'], undefined, 'directory:NL'],
    [['en'], 'UTC', 'directory:'],
    [[], undefined, 'directory:'],
  ] as const)('with no zone to go by: %j in %s → %s (the language’s country)', (l, tz, card) => {
    expect(firstCard(l, tz)).toBe(card)
  })

  it('never takes the language’s country when the zone names a place the table does not know', () => {
    expect(firstCard(['de-DE'], 'Mars/Olympus_Mons')).toBe('directory:')
    expect(firstCard(['de-DE'], 'europe/vienna')).toBe('directory:')
    expect(firstCard(['de-DE'], '__proto__')).toBe('directory:')
  })

  it.each([
    // The old rule-based names are linked to one city's zone (CET to Brussels, EST to Panama) but
    // a system set to them may be anywhere in their region: they say nothing.
    [['de-DE'], 'CET', 'de'],
    [['de-AT'], 'MET', 'at'],
    [['es-ES'], 'WET', 'es'],
    [['ar-LB'], 'EET', 'lb'],
    [['en-CA'], 'EST5EDT', 'ca'],
    [['es-MX'], 'MST7MDT', 'directory:MX'],
    [['es-MX'], 'EST', 'directory:MX'],
    // Anti-fingerprinting browsers give everyone Reykjavik: the language decides, unless Icelandic.
    [['en-US', 'en'], 'Atlantic/Reykjavik', 'us'],
    [['fr-FR'], 'Atlantic/Reykjavik', 'fr'],
    [['is-IS', 'en'], 'Atlantic/Reykjavik', 'directory:IS'],
  ] as const)('%j in %s → %s (a zone that says nothing)', (languages, timeZone, card) => {
    expect(firstCard(languages, timeZone)).toBe(card)
  })

  it.each([
    [['en-UK'], 'UTC'],
    [['en-EU'], undefined],
    [['es-419', 'xx-ZZ'], undefined],
    [['en-AQ'], 'UTC'],
  ] as const)('links the directory’s home page for %j (no country)', (languages, timeZone) => {
    expect(firstCard(languages, timeZone)).toBe('directory:')
  })

  it('gives the directory’s home page, not a page it lacks, in Antarctica', () => {
    expect(firstCard(['en-US'], 'Antarctica/McMurdo')).toBe('directory:')
  })
})

/** Every country ICU places a zone in (the platform's CLDR data, independent of the app's table). */
function icuZoneCountries(): Map<string, Set<string>> {
  const zones = new Map<string, Set<string>>()
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
  for (const a of letters)
    for (const b of letters) {
      const locale = new Intl.Locale(`und-${a}${b}`) as Intl.Locale & {
        getTimeZones?: () => string[] | undefined
        timeZones?: string[]
      }
      for (const zone of locale.getTimeZones?.() ?? locale.timeZones ?? [])
        (zones.get(zone) ?? zones.set(zone, new Set()).get(zone)!).add(`${a}${b}`)
    }
  return zones
}

describe('every zone against every language', () => {
  const icu = icuZoneCountries()
  const zones = Intl.supportedValuesOf('timeZone')

  it('the platform and the table give zones and countries to check against', () => {
    expect(zones.length).toBeGreaterThan(300)
    expect(Object.keys(zoneTable).length).toBeGreaterThan(500)
    expect(icu.get('Europe/Vienna')).toEqual(new Set(['AT']))
  })

  /** A language tag for each of the app's languages, with the region its readers most often give. */
  const TAGS: Record<(typeof LANGUAGES)[number], string> = {
    en: 'en-US',
    de: 'de-DE',
    es: 'es-ES',
    fr: 'fr-FR',
    'pt-BR': 'pt-BR',
    'pt-PT': 'pt-PT',
    ar: 'ar-LB',
    'zh-CN': 'zh-CN',
  }

  it.each(LANGUAGES)('%s: the first card is the zone’s country, or the directory', (language) => {
    const wrong: string[] = []
    // Every zone the platform lists, and every name of the app's table (old links too, which
    // browsers may report), judged by ICU's country for the zone the name stands for.
    for (const zone of new Set([...zones, ...Object.keys(zoneTable)])) {
      let canonical: string
      try {
        canonical = new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone
      } catch {
        continue // a name this platform does not know: it will never report it
      }
      const countries = icu.get(zone) ?? icu.get(canonical)
      const languages = [TAGS[language]]
      // A zone that says nothing hands over to the language (tested above).
      if (zoneSaysNothing(zone, languages)) continue
      const place = guessVisitorPlace(languages, zone)
      if (!place.region) continue // the directory
      const first = regionsToList(place.region, language)[0]!
      if (!countries || !first.countries.some((country) => countries.has(country)))
        wrong.push(`${zone} (${[...(countries ?? [])].join() || 'no country'}) → ${first.id}`)
    }
    expect(wrong).toEqual([])
  })

  it('the directory opens on the zone’s country, where the tz database and ICU agree', () => {
    // Simferopol is placed in Russia by the tz database's table and in Ukraine by ICU; neither has a
    // card here, so its visitors see the directory first either way. Antarctica has no page.
    const disputed = new Set(['Europe/Simferopol'])
    const wrong = zones.filter((zone) => {
      const countries = icu.get(zone)
      const country = countryOfTimeZone(zone)
      if (!countries || disputed.has(zone) || countries.has('AQ')) return false
      // A zone newer than the build's table gives the directory's home page: allowed.
      if (country === null) return Object.hasOwn(zoneTable, zone)
      return !countries.has(country)
    })
    expect(wrong).toEqual([])
    expect(countryOfTimeZone('Europe/Simferopol')).not.toBeNull()
  })
})

describe('regionOfLanguage and countryOfTimeZone', () => {
  it('reads the region subtag after a script subtag and stops at an extension', () => {
    expect(regionOfLanguage('zh-Hant-TW')).toBe('TW')
    expect(regionOfLanguage('en')).toBeNull()
    expect(regionOfLanguage('en-u-rg-gbzzzz')).toBeNull()
    expect(regionOfLanguage('es-419')).toBeNull()
  })

  it('knows the old names of zones as well as the new, and no country for placeless zones', () => {
    expect(countryOfTimeZone('US/Eastern')).toBe('US')
    expect(countryOfTimeZone('Europe/Kiev')).toBe('UA')
    expect(countryOfTimeZone('Europe/Kyiv')).toBe('UA')
    expect(countryOfTimeZone('America/Montreal')).toBe('CA')
    expect(countryOfTimeZone('Europe/Amsterdam')).toBe('NL')
    expect(countryOfTimeZone('UTC')).toBeNull()
    expect(countryOfTimeZone('Etc/GMT+5')).toBeNull()
    expect(countryOfTimeZone('GMT')).toBeNull()
    expect(countryOfTimeZone(undefined)).toBeNull()
    expect(countryOfTimeZone('constructor')).toBeNull()
  })
})

describe('the directory', () => {
  it('links to the visitor’s country when known, else to its home page', () => {
    expect(directoryHref('MX')).toBe('https://findahelpline.com/MX')
    expect(directoryHref(null)).toBe('https://findahelpline.com/')
  })
})

describe('a region’s lines, by the reader’s languages', () => {
  const names = (id: string, languages: string[]) =>
    linesInOrder(region(id).lines, languages).map((line) => line.name)

  it('puts Belgium’s Dutch line first for Dutch readers and the French one for French readers', () => {
    // The browser's languages come first, then the app's: nl-BE before fr, though the app is French.
    expect(names('be', ['nl-BE', 'fr', 'fr'])).toEqual([
      'Zelfmoordlijn 1813',
      'Centre de Prévention du Suicide',
    ])
    expect(names('be', ['en', 'nl-BE', 'fr'])).toEqual([
      'Zelfmoordlijn 1813',
      'Centre de Prévention du Suicide',
    ])
    expect(names('be', ['fr', 'fr-BE', 'nl'])).toEqual([
      'Centre de Prévention du Suicide',
      'Zelfmoordlijn 1813',
    ])
  })

  it('puts Quebec’s own line first in Canada for French readers, 988 first for others', () => {
    expect(names('ca', ['fr', 'fr-CA'])).toEqual(['Suicide.ca', '9-8-8 Suicide Crisis Helpline'])
    expect(names('ca', ['en', 'en-CA'])).toEqual(['9-8-8 Suicide Crisis Helpline', 'Suicide.ca'])
  })
})

describe('support lines', () => {
  const numbers = (id: string) => ({
    lines: region(id).lines.flatMap((line) => line.contacts.map(contactLabel)),
    emergency: region(id).emergency.map(contactLabel),
  })

  it('lists the usual regions’ lines, with the emergency numbers', () => {
    expect(SUPPORT_REGIONS.map((r) => r.id)).toEqual(['us', 'ca', 'gb', 'ie', 'au', 'de'])
    expect(numbers('us')).toEqual({ lines: ['Call 988', 'Text 988'], emergency: ['Call 911'] })
    expect(numbers('ca')).toEqual({
      lines: ['Call 988', 'Text 988', 'Call 1 866 APPELLE (277-3553)', 'Text 535353'],
      emergency: ['Call 911'],
    })
    expect(numbers('gb')).toEqual({ lines: ['Call 116 123'], emergency: ['Call 999'] })
    expect(numbers('ie')).toEqual({ lines: ['Call 116 123'], emergency: ['Call 112', 'Call 999'] })
    expect(numbers('au')).toEqual({
      lines: ['Call 13 11 14', 'Text 0477 13 11 14'],
      emergency: ['Call 000'],
    })
    expect(numbers('de')).toEqual({
      lines: ['Call 0800 111 0 111', 'Call 0800 111 0 222', 'Call 116 123'],
      emergency: ['Call 112'],
    })
  })

  it('lists the lines of the places readers are, each sourced in docs/support-lines.md', () => {
    expect(numbers('at')).toEqual({
      lines: ['Call 142', 'Call 147'],
      emergency: ['Call 144', 'Call 112'],
    })
    expect(numbers('ch')).toEqual({
      lines: ['Call 143', 'Call 147', 'Text 147'],
      emergency: ['Call 144', 'Call 112'],
    })
    expect(numbers('pt')).toEqual({ lines: ['Call 808 24 24 24'], emergency: ['Call 112'] })
    expect(numbers('hk')).toEqual({
      lines: ['Call 18111', 'Call 2896 0000'],
      emergency: ['Call 999'],
    })
    expect(numbers('be')).toEqual({
      lines: ['Call 0800 32 123', 'Call 1813'],
      emergency: ['Call 112'],
    })
    expect(numbers('fr').emergency).toEqual(['Call 15', 'Call 112'])
    expect(numbers('lb').emergency).toEqual(['Call 140', 'Call 112'])
  })

  it('links calls with tel: and texts with sms:, digits only, letters dialled as their digits', () => {
    const quebec = region('ca').lines[1]!.contacts[0]!
    expect(contactHref(quebec)).toBe('tel:18662773553')
    for (const r of ALL_SUPPORT_REGIONS)
      for (const contact of [...r.lines.flatMap((line) => line.contacts), ...r.emergency])
        expect(contactHref(contact)).toMatch(/^(tel|sms):\d{2,}$/)
  })
})
