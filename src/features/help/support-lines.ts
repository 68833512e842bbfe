/**
 * The crisis lines the help page lists, by region, and the directory for everywhere else.
 * Every number here is cited in docs/support-lines.md (source, what it says, when it was checked):
 * a number without a published source stays out. Change the two together.
 */

/** The regions the help page knows by name. */
export type SupportRegionId = 'us' | 'ca' | 'gb' | 'ie' | 'au' | 'de'

/** One way to reach a line: a call or a text message to `number`, shown as `display`. */
export interface SupportContact {
  kind: 'call' | 'text'
  /** Digits only, for the `tel:` or `sms:` link. */
  number: string
  /** As the service writes it. */
  display: string
}

/** A line: who answers, what it is for, how to reach it. */
export interface SupportLine {
  name: string
  about: string
  contacts: SupportContact[]
}

/** A region: its crisis lines, then its emergency numbers. */
export interface SupportRegion {
  id: SupportRegionId
  name: string
  lines: SupportLine[]
  emergency: SupportContact[]
}

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

/** The regions, in the order they are listed when none is guessed. */
export const SUPPORT_REGIONS: readonly SupportRegion[] = [
  {
    id: 'us',
    name: 'United States',
    lines: [
      {
        name: '988 Suicide & Crisis Lifeline',
        about: 'Trained counselors, day and night, for any kind of emotional distress.',
        contacts: [call('988'), text('988')],
      },
    ],
    emergency: [call('911')],
  },
  {
    id: 'ca',
    name: 'Canada',
    lines: [
      {
        name: '9-8-8 Suicide Crisis Helpline',
        about: 'Trained responders, day and night, in English and French.',
        contacts: [call('988'), text('988')],
      },
    ],
    emergency: [call('911')],
  },
  {
    id: 'gb',
    name: 'United Kingdom',
    lines: [
      {
        name: 'Samaritans',
        about: 'Someone to listen, day and night. Free from any phone.',
        contacts: [call('116 123')],
      },
    ],
    emergency: [call('999')],
  },
  {
    id: 'ie',
    name: 'Ireland',
    lines: [
      {
        name: 'Samaritans',
        about: 'Someone to listen, day and night. Free from any phone.',
        contacts: [call('116 123')],
      },
    ],
    emergency: [call('112'), call('999')],
  },
  {
    id: 'au',
    name: 'Australia',
    lines: [
      {
        name: 'Lifeline',
        about: 'Crisis supporters, day and night, by phone or text.',
        contacts: [call('13 11 14'), text('0477 13 11 14')],
      },
    ],
    emergency: [call('000')],
  },
  {
    id: 'de',
    name: 'Germany',
    lines: [
      {
        name: 'TelefonSeelsorge',
        about: 'Anonymous and free, day and night, from landlines and mobiles.',
        contacts: [call('0800 111 0 111'), call('0800 111 0 222'), call('116 123')],
      },
    ],
    emergency: [call('112')],
  },
]

/** The international directory for the countries not listed here. */
export const HELPLINE_DIRECTORY = {
  name: 'Find A Helpline',
  url: 'https://findahelpline.com/',
  about: 'Free, confidential helplines, country by country.',
} as const

/** A contact's link: `tel:` for a call, `sms:` for a text. */
export function contactHref(contact: SupportContact): string {
  return `${contact.kind === 'call' ? 'tel' : 'sms'}:${contact.number}`
}

/** A contact's link name, saying what it does: "Call 988", "Text 0477 13 11 14". */
export function contactLabel(contact: SupportContact): string {
  return `${contact.kind === 'call' ? 'Call' : 'Text'} ${contact.display}`
}
