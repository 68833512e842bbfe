/**
 * The core flows once in a language other than English, in Chromium, Firefox and WebKit: Spanish,
 * chosen the way the switcher remembers it (localStorage `unburden-language`). Each engine's own
 * Intl writes the plurals and dates; the Spanish chunk comes from the service worker offline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENGLISH } from '../../src/i18n/catalogue'
import { activateMessages, translator } from '../../src/i18n/i18n'
import es from '../../src/i18n/locales/es'
import { resetBackend, wallRows } from '../e2e/support/backend'
import { ENGINES, type EngineSession } from './support/engines'
import { withInstalledApp } from './support/installed-app'
import { click, pageText, openEach, typeThought, waitForText } from './support/page-actions'
import { APP_URL } from './support/stack'

/** The Spanish catalogue's words, as the app writes them (plurals by the same rules). */
activateMessages('es', es)
const t = translator(ENGLISH)

describe.each(ENGINES)('%s in Spanish', (engine) => {
  let page!: EngineSession
  let stopStack!: () => Promise<void>
  withInstalledApp(engine, (session, stop) => {
    page = session
    stopStack = stop
  })

  beforeAll(async () => {
    await page.run(() => localStorage.setItem('unburden-language', 'es'))
    await page.goto(`${APP_URL}/`)
    await waitForText(page, t('writer.heading'))
  })

  afterAll(async () => {
    await page?.run(() => localStorage.removeItem('unburden-language')).catch(() => undefined)
  })

  it('saves privately and lets the entry go, in Spanish', async () => {
    await resetBackend()
    await page.goto(`${APP_URL}/`)
    // The page's load comes before the app's start has read the language: the first render, which
    // follows it, is what says the language is set.
    await waitForText(page, t('writer.heading'))
    expect(
      await page.run(() => [document.documentElement.lang, document.documentElement.dir]),
    ).toEqual(['es', 'ltr'])
    await typeThought(page, `guardado por ${engine}`)
    await waitForText(page, t('writer.counter', { n: `guardado por ${engine}`.length, max: 5000 }))
    await click(page, t('writer.ready'))
    await waitForText(page, t('choice.title'))
    await click(page, t('choice.save'), true)
    await waitForText(page, t('outcome.saved'))
    await page.goto(`${APP_URL}/return`)
    await waitForText(page, t('privateEntries.heading'))
    await waitForText(page, t('privateEntries.count', { n: 1 }))
    await click(page, t('privateEntries.letGo'))
    await waitForText(page, t('privateEntries.deleteTitle'))
    await click(page, t('privateEntries.letGo'), true)
    await waitForText(page, t('privateEntries.emptyTitle'))
    expect(await wallRows()).toEqual([])
  })

  it('offers two thoughts to The Void: the count line and the dates in Spanish', async () => {
    await resetBackend()
    for (const text of [`primero de ${engine}`, `segundo de ${engine}`]) {
      await page.goto(`${APP_URL}/`)
      await typeThought(page, text)
      await click(page, t('writer.ready'))
      await click(page, t('choice.offer'), true)
      await waitForText(page, t('outcome.offered'))
    }
    await page.goto(`${APP_URL}/void`)
    await waitForText(page, t('void.count', { n: 2 }))
    await waitForText(page, `primero de ${engine}`)
    const year = String(new Date().getFullYear())
    const dates = await page.run(() =>
      [...document.querySelectorAll('.void-card time')].map((time) => time.textContent ?? ''),
    )
    expect(dates).toHaveLength(2)
    // Intl.DateTimeFormat('es'): "25 nov 2026, 21:40", the month in Spanish, no AM/PM.
    for (const date of dates) {
      expect(date).toContain(year)
      expect(date).toMatch(/\b(ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)\b/)
      expect(date).not.toMatch(/AM|PM/)
    }
    const text = await pageText(page)
    expect(text.indexOf(`segundo de ${engine}`)).toBeLessThan(text.indexOf(`primero de ${engine}`))
  })

  it('shows the 404 page in Spanish', async () => {
    await page.goto(`${APP_URL}/no/existe/${engine}`)
    await waitForText(page, t('notFound.text'))
    await click(page, t('home.return'))
    await waitForText(page, t('writer.heading'))
  })

  it('opens /, /void and /return in Spanish from the service worker with the app server stopped', async () => {
    await page.goto(`${APP_URL}/void`)
    await waitForText(page, t('void.title'))
    await stopStack()
    await openEach(page, APP_URL, [
      ['/', 'Unburden'],
      ['/void', t('void.title')],
      ['/return', t('privateEntries.title')],
    ])
    await waitForText(page, t('copy.title'))
  })
})
