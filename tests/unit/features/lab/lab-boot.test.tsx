/** How the network lab decides to come up: the address, the tab's memory, the local backend's probe. */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { readLabAddress } from '../../../../src/features/lab/lab-boot'
import { isLocalBackend, probeBackendFaults } from '../../../../src/features/lab/lab-backend'

beforeEach(() => {
  sessionStorage.clear()
  history.replaceState(null, '', '/')
})

describe('the address', () => {
  it('?lab turns the lab on for the tab and leaves the address, keeping the rest of it', () => {
    history.replaceState(null, '', '/void?lab&token=s3cret&x=1')
    expect(readLabAddress()).toBe(true)
    expect(location.pathname + location.search).toBe('/void?x=1')
    expect(sessionStorage.getItem('unburden.lab')).toBe('1')
    expect(sessionStorage.getItem('unburden.lab.token')).toBe('s3cret')
    // Remembered for the tab: the next start needs no ?lab.
    expect(readLabAddress()).toBe(true)
  })

  it('?lab=off forgets the lab and its token', () => {
    sessionStorage.setItem('unburden.lab', '1')
    sessionStorage.setItem('unburden.lab.token', 's3cret')
    history.replaceState(null, '', '/?lab=off')
    expect(readLabAddress()).toBe(false)
    expect(location.search).toBe('')
    expect(sessionStorage.length).toBe(0)
  })

  it('without ?lab and nothing remembered, the lab stays off', () => {
    history.replaceState(null, '', '/?laboratory=1')
    expect(readLabAddress()).toBe(false)
    expect(location.search).toBe('?laboratory=1')
  })
})

describe('the probe of the local backend', () => {
  it.each([
    'http://localhost:54321',
    'http://127.0.0.1:54321',
    'http://10.0.0.5:54321',
    'http://192.168.1.20:54321',
    'http://172.16.0.1:54321',
    'http://172.31.255.1:54321',
    'http://laptop.local:54321',
    'http://[::1]:54321',
  ])('%s is local or private: it is asked', (url) => expect(isLocalBackend(url)).toBe(true))

  it.each([
    'https://abc.supabase.co',
    'http://172.32.0.1:54321',
    'http://8.8.8.8',
    'https://localhost.example.com',
    'https://192.168.1.1.example.com',
  ])('%s is not: it is never asked', (url) => expect(isLocalBackend(url)).toBe(false))

  it('shows the control only when GET /__lab answers {faults: true}', async () => {
    const answering = (response: Response) => vi.fn(async () => response)
    const on = answering(Response.json({ faults: true }))
    expect(await probeBackendFaults(on, 'http://localhost:54411')).toBe(true)
    expect(on).toHaveBeenCalledWith('http://localhost:54411/__lab', { cache: 'no-store' })
    expect(await probeBackendFaults(answering(Response.json({})), 'http://localhost:1')).toBe(false)
    // What a local backend without faults answers: no lab control.
    expect(
      await probeBackendFaults(answering(Response.json({ faults: false })), 'http://localhost:1'),
    ).toBe(false)
    expect(
      await probeBackendFaults(
        answering(Response.json({ code: 'PGRST125' }, { status: 404 })),
        'http://localhost:1',
      ),
    ).toBe(false)
    expect(
      await probeBackendFaults(async () => {
        throw new TypeError('Failed to fetch')
      }, 'http://localhost:1'),
    ).toBe(false)
  })

  it('never asks a hosted backend', async () => {
    const fetchLab = vi.fn(async () => Response.json({ faults: true }))
    expect(await probeBackendFaults(fetchLab, 'https://abc.supabase.co')).toBe(false)
    expect(fetchLab).not.toHaveBeenCalled()
  })
})

describe('while the page switches to a new version', () => {
  /** Boots the lab with the backend's probe answering faults on; answers what was asked and shown. */
  async function boot(switchFirst: boolean) {
    vi.resetModules()
    vi.useFakeTimers()
    const probed: string[] = []
    vi.stubGlobal('fetch', async (url: string) => {
      probed.push(url)
      return Response.json({ faults: true })
    })
    const { bootLab } = await import('../../../../src/features/lab/lab-boot')
    const { markVersionSwitch } = await import('../../../../src/lib/version-switch')
    const shown: string[] = []
    bootLab(async (start) => void shown.push(start))
    if (switchFirst) markVersionSwitch()
    await vi.advanceTimersByTimeAsync(3000)
    vi.useRealTimers()
    vi.unstubAllGlobals()
    return { probed, shown }
  }

  it('a local backend with faults on brings up the quiet control', async () => {
    const { probed, shown } = await boot(false)
    expect(probed).toHaveLength(1)
    expect(shown).toEqual(['control'])
  })

  it('once Reload asked the new version to take over, the lab neither probes nor comes up', async () => {
    // Each would be a request the old worker answers, which can keep the new one waiting.
    const { probed, shown } = await boot(true)
    expect(probed).toEqual([])
    expect(shown).toEqual([])
  })
})
