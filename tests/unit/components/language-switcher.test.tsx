/**
 * The switcher gives the focus back to the new switcher when a screen comes back in the chosen
 * language, and only then: a choice that could not be applied (its chunk not fetched) leaves no
 * focus to be taken later by a switcher on another screen.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LanguageSwitcher } from '../../../src/components/language-switcher'
import { LOCALE_LOADERS, activateMessages } from '../../../src/i18n/i18n'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  activateMessages('en', {})
  localStorage.clear()
})

/** Lets a switch's chunk settle and React apply what follows. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)))

describe('LanguageSwitcher', () => {
  it('does not take the focus on a later screen after a switch that could not load', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    vi.spyOn(LOCALE_LOADERS, 'de').mockRejectedValue(
      new TypeError('Failed to fetch dynamically imported module'),
    )
    const { unmount } = render(<LanguageSwitcher />)
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), {
      target: { value: 'de' },
    })
    await settle()
    expect((screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement).value).toBe(
      'en',
    )
    unmount()
    // Later, another screen with a switcher opens: the focus stays where the page puts it.
    render(
      <>
        <button type="button" autoFocus>
          Start
        </button>
        <LanguageSwitcher />
      </>,
    )
    await settle()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Start' }))
  })

  it('gives the focus to the switcher of the screen rendered anew in the chosen language', async () => {
    const { unmount } = render(<LanguageSwitcher />)
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), {
      target: { value: 'fr' },
    })
    await screen.findByRole('combobox', { name: 'Langue' })
    // The root renders the screen anew (its key is the language): here, by hand.
    unmount()
    render(<LanguageSwitcher />)
    await settle()
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Langue' }))
  })
})
