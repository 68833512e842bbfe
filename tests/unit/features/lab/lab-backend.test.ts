import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  BackendControlsError,
  LAB_TOKEN_KEY,
  isLocalBackend,
  probeBackendFaults,
  readWallRows,
  saveLabToken,
  setBackendFaults,
} from '../../../../src/features/lab/lab-backend'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** A Storage over a Map, for sessionStorage in Node. */
function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  }
}

afterEach(() => vi.unstubAllGlobals())

describe('the lab and the local backend', () => {
  it('only a backend on this machine or a private network counts as local', () => {
    for (const url of [
      'http://localhost:54321',
      'http://127.0.0.1:54321',
      'http://192.168.1.20:54321',
      'http://10.0.0.2:54321',
      'http://172.20.0.1:54321',
      'http://laptop.local:54321',
    ])
      expect(isLocalBackend(url), url).toBe(true)
    for (const url of ['https://abc.supabase.co', 'http://172.32.0.1:54321', 'not a url'])
      expect(isLocalBackend(url), url).toBe(false)
  })

  it('the probe says yes only for {"faults": true}, and no on any doubt', async () => {
    expect(await probeBackendFaults(async () => json(200, { faults: true }))).toBe(true)
    expect(await probeBackendFaults(async () => json(404, { code: 'PGRST125' }))).toBe(false)
    expect(await probeBackendFaults(async () => json(200, { faults: 'yes' }))).toBe(false)
    expect(
      await probeBackendFaults(async () => {
        throw new TypeError('Failed to fetch')
      }),
    ).toBe(false)
  })

  it('the controls carry the tab token, and say in words what went wrong', async () => {
    vi.stubGlobal('sessionStorage', memoryStorage())
    const calls: RequestInit[] = []
    await expect(readWallRows(async () => json(200, []))).rejects.toThrow(
      /No token for the backend controls/,
    )
    saveLabToken('  secret  ')
    expect(sessionStorage.getItem(LAB_TOKEN_KEY)).toBe('secret')
    const answer = await setBackendFaults(
      { mode: '429', retryAfterSeconds: 3 },
      async (_, init) => {
        calls.push(init!)
        return json(200, { mode: '429', latencyMs: 0, retryAfterSeconds: 3 })
      },
    )
    expect(answer).toEqual({ mode: '429', latencyMs: 0, retryAfterSeconds: 3 })
    expect(calls[0]?.headers).toMatchObject({ 'x-unburden-control-token': 'secret' })
    expect(JSON.parse(String(calls[0]?.body))).toEqual({
      mode: '429',
      latencyMs: 0,
      retryAfterSeconds: 3,
    })
    const refused = readWallRows(async () => json(403, { code: '42501', message: 'no' }))
    await expect(refused).rejects.toThrow(BackendControlsError)
    await expect(readWallRows(async () => json(403, {}))).rejects.toThrow(/refused the token/)
    await expect(
      setBackendFaults({ mode: 'drop' }, async () => json(400, { message: 'count must be…' })),
    ).rejects.toThrow('The backend refused: count must be…')
    await expect(
      readWallRows(async () => {
        throw new TypeError('Failed to fetch')
      }),
    ).rejects.toThrow(/did not answer/)
  })
})
