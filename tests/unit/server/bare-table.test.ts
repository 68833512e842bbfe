/**
 * The app against a project whose `void_thoughts` is only the spec's three columns: no trigger, no
 * private schema, no rate limit (a table made in Supabase's dashboard, RLS on, read and insert open).
 * The wall reads, and offers are delivered: at least once there, since nothing claims their keys.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startBackend, type Backend } from '../../../server/index'
import { sendOffer, type BackendConfig } from '../../../src/offering/shared/offer-wire'
import type { OfferAnswer } from '../../../src/offering/shared/offer'

/** Sends `offers` one request each, as the queue does; stops at the first answer that is not a 2xx. */
async function postOffers(
  fetchOffer: typeof fetch,
  config: BackendConfig,
  offers: { clientId: string; text: string }[],
  timeoutMs: number,
): Promise<OfferAnswer> {
  let answer: OfferAnswer = { kind: 'network-error' }
  for (const offer of offers) {
    answer = await sendOffer(fetchOffer, config, offer, timeoutMs)
    if (answer.kind !== 'status' || answer.status < 200 || answer.status > 299) break
  }
  return answer
}
import { allowNetwork } from '../setup/no-network'
import { ENGINES, realFetch, voidClient } from './support/backend'
import { startTestPostgres, type TestPostgres } from './support/postgres'

vi.setConfig({ testTimeout: 60_000 })

const SPEC_TABLE = `
create table public.void_thoughts (
  id bigint generated always as identity primary key,
  text text not null,
  created_at timestamptz not null default now()
);
alter table public.void_thoughts enable row level security;
create policy "Enable read access for all users" on public.void_thoughts for select using (true);
create policy "Enable insert for all users" on public.void_thoughts for insert with check (true);
`

describe.each(ENGINES)('the app against a bare spec table on %s', (engine) => {
  let backend: Backend
  let postgres: TestPostgres | undefined
  let folder: string

  beforeAll(async () => {
    allowNetwork()
    folder = mkdtempSync(join(tmpdir(), 'unburden-bare-'))
    const migrations = join(folder, 'migrations')
    mkdirSync(migrations)
    writeFileSync(join(migrations, '20260101000000_spec_table.sql'), SPEC_TABLE)
    if (engine === 'postgres') postgres = await startTestPostgres()
    backend = await startBackend({
      port: 0,
      host: '127.0.0.1',
      log: false,
      migrationsDir: migrations,
      ...(postgres ? { databaseUrl: postgres.url } : { dataDir: join(folder, 'data') }),
    })
  }, 120_000)

  afterAll(async () => {
    await backend?.close()
    await postgres?.stop()
    rmSync(folder, { recursive: true, force: true })
  }, 60_000)

  it('delivers offers as the queue sends them, and reads them back as the wall does', async () => {
    allowNetwork()
    const config = { url: backend.url, anonKey: backend.anonKey }
    const offers = [
      { clientId: crypto.randomUUID(), text: 'a first thought' },
      { clientId: crypto.randomUUID(), text: 'a second thought' },
    ]
    expect(await postOffers(realFetch, config, offers, 8000)).toEqual({
      kind: 'status',
      status: 201,
    })
    // supabase-js, as the page sends an offer: the header is simply not read by this database.
    const supabase = voidClient(backend.url, backend.anonKey)
    const viaClient = await supabase
      .from('void_thoughts')
      .insert({ text: 'a third thought' })
      .setHeader('Idempotency-Key', crypto.randomUUID())
    expect(viaClient.status).toBe(201)

    // The wall's own read (src/features/void/api/void-api.ts), pointed at this backend.
    vi.stubEnv('VITE_SUPABASE_URL', backend.url)
    vi.resetModules()
    const { fetchVoidPage } = await import('../../../src/features/void/api/void-api')
    const page = await fetchVoidPage(null, { withTotal: true })
    vi.unstubAllEnvs()
    expect(page.total).toBe(3)
    expect(page.rows.map((row) => row.text)).toEqual([
      'a third thought',
      'a second thought',
      'a first thought',
    ])
    const wall = await supabase
      .from('void_thoughts')
      .select('*')
      .order('created_at', { ascending: false })
    expect(wall.data?.map((row) => Object.keys(row).sort())).toEqual(
      Array(3).fill(['created_at', 'id', 'text']),
    )
  })

  it('a repeated offer is stored again there: delivery is at least once, not exactly once', async () => {
    allowNetwork()
    const before = (await ownerTexts(backend)).length
    const offer = { clientId: crypto.randomUUID(), text: 'sent twice' }
    const config = { url: backend.url, anonKey: backend.anonKey }
    await postOffers(realFetch, config, [offer], 8000)
    await postOffers(realFetch, config, [offer], 8000)
    const texts = await ownerTexts(backend)
    expect(texts).toHaveLength(before + 2)
    expect(texts.filter((text) => text === 'sent twice')).toHaveLength(2)
  })
})

async function ownerTexts(backend: Backend): Promise<string[]> {
  const rows = await backend.engine.transaction((tx) =>
    tx.query<{ text: string }>('select text from public.void_thoughts order by id'),
  )
  return rows.map((row) => row.text)
}
