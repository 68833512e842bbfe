/**
 * Talk to someone (/help): crisis lines, the visitor's own country first, or the directory when the
 * page has no line there. The country is read from the browser's time zone, else its languages
 * (src/features/help/help-region.ts); nothing on this page
 * fetches anything, and its links (tel:, sms:, the directory) open only when tapped. Loaded lazily
 * and precached by the service worker, so it opens offline.
 */
import { ScreenHeader } from '../../components/screen-header'
import { guessVisitorPlace, linesInOrder, regionsToList } from './help-region'
import {
  HELPLINE_DIRECTORY,
  contactHref,
  contactLabel,
  directoryHref,
  type SupportContact,
  type SupportRegion,
} from './support-lines'
import { LanguageSwitcher } from '../../components/language-switcher'
import { browserLanguages } from '../../lib/language'
import { currentLanguage, translator } from '../../i18n/i18n'
import { HELP_MESSAGES } from '../../i18n/messages/help'
import './help.css'

const t = translator(HELP_MESSAGES)

/** The browser's own time zone, or undefined where Intl cannot say. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

/** Stands for a number or a name while the words around it are split. */
const SLOT = '\u{E000}'

/**
 * `words` (a message written with SLOT in the place of `value`), with `value` isolated from the
 * words around it: a name or a number keeps its own direction in a right-to-left language.
 */
function Isolated({ words, value, dir }: { words: string; value: string; dir?: 'ltr' }) {
  const [before = '', after = ''] = words.split(SLOT)
  return (
    <>
      {before}
      <bdi dir={dir}>{value}</bdi>
      {after}
    </>
  )
}

/**
 * "Call 988", its number isolated left to right: in a right-to-left language the groups of a
 * number such as 0800 111 0 111 would otherwise be laid out in reverse order.
 */
const ContactLabel = ({ contact }: { contact: SupportContact }) => (
  <Isolated words={contactLabel({ ...contact, display: SLOT })} value={contact.display} dir="ltr" />
)

function Contacts({ contacts }: { contacts: SupportContact[] }) {
  return (
    <ul className="help__contacts">
      {contacts.map((contact) => (
        <li key={`${contact.kind}${contact.number}`}>
          <a className="button help__contact" href={contactHref(contact)}>
            <ContactLabel contact={contact} />
          </a>
        </li>
      ))}
    </ul>
  )
}

function Region({
  region,
  guessed,
  languages,
}: {
  region: SupportRegion
  guessed: boolean
  /** The reader's languages, most preferred first: they order a region's lines per language. */
  languages: readonly string[]
}) {
  const headingId = `help-${region.id}`
  return (
    <section className="card help__region" aria-labelledby={headingId}>
      <h2 id={headingId} className="help__region-name">
        {region.name}
      </h2>
      {guessed && <p className="quiet help__why">{t('help.why')}</p>}
      <ul className="help__lines">
        {linesInOrder(region.lines, languages).map((line) => (
          <li key={line.name}>
            <h3 className="help__line-name">
              <bdi lang={line.nameLang}>{line.name}</bdi>
            </h3>
            <p className="quiet help__about">{line.about}</p>
            <Contacts contacts={line.contacts} />
          </li>
        ))}
      </ul>
      <p className="help__emergency-label">{t('help.emergency')}</p>
      <Contacts contacts={region.emergency} />
    </section>
  )
}

/**
 * The international directory: first, titled for what it is, when the visitor's country has no
 * card here (then it opens on that country's page); last, for anywhere else, otherwise. It is a
 * website, unlike the numbers above, so it says it needs a connection.
 */
function Directory({ first, country }: { first: boolean; country: string | null }) {
  return (
    <section className="card help__region" aria-labelledby="help-elsewhere">
      <h2 id="help-elsewhere" className="help__region-name">
        {t(first ? 'help.findLine' : 'help.elsewhere')}
      </h2>
      <p className="quiet help__about">
        <Isolated
          words={t('help.directoryAbout', { name: SLOT })}
          value={HELPLINE_DIRECTORY.name}
        />
      </p>
      <p className="quiet help__about">{t('help.needsNetwork')}</p>
      <a className="button help__contact" href={directoryHref(country)} rel="noreferrer">
        {t(first ? 'help.openDirectory' : 'help.findLine')}
      </a>
    </section>
  )
}

/** The help screen; `languages` and `timeZone` default to the browser's own. */
export function HelpScreen({
  languages = browserLanguages(),
  timeZone = browserTimeZone(),
}: {
  languages?: readonly string[]
  timeZone?: string
}) {
  const place = guessVisitorPlace(languages, timeZone)
  const language = currentLanguage()
  const regions = regionsToList(place.region, language)
  // The browser's languages in the reader's own order, then the app's: a browser set to Dutch, then
  // French, gets Belgium's Dutch line first even though the app itself speaks French to it.
  const readerLanguages = [...languages, language]
  return (
    <div className="screen">
      {/* No link on the right: at 360 px it would be squeezed under a 44 px touch target. */}
      <ScreenHeader back title={t('help.title')} links={[]} />
      <main className="help">
        <p className="help__intro">{t('help.intro')}</p>
        {place.region === null && <Directory first country={place.country} />}
        {regions.map((region) => (
          <Region
            key={region.id}
            region={region}
            guessed={region === place.region}
            languages={readerLanguages}
          />
        ))}
        {place.region !== null && <Directory first={false} country={null} />}
        <p className="quiet help__note">{t('help.danger')}</p>
        <LanguageSwitcher />
      </main>
    </div>
  )
}
