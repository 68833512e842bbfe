/**
 * /help in the visitor's language: beside the usual regions, those of the reader's language, the
 * guessed region first, wherever it is; the new regions' time zones and language tags are known.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { guessVisitorPlace, regionsToList } from '../../../../src/features/help/help-region'
import {
  ALL_SUPPORT_REGIONS,
  LANGUAGE_SUPPORT_REGIONS,
  contactLabel,
  type SupportRegionId,
} from '../../../../src/features/help/support-lines'
import { activateMessages } from '../../../../src/i18n/i18n'
import es from '../../../../src/i18n/locales/es'

afterEach(() => activateMessages('en', {}))

const ids = (guess: SupportRegionId | null, language: Parameters<typeof regionsToList>[1]) =>
  regionsToList(ALL_SUPPORT_REGIONS.find((region) => region.id === guess) ?? null, language).map(
    (region) => region.id,
  )

describe('regionsToList', () => {
  it('lists the usual six for English readers, the guessed one first', () => {
    expect(ids('gb', 'en')).toEqual(['gb', 'us', 'ca', 'ie', 'au', 'de'])
    expect(ids(null, 'en')).toEqual(['us', 'ca', 'gb', 'ie', 'au', 'de'])
  })

  it("puts the reader's language's regions after the guessed one (those of its own norm first), then the usual ones", () => {
    expect(ids(null, 'es')).toEqual(['es', 'us', 'ca', 'gb', 'ie', 'au', 'de'])
    expect(ids('es', 'es')).toEqual(['es', 'us', 'ca', 'gb', 'ie', 'au', 'de'])
    expect(ids(null, 'fr')).toEqual(['fr', 'be', 'ca', 'ch', 'us', 'gb', 'ie', 'au', 'de'])
    expect(ids('de', 'de')).toEqual(['de', 'at', 'ch', 'us', 'ca', 'gb', 'ie', 'au'])
    expect(ids(null, 'pt-PT')).toEqual(['pt', 'br', 'us', 'ca', 'gb', 'ie', 'au', 'de'])
    expect(ids(null, 'pt-BR')).toEqual(['br', 'pt', 'us', 'ca', 'gb', 'ie', 'au', 'de'])
    expect(ids(null, 'zh-CN')).toEqual(['cn', 'hk', 'us', 'ca', 'gb', 'ie', 'au', 'de'])
    expect(ids(null, 'ar')).toEqual(['lb', 'us', 'ca', 'gb', 'ie', 'au', 'de'])
  })

  it('lists a guessed region of another language first, for any reader', () => {
    expect(ids('br', 'en')).toEqual(['br', 'us', 'ca', 'gb', 'ie', 'au', 'de'])
    expect(ids('fr', 'en')).toEqual(['fr', 'us', 'ca', 'gb', 'ie', 'au', 'de'])
  })

  it("lists France first for a French reader in France, then French readers' other regions", () => {
    expect(ids('fr', 'fr')).toEqual(['fr', 'be', 'ca', 'ch', 'us', 'gb', 'ie', 'au', 'de'])
    // The time zone decides: a French reader in Brussels sees Belgium first, France still listed.
    expect(ids('be', 'fr')).toEqual(['be', 'fr', 'ca', 'ch', 'us', 'gb', 'ie', 'au', 'de'])
  })
})

describe('the regions of the other languages', () => {
  it.each([
    [['es-ES'], 'Europe/Madrid', 'es'],
    [['pt-BR'], 'America/Sao_Paulo', 'br'],
    [['en-US'], 'America/Manaus', 'br'],
    [['fr-BE'], 'Europe/Brussels', 'be'],
    [['fr-FR', 'fr'], 'Europe/Paris', 'fr'],
    [['en-US'], 'Europe/Paris', 'fr'],
    [['fr-FR'], undefined, 'fr'],
    [['fr-FR'], 'UTC', 'fr'],
    [['fr-FR'], 'Indian/Reunion', 'fr'],
    [['fr-FR'], 'America/Martinique', 'fr'],
    // The time zone wins over the language's region, both ways.
    [['fr-BE'], 'Europe/Paris', 'fr'],
    [['fr-FR'], 'Europe/Brussels', 'be'],
    [['fr-FR'], 'America/Montreal', 'ca'],
    [['zh-CN'], 'Asia/Shanghai', 'cn'],
    [['ar-LB'], 'Asia/Beirut', 'lb'],
    [['pt-BR'], undefined, 'br'],
    [['ar-LB'], 'UTC', 'lb'],
    [['de-AT'], 'Europe/Vienna', 'at'],
    [['fr-CH'], 'Europe/Zurich', 'ch'],
    [['pt-PT'], 'Europe/Lisbon', 'pt'],
    [['zh-HK'], 'Asia/Hong_Kong', 'hk'],
  ] as const)('%j in %s → %s', (languages, timeZone, region) => {
    expect(guessVisitorPlace(languages, timeZone).region?.id).toBe(region)
  })

  it('each has a line and an emergency number, named in the reader’s language', () => {
    for (const region of LANGUAGE_SUPPORT_REGIONS) {
      expect(region.lines.length, region.id).toBeGreaterThan(0)
      expect(region.emergency.length, region.id).toBeGreaterThan(0)
    }
    const spain = LANGUAGE_SUPPORT_REGIONS.find((region) => region.id === 'es')!
    expect(spain.name).toBe('Spain')
    expect(contactLabel(spain.lines[0]!.contacts[0]!)).toBe('Call 024')
    activateMessages('es', es)
    expect(spain.name).toBe('España')
    expect(contactLabel(spain.lines[0]!.contacts[0]!)).toBe('Llamar al 024')
  })
})
