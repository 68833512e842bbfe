import { describe, expect, it } from 'vitest'
import {
  guessSupportRegion,
  regionOfLanguage,
  regionOfTimeZone,
  regionsInOrder,
} from '../../../../src/features/help/help-region'
import {
  SUPPORT_REGIONS,
  contactHref,
  contactLabel,
} from '../../../../src/features/help/support-lines'

describe('guessSupportRegion', () => {
  it.each([
    [['en-GB'], 'Europe/London', 'gb'],
    [['en-US', 'en'], 'America/Toronto', 'ca'],
    [['de-DE', 'de'], undefined, 'de'],
    [['de-DE'], 'Europe/Berlin', 'de'],
    [['fr-CA', 'fr'], undefined, 'ca'],
    [['fr-CA'], 'America/Montreal', 'ca'],
    [['en-AU'], 'Australia/Sydney', 'au'],
    [['en-IE'], 'Europe/Dublin', 'ie'],
    [['en-US'], 'America/Los_Angeles', 'us'],
    [['es-US'], 'America/Indiana/Indianapolis', 'us'],
    [['en-US'], 'Pacific/Honolulu', 'us'],
    // The time zone says where the device is: an American in Berlin is shown Germany first.
    [['en-US'], 'Europe/Berlin', 'de'],
    // A time zone we do not list leaves the language's region to decide.
    [['en-GB'], 'Asia/Tokyo', 'gb'],
    [['en_AU'], 'UTC', 'au'],
    [['en-US-u-ca-gregory'], undefined, 'us'],
    [['fr-FR', 'en'], 'Europe/Paris', 'fr'],
    [['fr-FR'], undefined, 'fr'],
  ] as const)('%j in %s → %s', (languages, timeZone, region) => {
    expect(guessSupportRegion(languages, timeZone)).toBe(region)
  })

  it.each([
    [[], undefined],
    [['en'], 'UTC'],
    [['de'], undefined],
    [['ja-JP'], 'Asia/Tokyo'],
    [['de-AT'], 'Europe/Vienna'],
    [['it-IT', 'en'], 'Europe/Rome'],
  ] as const)('%j in %s is not guessed', (languages, timeZone) => {
    expect(guessSupportRegion(languages, timeZone)).toBeNull()
  })

  it('uses the first language with a known region', () => {
    expect(guessSupportRegion(['nl-NL', 'en-GB', 'en-US'], undefined)).toBe('gb')
  })
})

describe('regionOfLanguage and regionOfTimeZone', () => {
  it('reads the region subtag after a script subtag and stops at an extension', () => {
    expect(regionOfLanguage('zh-Hant-TW')).toBe('TW')
    expect(regionOfLanguage('en')).toBeNull()
    expect(regionOfLanguage('en-u-rg-gbzzzz')).toBeNull()
    expect(regionOfLanguage('es-419')).toBeNull()
  })

  it('knows Canadian, US, Australian and European zones, and no others', () => {
    expect(regionOfTimeZone('America/Vancouver')).toBe('ca')
    expect(regionOfTimeZone('America/St_Johns')).toBe('ca')
    expect(regionOfTimeZone('America/New_York')).toBe('us')
    expect(regionOfTimeZone('Australia/Perth')).toBe('au')
    expect(regionOfTimeZone('Europe/Belfast')).toBe('gb')
    expect(regionOfTimeZone('Europe/Paris')).toBe('fr')
    expect(regionOfTimeZone('Indian/Mayotte')).toBe('fr')
    expect(regionOfTimeZone('America/Mexico_City')).toBeNull()
    expect(regionOfTimeZone('Europe/Rome')).toBeNull()
    expect(regionOfTimeZone(undefined)).toBeNull()
  })
})

describe('regionsInOrder', () => {
  it('puts the guessed region first and keeps every other region after it', () => {
    const ordered = regionsInOrder('de').map((region) => region.id)
    expect(ordered).toEqual(['de', 'us', 'ca', 'gb', 'ie', 'au'])
  })

  it('keeps the usual order when nothing is guessed', () => {
    expect(regionsInOrder(null)).toEqual(SUPPORT_REGIONS)
  })
})

describe('support lines', () => {
  it('lists the national lines the issue asks for, with the emergency numbers', () => {
    const numbers = (id: string) => {
      const region = SUPPORT_REGIONS.find((r) => r.id === id)!
      return {
        lines: region.lines.flatMap((line) => line.contacts.map(contactLabel)),
        emergency: region.emergency.map(contactLabel),
      }
    }
    expect(numbers('us')).toEqual({ lines: ['Call 988', 'Text 988'], emergency: ['Call 911'] })
    expect(numbers('ca')).toEqual({ lines: ['Call 988', 'Text 988'], emergency: ['Call 911'] })
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

  it('links calls with tel: and texts with sms:, digits only', () => {
    expect(contactHref({ kind: 'call', number: '08001110111', display: '0800 111 0 111' })).toBe(
      'tel:08001110111',
    )
    expect(contactHref({ kind: 'text', number: '0477131114', display: '0477 13 11 14' })).toBe(
      'sms:0477131114',
    )
  })
})
