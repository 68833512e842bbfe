/**
 * How every screen writes a date (SPEC.md business constants: en-US, short month, day, year, hour,
 * minute), through Intl.DateTimeFormat: in English en-US as the spec says, in another language that
 * language's own order and words for the same parts.
 */
import { currentLanguage, formattingLocale } from './i18n/i18n'

const DATE_OPTIONS: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const locale = formattingLocale(currentLanguage())
  const key = `${locale} ${timeZone ?? ''}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...DATE_OPTIONS, timeZone })
    formatters.set(key, formatter)
  }
  return formatter
}

/**
 * Makes the visitor's formatter ahead of the first date: its first making loads the locale's data,
 * a long enough task on a slow phone that the wall's first slice of cards should not carry it.
 */
export function prepareDisplayDate(): void {
  formatterFor(undefined)
}

/**
 * A date in the app's language (en-US in English) with short month, day, year, hour and minute, e.g. "Jan 5, 2025, 10:30 AM",
 * in the visitor's time zone unless one is given. Newer ICU puts a narrow no-break space before AM/PM;
 * it becomes a plain space so every engine writes the same text. An unreadable date gives "".
 */
export function formatDisplayDate(iso: string, timeZone?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return formatterFor(timeZone)
    .format(date)
    .replace(/[\u202f\u00a0]/g, ' ')
}
