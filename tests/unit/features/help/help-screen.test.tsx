import { RouterProvider, createMemoryHistory } from '@tanstack/react-router'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAppRouter } from '../../../../src/app/router'
import { activateMessages } from '../../../../src/i18n/i18n'
import fr from '../../../../src/i18n/locales/fr'
import { resetAppStore } from '../../../../src/store'

// The Void asks for its feed when it opens: answer with an empty wall instead of the network.
// The help screen itself needs no mock: every test here fails on any network call.
vi.mock(import('../../../../src/features/void/api/void-api'), async (original) => ({
  ...(await original()),
  fetchVoidPage: async () => ({ rows: [], total: 0, cachedAt: null }),
}))

afterEach(() => {
  cleanup()
  activateMessages('en', {})
  resetAppStore()
  vi.restoreAllMocks()
})

/** Opens /help as a browser with these languages in this time zone would. */
async function openHelp(
  languages: readonly string[] | undefined,
  timeZone: string,
  title = 'Talk to someone',
) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages as readonly string[])
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone }
  })
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: ['/help'] }),
  })
  render(<RouterProvider router={router} />)
  await screen.findByRole('heading', { level: 1, name: title })
}

const regionHeadings = () =>
  screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)

describe('the help screen', () => {
  it('lists the United Kingdom first for en-GB in Europe/London, with its numbers', async () => {
    await openHelp(['en-GB', 'en'], 'Europe/London')
    expect(regionHeadings()).toEqual([
      'United Kingdom',
      'United States',
      'Canada',
      'Ireland',
      'Australia',
      'Germany',
      'Anywhere else',
    ])
    const uk = screen.getByRole('region', { name: 'United Kingdom' })
    expect(within(uk).getByText(/Shown first from your browser/)).toBeTruthy()
    expect(within(uk).getByRole('link', { name: 'Call 116 123' }).getAttribute('href')).toBe(
      'tel:116123',
    )
    expect(within(uk).getByRole('link', { name: 'Call 999' }).getAttribute('href')).toBe('tel:999')
  })

  it('lists Canada first for en-US in America/Toronto, with call and text links to 988', async () => {
    await openHelp(['en-US'], 'America/Toronto')
    expect(regionHeadings()[0]).toBe('Canada')
    const canada = screen.getByRole('region', { name: 'Canada' })
    expect(within(canada).getByRole('link', { name: 'Call 988' }).getAttribute('href')).toBe(
      'tel:988',
    )
    expect(within(canada).getByRole('link', { name: 'Text 988' }).getAttribute('href')).toBe(
      'sms:988',
    )
  })

  it('lists Germany first for de-DE, with the TelefonSeelsorge numbers', async () => {
    await openHelp(['de-DE', 'de'], 'Europe/Berlin')
    expect(regionHeadings()[0]).toBe('Germany')
    const germany = screen.getByRole('region', { name: 'Germany' })
    expect(
      within(germany)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['tel:08001110111', 'tel:08001110222', 'tel:116123', 'tel:112'])
  })

  it('lists France first for fr-FR in Europe/Paris, in French, with the 3114 and the SAMU', async () => {
    activateMessages('fr', fr)
    await openHelp(['fr-FR', 'fr'], 'Europe/Paris', 'Parler à quelqu’un')
    expect(regionHeadings()).toEqual([
      'France',
      'Belgique',
      'Canada',
      'Suisse',
      'États-Unis',
      'Royaume-Uni',
      'Irlande',
      'Australie',
      'Allemagne',
      'Ailleurs dans le monde',
    ])
    const france = screen.getByRole('region', { name: 'France' })
    expect(
      within(france)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Appeler le 3114', 'tel:3114'],
      ['Appeler le 15', 'tel:15'],
      ['Appeler le 112', 'tel:112'],
    ])
  })

  it('puts the directory first, on the visitor’s country, when the page has no line there', async () => {
    await openHelp(['ja-JP'], 'Asia/Tokyo')
    expect(regionHeadings()[0]).toBe('Find a helpline in your country')
    expect(regionHeadings()).not.toContain('Anywhere else')
    expect(screen.queryByText(/Shown first from your browser/)).toBeNull()
    const directory = screen.getByRole('region', { name: 'Find a helpline in your country' })
    expect(within(directory).getByText(/it needs an internet connection/)).toBeTruthy()
    const link = within(directory).getByRole('link', { name: 'Open the directory' })
    expect(link.getAttribute('href')).toBe('https://findahelpline.com/JP')
  })

  it('never shows another country first: de-DE in Vienna gets Austria', async () => {
    await openHelp(['de-DE', 'de'], 'Europe/Vienna')
    expect(regionHeadings()[0]).toBe('Austria')
    const austria = screen.getByRole('region', { name: 'Austria' })
    expect(within(austria).getAllByRole('link')[0]!.getAttribute('href')).toBe('tel:142')
  })

  it('never shows another country first: es-ES in Mexico City gets the directory', async () => {
    await openHelp(['es-ES', 'es'], 'America/Mexico_City')
    expect(regionHeadings()[0]).toBe('Find a helpline in your country')
    expect(screen.getByRole('link', { name: 'Open the directory' }).getAttribute('href')).toBe(
      'https://findahelpline.com/MX',
    )
  })

  it('lists the directory last, for anywhere else, on its home page, when the country has a card', async () => {
    await openHelp(['en-GB'], 'Europe/London')
    expect(regionHeadings().at(-1)).toBe('Anywhere else')
    const directory = screen.getByRole('region', { name: 'Anywhere else' })
    expect(
      within(directory)
        .getByRole('link', { name: 'Find a helpline in your country' })
        .getAttribute('href'),
    ).toBe('https://findahelpline.com/')
  })

  it.each([
    ['gives no languages', undefined],
    ['gives an empty list', []],
    ['gives odd tags', ['*', 'x-foo', 'zh-Hant-TW']],
  ])(
    'opens, the directory first, when a browser %s in a zone that names no place',
    async (_, languages) => {
      vi.spyOn(navigator, 'language', 'get').mockReturnValue(undefined as unknown as string)
      await openHelp(languages, 'UTC')
      expect(regionHeadings()[0]).toBe('Find a helpline in your country')
    },
  )

  it('takes the browser’s one language when it gives no list', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB')
    await openHelp(undefined, 'UTC')
    expect(regionHeadings()[0]).toBe('United Kingdom')
  })

  it('is reached from the writer and from The Void by "Need someone to talk to?"', async () => {
    for (const path of ['/', '/void']) {
      const router = createAppRouter({
        history: createMemoryHistory({ initialEntries: [path] }),
      })
      const { unmount } = render(<RouterProvider router={router} />)
      const link = await screen.findByRole('link', { name: 'Need someone to talk to?' })
      expect(link.getAttribute('href')).toBe('/help')
      unmount()
    }
  })
})
