/**
 * The core flows once in a language other than English, in Chromium, Firefox and WebKit: Spanish,
 * chosen the way the switcher remembers it (localStorage `unburden-language`). Each engine's own
 * Intl writes the plurals and dates; the Spanish chunk comes from the service worker offline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetBackend, wallRows } from '../e2e/support/backend'
import { ENGINES, type EngineSession } from './support/engines'
import { withInstalledApp } from './support/installed-app'
import { click, pageText, openEach, typeThought, waitForText } from './support/page-actions'
import { APP_URL } from './support/stack'

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
    await waitForText(page, '¿Qué llevas contigo hoy?')
  })

  afterAll(async () => {
    await page?.run(() => localStorage.removeItem('unburden-language')).catch(() => undefined)
  })

  it('saves privately and lets the entry go, in Spanish', async () => {
    await resetBackend()
    await page.goto(`${APP_URL}/`)
    // The page's load comes before the app's start has read the language: the first render, which
    // follows it, is what says the language is set.
    await waitForText(page, '¿Qué llevas contigo hoy?')
    expect(
      await page.run(() => [document.documentElement.lang, document.documentElement.dir]),
    ).toEqual(['es', 'ltr'])
    await typeThought(page, `guardado por ${engine}`)
    await waitForText(page, `${`guardado por ${engine}`.length}/5000 caracteres`)
    await click(page, 'Listo')
    await waitForText(page, '¿Qué quieres hacer con estas palabras?')
    await click(page, 'Guardarlo en privado', true)
    await waitForText(page, 'Guardado. Esto se queda contigo.')
    await page.goto(`${APP_URL}/return`)
    await waitForText(page, 'Tus pensamientos privados')
    await waitForText(page, '1 entrada • A salvo en tu navegador')
    await click(page, 'Dejarlo ir')
    await waitForText(page, '¿Dejar ir este pensamiento?')
    await click(page, 'Dejarlo ir', true)
    await waitForText(page, 'Tu refugio está vacío.')
    expect(await wallRows()).toEqual([])
  })

  it('offers two thoughts to The Void: the count line and the dates in Spanish', async () => {
    await resetBackend()
    for (const text of [`primero de ${engine}`, `segundo de ${engine}`]) {
      await page.goto(`${APP_URL}/`)
      await typeThought(page, text)
      await click(page, 'Listo')
      await click(page, 'Ofrecerlo al Vacío', true)
      await waitForText(page, 'Ofrecido al Vacío.')
    }
    await page.goto(`${APP_URL}/void`)
    await waitForText(page, '2 pensamientos • Anónimo')
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
    await waitForText(page, '¡Vaya! Página no encontrada')
    await click(page, 'Volver al inicio')
    await waitForText(page, '¿Qué llevas contigo hoy?')
  })

  it('opens /, /void and /return in Spanish from the service worker with the app server stopped', async () => {
    await page.goto(`${APP_URL}/void`)
    await waitForText(page, 'EL VACÍO')
    await stopStack()
    await openEach(page, APP_URL, [
      ['/', 'Unburden'],
      ['/void', 'EL VACÍO'],
      ['/return', 'Vuelve a ti'],
    ])
    await waitForText(page, 'Guardar una copia')
  })
})
