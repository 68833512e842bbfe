/**
 * The time zone → country table of /help, made at build time from the tz database's own zone
 * tables as the `countries-and-timezones` package ships them (a development dependency: only the
 * table, about 4 KB compressed, reaches the help page's chunk). Every zone name the package knows is
 * kept, the old links too ("Asia/Calcutta", "US/Eastern", "Europe/Kiev"), because browsers report
 * either form. A zone shared by several countries (Europe/Zurich: CH, DE, LI) maps to the country
 * the zone is named for, the first one the tz database lists.
 */
import { getAllTimezones, getCountryForTimezone } from 'countries-and-timezones'
import type { Plugin } from 'vite'

export const ZONE_COUNTRIES_MODULE = 'virtual:zone-countries'
const RESOLVED = `\0${ZONE_COUNTRIES_MODULE}`

/** Zone name → ISO 3166 country code, for every zone with a country (not UTC, Etc/*, Factory). */
export function zoneCountries(): Record<string, string> {
  const table: Record<string, string> = {}
  for (const zone of Object.keys(getAllTimezones({ deprecated: true })).sort()) {
    const country = getCountryForTimezone(zone)?.id
    if (country) table[zone] = country
  }
  return table
}

/** Serves `virtual:zone-countries` (the table above) to the build, the dev server and Vitest. */
export function zoneCountriesModule(): Plugin {
  return {
    name: 'unburden:zone-countries',
    resolveId: (id) => (id === ZONE_COUNTRIES_MODULE ? RESOLVED : null),
    load: (id) => (id === RESOLVED ? `export default ${JSON.stringify(zoneCountries())}` : null),
  }
}
