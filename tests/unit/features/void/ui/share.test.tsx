/**
 * Sharing where the device has no share sheet (Firefox and WebKitGTK here, most desktops): the text
 * goes to the clipboard and a toast says so; a cancelled share says nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { shareThought } from '../../../../../src/features/void/ui/share'
import { useAppStore } from '../../../../../src/store'

const toasts = () => useAppStore.getState().toasts.map((toast) => toast.title)

function stubNavigator(extra: Record<string, unknown>) {
  const writeText = vi.fn(async (_text: string) => undefined)
  vi.stubGlobal('navigator', { ...extra, clipboard: { writeText } })
  return writeText
}

beforeEach(() => useAppStore.setState({ toasts: [] }))
afterEach(() => vi.unstubAllGlobals())

describe('shareThought', () => {
  it('copies to the clipboard and says so when there is no navigator.share', async () => {
    const writeText = stubNavigator({})
    await shareThought('a thought\nwith two lines')
    expect(writeText).toHaveBeenCalledWith('a thought\nwith two lines')
    expect(toasts()).toEqual(['Copied to clipboard'])
  })

  it('uses the share sheet with the text and the current address where it exists', async () => {
    const share = vi.fn(async (_data: ShareData) => undefined)
    const writeText = stubNavigator({ share })
    await shareThought('shared')
    expect(share).toHaveBeenCalledWith({ text: 'shared', url: location.href })
    expect(writeText).not.toHaveBeenCalled()
    expect(toasts()).toEqual([])
  })

  it('says nothing when the visitor cancels the share sheet', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('cancelled', 'AbortError')
    })
    const writeText = stubNavigator({ share })
    await shareThought('kept to myself')
    expect(writeText).not.toHaveBeenCalled()
    expect(toasts()).toEqual([])
  })

  it('falls back to the clipboard when the share sheet fails for another reason', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('not allowed', 'NotAllowedError')
    })
    const writeText = stubNavigator({ share })
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await shareThought('try the clipboard')
    expect(writeText).toHaveBeenCalledWith('try the clipboard')
    expect(toasts()).toEqual(['Copied to clipboard'])
  })
})
