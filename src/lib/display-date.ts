/**
 * How every screen writes a date (docs/product.md, specification 9: en-US, short month, day, year, hour,
 * minute), through Intl.DateTimeFormat: in English en-US as the spec says, in another language that
 * language's own order and words for the same parts.
 */
import { currentLanguage, formattingLocale } from '../i18n/i18n'

const DATE_OPTIONS: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

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
 * `date` as en-US writes it with DATE_OPTIONS (in English only), in the visitor's own time zone, from the Date's local
 * fields. Not through Intl: making the first Intl formatter loads the locale's data, and on The Void
 * that was one of the longest tasks while the first cards came, on a slow phone (docs/perf-log.md).
 * The unit test holds it to Intl's own output.
 */
function formatLocal(date: Date): string {
  const hours = date.getHours()
  const minutes = String(date.getMinutes()).padStart(2, '0')
  const hour12 = hours % 12 === 0 ? 12 : hours % 12
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}, ${hour12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`
}

/**
 * A date in the app's language (en-US in English) with short month, day, year, hour and minute, e.g. "Jan 5, 2025, 10:30 AM",
 * in the visitor's time zone unless one is given. Newer ICU puts a narrow no-break space before AM/PM;
 * it becomes a plain space so every engine writes the same text. An unreadable date gives "".
 */
export function formatDisplayDate(iso: string, timeZone?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  if (timeZone === undefined && currentLanguage() === 'en') return formatLocal(date)
  return formatterFor(timeZone)
    .format(date)
    .replace(/[\u202f\u00a0]/g, ' ')
}
