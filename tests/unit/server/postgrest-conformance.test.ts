/**
 * The local backend answers as PostgREST 12–13 does (the answers supabase/postgrest-js's own suite
 * recorded against it), or refuses as PostgREST does: pinned here, on PGlite and PostgreSQL, so CI
 * checks them without that suite. The table is a small fixture migration applied after ours.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { MIGRATIONS_DIR } from '../../../server/migrations'
import { allowNetwork } from '../setup/no-network'
import {
  asOwner,
  ENGINES,
  realFetch,
  startTestBackend,
  voidClient,
  type TestBackend,
} from './support/backend'

vi.setConfig({ testTimeout: 30_000 })

const FIXTURE = new URL('./fixtures/', import.meta.url).pathname
const OBJECT = 'application/vnd.pgrst.object+json'

interface Note {
  id: number
  title: string
  mood: 'calm' | 'stormy'
  rank: number | null
}

function migrationsWithFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'unburden-conformance-migrations-'))
  for (const folder of [MIGRATIONS_DIR, FIXTURE])
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.sql')))
      cpSync(join(folder, file), join(dir, file))
  return dir
}

describe.each(ENGINES)('PostgREST conformance on %s', (engine) => {
  let backend: TestBackend
  let supabase: SupabaseClient
  let migrations: string

  beforeAll(async () => {
    migrations = migrationsWithFixture()
    backend = await startTestBackend(engine, { migrationsDir: migrations })
    supabase = voidClient(backend.url, backend.anonKey)
  }, 120_000)

  afterAll(async () => {
    await backend?.stop()
    rmSync(migrations, { recursive: true, force: true })
  }, 60_000)

  beforeEach(async () => {
    allowNetwork()
    await asOwner(backend, 'truncate public.notes restart identity')
    await asOwner(
      backend,
      `insert into public.notes (title, mood, rank) values
         ('alpha', 'calm', 1), ('beta', 'stormy', 2), ('gamma', 'calm', null),
         ('delta', 'stormy', 4), ('epsilon', 'calm', 5)`,
    )
  })

  const call = (path: string, init: RequestInit = {}) =>
    realFetch(`${backend.url}/rest/v1/${path}`, {
      ...init,
      headers: {
        apikey: backend.anonKey,
        authorization: `Bearer ${backend.anonKey}`,
        'content-type': 'application/json',
        ...init.headers,
      },
    })

  const notes = async (): Promise<Note[]> => {
    const [row] = await backend.engine.transaction((tx) =>
      tx.query<{ body: string }>(
        `select coalesce(json_agg(n order by n.id), '[]')::text as body from public.notes n`,
      ),
    )
    return JSON.parse(row?.body ?? '[]') as Note[]
  }

  const expectPostgrestError = async (response: Response, status: number, code: string) => {
    expect(response.status).toBe(status)
    const body = (await response.json()) as Record<string, unknown>
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message'])
    expect(body.code).toBe(code)
    return body
  }

  describe('an error answer leaves nothing written', () => {
    it('a POST of two rows asking for one object is 406 PGRST116 and stores neither', async () => {
      const response = await call('notes', {
        method: 'POST',
        headers: { accept: OBJECT, prefer: 'return=representation' },
        body: JSON.stringify([{ title: 'one' }, { title: 'two' }]),
      })
      const body = await expectPostgrestError(response, 406, 'PGRST116')
      expect(body.details).toBe('The result contains 2 rows')
      expect(await notes()).toHaveLength(5)
    })

    it('a PATCH of two rows asking for one object is 406 and changes nothing', async () => {
      const response = await call('notes?mood=eq.stormy', {
        method: 'PATCH',
        headers: { accept: OBJECT, prefer: 'return=representation' },
        body: JSON.stringify({ rank: 99 }),
      })
      await expectPostgrestError(response, 406, 'PGRST116')
      expect((await notes()).filter((note) => note.rank === 99)).toEqual([])
    })

    it('a DELETE of every row asking for one object is 406 and deletes nothing', async () => {
      const response = await call('notes?id=gt.0', {
        method: 'DELETE',
        headers: { accept: OBJECT, prefer: 'return=representation' },
      })
      await expectPostgrestError(response, 406, 'PGRST116')
      expect(await notes()).toHaveLength(5)
    })

    it('one object asked and one row written is the object', async () => {
      const response = await call('notes?select=title', {
        method: 'POST',
        headers: { accept: OBJECT, prefer: 'return=representation' },
        body: JSON.stringify({ title: 'single' }),
      })
      expect(response.status).toBe(201)
      expect(await response.json()).toEqual({ title: 'single' })
    })
  })

  describe('counts on writes', () => {
    it('insert with count=exact: Content-Range */1, and supabase-js reads count 1', async () => {
      const minimal = await call('notes', {
        method: 'POST',
        headers: { prefer: 'count=exact' },
        body: JSON.stringify({ title: 'counted' }),
      })
      expect(minimal.status).toBe(201)
      expect(minimal.headers.get('content-range')).toBe('*/1')
      const { count, status } = await supabase
        .from('notes')
        .insert({ title: 'counted too' }, { count: 'exact' })
        .select()
      expect({ count, status }).toEqual({ count: 1, status: 201 })
    })

    it('insert without a count: Content-Range */*', async () => {
      const response = await call('notes', { method: 'POST', body: '{"title":"plain"}' })
      expect(response.status).toBe(201)
      expect(response.headers.get('content-range')).toBe('*/*')
    })

    it('update and delete with count=exact give 0-(N-1)/N', async () => {
      const update = await call('notes?mood=eq.stormy', {
        method: 'PATCH',
        headers: { prefer: 'count=exact,return=representation' },
        body: JSON.stringify({ rank: 3 }),
      })
      expect(update.status).toBe(200)
      expect(update.headers.get('content-range')).toBe('0-1/2')
      const { count, status } = await supabase
        .from('notes')
        .delete({ count: 'exact' })
        .eq('mood', 'calm')
      expect({ count, status }).toEqual({ count: 3, status: 204 })
      expect(await notes()).toHaveLength(2)
    })
  })

  describe('ranges and counts on reads', () => {
    it('a partial page with count=exact is 206; the whole set is 200', async () => {
      const partial = await call('notes?select=id&order=id&limit=2', {
        headers: { prefer: 'count=exact' },
      })
      expect(partial.status).toBe(206)
      expect(partial.headers.get('content-range')).toBe('0-1/5')
      expect(await partial.json()).toEqual([{ id: 1 }, { id: 2 }])
      const whole = await supabase.from('notes').select('id', { count: 'exact' })
      expect({ status: whole.status, count: whole.count }).toEqual({ status: 200, count: 5 })
      const later = await supabase
        .from('notes')
        .select('id', { count: 'exact' })
        .order('id')
        .range(3, 10)
      expect({ status: later.status, count: later.count, data: later.data }).toEqual({
        status: 206,
        count: 5,
        data: [{ id: 4 }, { id: 5 }],
      })
    })

    it('an offset past the end is 416 PGRST103; at the end it is an empty 206', async () => {
      const past = await call('notes?offset=6', { headers: { prefer: 'count=exact' } })
      const body = await expectPostgrestError(past, 416, 'PGRST103')
      expect(body).toEqual({
        code: 'PGRST103',
        message: 'Requested range not satisfiable',
        details: 'An offset of 6 was requested, but there are only 5 rows.',
        hint: null,
      })
      const atEnd = await call('notes?offset=5', { headers: { prefer: 'count=exact' } })
      expect(atEnd.status).toBe(206)
      expect(atEnd.headers.get('content-range')).toBe('*/5')
      expect(await atEnd.json()).toEqual([])
      const uncounted = await call('notes?offset=6')
      expect(uncounted.status).toBe(200)
      expect(uncounted.headers.get('content-range')).toBe('*/*')
    })

    it('HEAD with count=planned gives the planner estimate, not the exact count', async () => {
      const response = await call('notes?mood=eq.calm', {
        method: 'HEAD',
        headers: { prefer: 'count=planned' },
      })
      const [plan] = await backend.engine.transaction((tx) =>
        tx.query<{ 'QUERY PLAN': unknown }>(
          `explain (format json) select 1 from public.notes where mood = 'calm'`,
        ),
      )
      const raw = plan?.['QUERY PLAN']
      const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [
        { Plan: { 'Plan Rows': number } },
      ]
      const estimate = parsed[0].Plan['Plan Rows']
      expect(response.headers.get('content-range')).toBe(`0-2/${estimate}`)
      expect(response.status).toBe(estimate > 3 ? 206 : 200)
      expect(await response.text()).toBe('')
    })

    it('count=estimated is exact while the count is within the row cap', async () => {
      const response = await call('notes', {
        method: 'HEAD',
        headers: { prefer: 'count=estimated' },
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-range')).toBe('0-4/5')
    })

    it('the Range header limits the rows, as offset and limit do', async () => {
      const response = await call('notes?select=title&order=id', { headers: { range: '0-1' } })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-range')).toBe('0-1/*')
      expect(await response.json()).toEqual([{ title: 'alpha' }, { title: 'beta' }])
      const shifted = await call('notes?select=title&order=id', {
        headers: { range: '2-3', prefer: 'count=exact' },
      })
      expect(shifted.status).toBe(206)
      expect(shifted.headers.get('content-range')).toBe('2-3/5')
      expect(await shifted.json()).toEqual([{ title: 'gamma' }, { title: 'delta' }])
    })

    it('no read returns more than 1000 rows, and Content-Range says so', async () => {
      await asOwner(
        backend,
        `insert into public.notes (title) select 'bulk ' || n from generate_series(1, 1200) n`,
      )
      const all = await call('notes?select=id', { headers: { prefer: 'count=exact' } })
      expect(all.status).toBe(206)
      expect(all.headers.get('content-range')).toBe('0-999/1205')
      expect((await all.json()) as unknown[]).toHaveLength(1000)
      const asked = await call('notes?select=id&limit=5000&offset=1000')
      expect(asked.headers.get('content-range')).toBe('1000-1204/*')
      expect((await asked.json()) as unknown[]).toHaveLength(205)
    })
  })

  describe('filters, order, paging and aliases', () => {
    it('in.(…) on an enum column works', async () => {
      const { data, error, status } = await supabase
        .from('notes')
        .select('title')
        .in('mood', ['stormy'])
        .order('id')
      expect({ error, status }).toEqual({ error: null, status: 200 })
      expect(data).toEqual([{ title: 'beta' }, { title: 'delta' }])
      const wrong = await call('notes?mood=in.(sunny)')
      await expectPostgrestError(wrong, 400, '22P02')
    })

    it('eq, neq, gt, lte, like, ilike, is, not and or select the rows PostgREST selects', async () => {
      const titles = async (query: string) =>
        ((await (await call(`notes?select=title&order=id&${query}`)).json()) as Note[]).map(
          (note) => note.title,
        )
      expect(await titles('mood=eq.stormy')).toEqual(['beta', 'delta'])
      expect(await titles('mood=neq.stormy')).toEqual(['alpha', 'gamma', 'epsilon'])
      expect(await titles('rank=gt.2')).toEqual(['delta', 'epsilon'])
      expect(await titles('rank=lte.2')).toEqual(['alpha', 'beta'])
      expect(await titles('title=like.*lt*')).toEqual(['delta'])
      expect(await titles('title=ilike.*ALPH*')).toEqual(['alpha'])
      expect(await titles('rank=is.null')).toEqual(['gamma'])
      expect(await titles('rank=not.is.null&mood=eq.calm')).toEqual(['alpha', 'epsilon'])
      expect(await titles('or=(rank.eq.1,and(mood.eq.stormy,rank.gt.3))')).toEqual([
        'alpha',
        'delta',
      ])
      expect(await titles('id=not.in.(1,2,3)')).toEqual(['delta', 'epsilon'])
    })

    it('order with nulls, limit and offset, and aliases', async () => {
      const { data } = await supabase
        .from('notes')
        .select('name:title,rank')
        .order('rank', { ascending: false, nullsFirst: true })
        .range(0, 2)
      expect(data).toEqual([
        { name: 'gamma', rank: null },
        { name: 'epsilon', rank: 5 },
        { name: 'delta', rank: 4 },
      ])
      const paged = await call('notes?select=id&order=id.desc&limit=2&offset=1')
      expect(await paged.json()).toEqual([{ id: 4 }, { id: 3 }])
    })

    it('common errors are PostgREST-shaped 4xx', async () => {
      await expectPostgrestError(await call('notes?select=nope'), 400, '42703')
      await expectPostgrestError(await call('missing_table'), 404, 'PGRST205')
      await expectPostgrestError(await call('notes?id=zz.1'), 400, 'PGRST100')
      await expectPostgrestError(await call('notes?limit=x'), 400, 'PGRST100')
      await expectPostgrestError(
        await call('notes', { method: 'POST', body: '{"nope":1}' }),
        400,
        'PGRST204',
      )
      await expectPostgrestError(
        await call('notes', { method: 'POST', body: '{"title":"alpha"}' }),
        409,
        '23505',
      )
      await expectPostgrestError(
        await call('notes', { method: 'POST', body: '{"title":"x","rank":"many"}' }),
        400,
        '22P02',
      )
      await expectPostgrestError(
        await call('notes', { method: 'POST', body: '{"title":' }),
        400,
        'PGRST102',
      )
    })
  })

  describe('upserts', () => {
    it('merge-duplicates without on_conflict uses the primary key; merged only is 200', async () => {
      const merged = await call('notes', {
        method: 'POST',
        headers: { prefer: 'resolution=merge-duplicates,return=representation' },
        body: JSON.stringify({ id: 2, title: 'beta two', mood: 'calm', rank: 20 }),
      })
      expect(merged.status).toBe(200)
      expect(await merged.json()).toEqual([{ id: 2, title: 'beta two', mood: 'calm', rank: 20 }])
      const inserted = await supabase
        .from('notes')
        .upsert({ id: 40, title: 'new', mood: 'stormy', rank: 1 })
        .select('id')
      expect({ status: inserted.status, data: inserted.data }).toEqual({
        status: 201,
        data: [{ id: 40 }],
      })
      expect(await notes()).toHaveLength(6)
    })

    it('on_conflict names the target; ignore-duplicates of an existing row is 201 []', async () => {
      const ignored = await supabase
        .from('notes')
        .upsert({ title: 'alpha', rank: 50 }, { onConflict: 'title', ignoreDuplicates: true })
        .select()
      expect({ status: ignored.status, data: ignored.data }).toEqual({ status: 201, data: [] })
      const merged = await supabase
        .from('notes')
        .upsert({ title: 'alpha', rank: 50 }, { onConflict: 'title' })
        .select('title,rank')
      expect({ status: merged.status, data: merged.data }).toEqual({
        status: 200,
        data: [{ title: 'alpha', rank: 50 }],
      })
    })

    it('missing=default gives a key a row lacks its default, not null', async () => {
      const withDefaults = await supabase
        .from('notes')
        .insert([{ title: 'first' }, { title: 'second', rank: 1 }], { defaultToNull: false })
        .select('title,mood,rank')
      expect(withDefaults.data).toEqual([
        { title: 'first', mood: 'calm', rank: 7 },
        { title: 'second', mood: 'calm', rank: 1 },
      ])
      const withNulls = await supabase
        .from('notes')
        .insert([{ title: 'third' }, { title: 'fourth', rank: 1 }])
        .select('title,rank')
      expect(withNulls.data).toEqual([
        { title: 'third', rank: null },
        { title: 'fourth', rank: 1 },
      ])
    })
  })

  describe('what the backend does not implement is refused as PostgREST refuses it', () => {
    it('embedding, other operators and PUT answer 400 PGRST127', async () => {
      await expectPostgrestError(await call('notes?select=*,other(*)'), 400, 'PGRST127')
      await expectPostgrestError(await call('notes?title=fts.alpha'), 400, 'PGRST127')
      for (const operator of ['fts(english)', 'plfts(english)', 'phfts(simple)', 'wfts(english)'])
        await expectPostgrestError(await call(`notes?title=${operator}.alpha`), 400, 'PGRST127')
      await expectPostgrestError(await call('notes?order=title->key'), 400, 'PGRST127')
      await expectPostgrestError(await call('notes?order=title->>key.desc'), 400, 'PGRST127')
      await expectPostgrestError(
        await call('notes?id=eq.1', { method: 'PUT', body: '{"id":1,"title":"x"}' }),
        400,
        'PGRST127',
      )
      expect(await notes()).toHaveLength(5)
    })

    it('media types PostgREST has and like(all)/like(any) answer 400 PGRST127', async () => {
      for (const accept of ['text/csv', 'application/geo+json', 'application/vnd.pgrst.plan'])
        await expectPostgrestError(await call('notes', { headers: { accept } }), 400, 'PGRST127')
      await expectPostgrestError(await call('notes?title=like(all).{a*,*a}'), 400, 'PGRST127')
      await expectPostgrestError(await call('notes?title=nope.a'), 400, 'PGRST100')
    })

    it('Prefer: tx=rollback is ignored, as with the default db-tx-end of a hosted project', async () => {
      const response = await call('notes', {
        method: 'POST',
        headers: { prefer: 'tx=rollback' },
        body: '{"title":"kept"}',
      })
      expect(response.status).toBe(201)
      expect(await notes()).toHaveLength(6)
    })

    it("rpc: filtering a function's result is not implemented; a missing function is 404 PGRST202", async () => {
      await expectPostgrestError(await call('rpc/titled?prefix=a&select=x'), 400, 'PGRST127')
      await expectPostgrestError(
        await call('rpc/notes_ranked?min_rank=1&order=id'),
        400,
        'PGRST127',
      )
      const missing = await supabase.rpc('no_such_function')
      expect(missing.status).toBe(404)
      expect(missing.error?.code).toBe('PGRST202')
    })
  })

  describe('functions (rpc), as PostgREST calls them', () => {
    it('a scalar function answers its value, by POST and by GET, with defaults and named arguments', async () => {
      expect(await supabase.rpc('notes_count')).toMatchObject({ status: 200, data: 5 })
      expect(await supabase.rpc('notes_count', undefined, { get: true })).toMatchObject({
        status: 200,
        data: 5,
      })
      expect(await supabase.rpc('add_them', { a: 1, b: 2 })).toMatchObject({ data: 3 })
      expect(await supabase.rpc('add_them', { a: 1 }, { get: true })).toMatchObject({ data: 11 })
      const posted = await call('rpc/add_them', { method: 'POST', body: '{"b":5,"a":"4"}' })
      expect([posted.status, await posted.text()]).toEqual([200, '9'])
      expect(await supabase.rpc('echo', { doc: { a: [1, 'two'] } })).toMatchObject({
        data: { a: [1, 'two'] },
      })
    })

    it('a set answers an array, one row an object, a void function 204 after it wrote', async () => {
      expect((await supabase.rpc('titled', { prefix: 'e' }, { get: true })).data).toEqual([
        'epsilon',
      ])
      expect((await supabase.rpc('titled', { prefix: 'zz' })).data).toEqual([])
      const ranked = await supabase.rpc('notes_ranked', { min_rank: 4 })
      expect(ranked.data).toEqual([
        { id: 4, title: 'delta', mood: 'stormy', rank: 4 },
        { id: 5, title: 'epsilon', mood: 'calm', rank: 5 },
      ])
      expect((await supabase.rpc('first_note')).data).toEqual({
        id: 1,
        title: 'alpha',
        mood: 'calm',
        rank: 1,
      })
      const added = await call('rpc/add_note', { method: 'POST', body: '{"title":"zeta"}' })
      expect([added.status, await added.text()]).toEqual([204, ''])
      expect(await notes()).toHaveLength(6)
    })

    it('GET runs read-only (405 for a function that writes); overloads are chosen by argument names', async () => {
      await expectPostgrestError(await call('rpc/add_note?title=eta'), 405, '25006')
      expect(await notes()).toHaveLength(5)
      expect((await supabase.rpc('pick', { x: 1 })).data).toBe('int')
      expect((await supabase.rpc('pick', { y: 'a' })).data).toBe('text')
    })

    it('refuses as PostgREST: unknown arguments 404, bad values 400, no privilege 401, other verbs 405', async () => {
      await expectPostgrestError(await call('rpc/add_them?a=1&c=2'), 404, 'PGRST202')
      await expectPostgrestError(await call('rpc/add_them?b=2'), 404, 'PGRST202')
      await expectPostgrestError(await call('rpc/add_them?a=one'), 400, '22P02')
      await expectPostgrestError(
        await call('rpc/add_them', { method: 'POST', body: '[1,2]' }),
        400,
        'PGRST127',
      )
      await expectPostgrestError(
        await call('rpc/add_them', { method: 'POST', body: '{"a":' }),
        400,
        'PGRST102',
      )
      await expectPostgrestError(await call('rpc/owners_only'), 401, '42501')
      await expectPostgrestError(
        await call('rpc/add_them', { method: 'PATCH', body: '{}' }),
        405,
        'PGRST101',
      )
    })
  })
})

describe.each(ENGINES)('db-tx-end commit-allow-override on %s', (engine) => {
  let backend: TestBackend
  let migrations: string

  beforeAll(async () => {
    migrations = migrationsWithFixture()
    backend = await startTestBackend(engine, {
      migrationsDir: migrations,
      txEnd: 'commit-allow-override',
    })
  }, 120_000)

  afterAll(async () => {
    await backend?.stop()
    rmSync(migrations, { recursive: true, force: true })
  }, 60_000)

  it('Prefer: tx=rollback answers as if written and keeps nothing', async () => {
    allowNetwork()
    const response = await realFetch(`${backend.url}/rest/v1/notes?select=title`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        authorization: `Bearer ${backend.anonKey}`,
        'content-type': 'application/json',
        prefer: 'tx=rollback,return=representation',
      },
      body: '{"title":"rolled back"}',
    })
    expect(response.status).toBe(201)
    expect(await response.json()).toEqual([{ title: 'rolled back' }])
    const [row] = await backend.engine.transaction((tx) =>
      tx.query<{ n: number }>('select count(*)::int as n from public.notes'),
    )
    expect(row?.n).toBe(0)
  })
})
