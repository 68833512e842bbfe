import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SHARE_CACHE, shareKey } from '../../../../src/shared/share-inbox'
import { fakeCaches } from '../../sw/fake-caches'

// The first paint, held in each test until the test lets it happen.
const paint = vi.hoisted(() => ({ painted: Promise.resolve(), resolve: () => {} }))
beforeEach(() => {
  paint.painted = new Promise<void>((r) => (paint.resolve = r))
})
vi.mock(import('../../../../src/lib/after-first-paint'), () => ({
  afterFirstPaint: () => paint.painted,
  firstScreenCommitted: () => {},
}))

const { WriterScreen } = await import('../../../../src/features/writer/writer-screen')
const { resetAppStore } = await import('../../../../src/store')

afterEach(() => {
  vi.unstubAllGlobals()
  cleanup()
  resetAppStore()
})

/** A device's caches with `texts` left by the service worker's share target. */
async function sharesLeft(...texts: string[]) {
  const caches = fakeCaches()
  const cache = await caches.cacheStorage.open(SHARE_CACHE)
  for (const [at, text] of texts.entries())
    await cache.put(shareKey('http://localhost', at, 'n'), new Response(text))
  vi.stubGlobal('caches', caches.cacheStorage)
  return { cache, caches }
}

/** The writer alone at `/`. */
async function openWriter() {
  const root = createRootRoute()
  const writer = createRoute({ getParentRoute: () => root, path: '/', component: WriterScreen })
  const router = createRouter({
    routeTree: root.addChildren([writer]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  render(<RouterProvider router={router} />)
  await screen.findByRole('heading', { name: 'What are you carrying today?' })
  return screen.getByRole<HTMLTextAreaElement>('textbox')
}

const painted = () => act(async () => paint.resolve())

describe('the writer, given words shared from another app', () => {
  it('puts them in the editor after the first paint, focuses it, then forgets the share', async () => {
    const { cache } = await sharesLeft('Something I read today', 'and this too')
    const editor = await openWriter()
    expect(editor.value).toBe('')

    await painted()
    await waitFor(() => expect(editor.value).toBe('Something I read today\n\nand this too'))
    expect(document.activeElement).toBe(editor)
    expect(screen.getByRole('button', { name: 'Ready' })).toBeTruthy()
    // Any page can post to the share's address: the writer says where the words came from.
    expect(screen.getByRole('status').textContent).toBe(
      'The words shared from another app are here.',
    )
    await waitFor(async () => expect(await cache.keys()).toHaveLength(0))
  })

  it('a writer gone before it could take them leaves the share for its next start', async () => {
    const { cache } = await sharesLeft('still waiting for me')
    await openWriter()
    cleanup()

    await painted()
    await act(() => new Promise((r) => setTimeout(r, 50)))
    expect(await cache.keys()).toHaveLength(1)
    const editor = await openWriter()
    await waitFor(() => expect(editor.value).toBe('still waiting for me'))
    await waitFor(async () => expect(await cache.keys()).toHaveLength(0))
  })

  it('keeps a draft and adds the shared words after a blank line', async () => {
    await sharesLeft('the shared part')
    const editor = await openWriter()
    fireEvent.change(editor, { target: { value: 'my own draft' } })

    await painted()
    await waitFor(() => expect(editor.value).toBe('my own draft\n\nthe shared part'))
  })

  it('cuts over-long words to the limit as a paste is cut, and says so', async () => {
    await sharesLeft('a'.repeat(6000))
    const editor = await openWriter()

    await painted()
    await waitFor(() => expect(editor.value).toBe('a'.repeat(5000)))
    expect(screen.getByRole('status').textContent).toMatch(/paste was cut to fit/)
  })

  it('leaves nothing in the editor, and creates no cache, when nothing was shared', async () => {
    const { cacheStorage } = fakeCaches()
    vi.stubGlobal('caches', cacheStorage)
    const editor = await openWriter()

    await painted()
    await act(() => new Promise((r) => setTimeout(r, 20)))
    expect(editor.value).toBe('')
    expect(await cacheStorage.keys()).toEqual([])
  })
})
