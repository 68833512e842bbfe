import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { InstallPrompt, needsIosInstallHint } from '../../../src/components/install-prompt'

afterEach(() => {
  cleanup()
  localStorage.clear()
})

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0 Mobile/15E148 Safari/604.1'
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'

const nav = (userAgent: string, extra: Partial<Navigator> & { standalone?: boolean } = {}) =>
  ({ userAgent, maxTouchPoints: 5, ...extra }) as unknown as Navigator

describe('needsIosInstallHint', () => {
  it('is true only in Safari on an iPhone that is not already running from the home screen', () => {
    expect(needsIosInstallHint(nav(IPHONE_SAFARI))).toBe(true)
    expect(needsIosInstallHint(nav(IPHONE_SAFARI, { standalone: true }))).toBe(false)
    expect(needsIosInstallHint(nav(IPHONE_CHROME))).toBe(false)
    expect(needsIosInstallHint(nav(DESKTOP_CHROME, { maxTouchPoints: 0 }))).toBe(false)
  })
})

describe('InstallPrompt', () => {
  it('shows nothing until the browser offers installation', () => {
    const { container } = render(<InstallPrompt />)
    expect(container.innerHTML).toBe('')
  })

  it('offers a quiet Install when the browser allows it, and asks the browser on click', async () => {
    render(<InstallPrompt />)
    const prompt = vi.fn(async () => undefined)
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    })
    act(() => {
      window.dispatchEvent(event)
    })
    expect(event.defaultPrevented).toBe(true)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Install' })))
    expect(prompt).toHaveBeenCalledOnce()
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull()
  })

  it('on iOS Safari, gives the Share-menu hint, which can be dismissed for good', () => {
    const agent = vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI)
    const touch = vi.spyOn(navigator, 'maxTouchPoints', 'get').mockReturnValue(5)
    render(<InstallPrompt />)
    expect(screen.getByText(/Add to Home Screen from the Share menu/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss the install hint' }))
    expect(screen.queryByText(/Add to Home Screen/)).toBeNull()
    cleanup()
    render(<InstallPrompt />)
    expect(screen.queryByText(/Add to Home Screen/)).toBeNull()
    agent.mockRestore()
    touch.mockRestore()
  })
})
