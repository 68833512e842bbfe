/**
 * The local backend's HTTP contract, driven by the real supabase-js client (and raw fetch where
 * supabase-js cannot send the request), on PGlite and on a real PostgreSQL server.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { request as httpRequest } from 'node:http'
import { gunzipSync } from 'node:zlib'
import { LOCAL_JWT_SECRET, signJwt } from '../../../server/jwt'
import {
  asOwner,
  DEPLOYED_ENGINES,
  offerKeys,
  ownerRows,
  realFetch,
  useTestBackend,
  voidClient,
  type TestBackend,
} from './support/backend'

// Two cores shared with other work: a burst of a few hundred requests can take seconds.
vi.setConfig({ testTimeout: 30_000 })

const TABLE = 'void_thoughts'
const uuid = () => crypto.randomUUID()

describe.each(DEPLOYED_ENGINES)('the backend on %s', (engine) => {
  let backend: TestBackend
  let supabase: SupabaseClient
  let rest: string

  useTestBackend(engine, {
    started: (started) => {
      backend = started
      supabase = voidClient(backend.url, backend.anonKey)
      rest = `${backend.url}/rest/v1/${TABLE}`
    },
    eachTest: async () => {
      await asOwner(
        backend,
        'truncate public.void_thoughts, private.void_offer_keys restart identity',
      )
      await asOwner(backend, 'update private.void_settings set writes_per_minute = 0')
    },
  })

  /** A raw request with the anon key, as supabase-js would send it. */
  const call = (path: string, init: RequestInit = {}) =>
    realFetch(`${backend.url}${path}`, {
      ...init,
      headers: {
        apikey: backend.anonKey,
        authorization: `Bearer ${backend.anonKey}`,
        ...init.headers,
      },
    })

  /** The app's offer (src/features/void/api/void-api.ts): the spec's insert, its key in a header. */
  const offer = (text: string, clientId: string = uuid()) =>
    supabase.from(TABLE).insert({ text }).setHeader('Idempotency-Key', clientId)

  /** The app's feed page (src/features/void/api/void-api.ts). */
  const page = (
    cursor: { created_at: string; id: number } | null,
    limit = 50,
    withTotal = false,
  ) => {
    let query = supabase
      .from(TABLE)
      .select('id,text,created_at', withTotal ? { count: 'exact' } : undefined)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(limit)
    if (cursor)
      query = query.or(
        `created_at.lt."${cursor.created_at}",and(created_at.eq."${cursor.created_at}",id.lt.${cursor.id})`,
      )
    return query
  }

  describe('the app calls', () => {
    it('an offer is stored once, however often it is sent', async () => {
      const clientId = uuid()
      const first = await offer('a thought to let go', clientId)
      expect(first).toMatchObject({ status: 201, error: null, data: null })
      const again = await offer('a thought to let go', clientId)
      expect(again).toMatchObject({ status: 201, error: null })
      const rows = await ownerRows(backend)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ text: 'a thought to let go', offer_key: clientId })
    })

    it('the same offer sent twice at once is stored once', async () => {
      const clientId = uuid()
      const answers = await Promise.all([offer('twice', clientId), offer('twice', clientId)])
      expect(answers.map((answer) => answer.status)).toEqual([201, 201])
      expect(await ownerRows(backend)).toHaveLength(1)
    })

    it('the feed reads newest first with the total, at microsecond precision', async () => {
      await asOwner(
        backend,
        `insert into public.void_thoughts (text, created_at) values
           ('first', '2026-03-01T10:00:00.000001Z'), ('second', '2026-03-01T10:00:00.000002Z')`,
      )
      const { data, error, count, status } = await page(null, 50, true)
      expect(error).toBeNull()
      expect(status).toBe(200)
      expect(count).toBe(2)
      expect(data).toEqual([
        { id: 2, text: 'second', created_at: '2026-03-01T10:00:00.000002+00:00' },
        { id: 1, text: 'first', created_at: '2026-03-01T10:00:00.000001+00:00' },
      ])
      const next = await page(data![0]!)
      expect(next.data).toEqual([data![1]])
    })

    it('keyset pages over rows sharing a created_at return every row exactly once, in order', async () => {
      await asOwner(
        backend,
        `insert into public.void_thoughts (text, created_at)
           select 'shared ' || i, '2026-04-01T12:00:00.5Z' from generate_series(1, 45) i`,
      )
      await asOwner(
        backend,
        `insert into public.void_thoughts (text, created_at)
           select 'spread ' || i, '2026-04-01T12:00:00Z'::timestamptz + i * interval '1 microsecond'
             from generate_series(1, 20) i`,
      )
      const seen: { id: number; created_at: string }[] = []
      let cursor: { created_at: string; id: number } | null = null
      for (let guard = 0; guard < 100; guard++) {
        const { data, error } = await page(cursor, 7)
        expect(error).toBeNull()
        if (!data || data.length === 0) break
        seen.push(...(data as { id: number; created_at: string }[]))
        cursor = data.at(-1) as { created_at: string; id: number }
      }
      const expected = (await ownerRows(backend)).map((row) => row.id)
      expect(seen.map((row) => row.id)).toEqual(expected)
      expect(new Set(seen.map((row) => row.id)).size).toBe(65)
    })

    it('range, offset, filters and single-object reads follow PostgREST', async () => {
      await asOwner(
        backend,
        `insert into public.void_thoughts (text) select 'row ' || i from generate_series(1, 5) i`,
      )
      const ranged = await supabase.from(TABLE).select('id').order('id').range(1, 2)
      expect(ranged.data).toEqual([{ id: 2 }, { id: 3 }])
      const filtered = await supabase
        .from(TABLE)
        .select('id')
        .gte('id', 2)
        .lte('id', 4)
        .neq('id', 3)
        .order('id')
      expect(filtered.data).toEqual([{ id: 2 }, { id: 4 }])
      const inList = await supabase
        .from(TABLE)
        .select('id')
        .in('id', [1, 5])
        .order('id', { ascending: false })
      expect(inList.data).toEqual([{ id: 5 }, { id: 1 }])
      const aliased = await supabase.from(TABLE).select('n:id,text').eq('id', 1).single()
      expect(aliased.data).toEqual({ n: 1, text: 'row 1' })
      const none = await supabase.from(TABLE).select('id').eq('id', 99).single()
      expect(none.status).toBe(406)
      expect(none.error?.code).toBe('PGRST116')
      const head = await supabase
        .from(TABLE)
        .select('id', { count: 'exact', head: true })
        .gt('id', 3)
      expect(head).toMatchObject({ status: 200, count: 2, data: null })
      const andTree = await supabase
        .from(TABLE)
        .select('id')
        .or('and(id.gt.1,id.lt.3),id.eq.5')
        .order('id')
      expect(andTree.data).toEqual([{ id: 2 }, { id: 5 }])
    })

    it('an array insert with columns= and return=representation returns what anon may read', async () => {
      const { data, status, error } = await supabase
        .from(TABLE)
        .insert([{ text: 'one' }, { text: 'two' }])
        .select('id,text')
      expect(error).toBeNull()
      expect(status).toBe(201)
      expect(data).toEqual([
        { id: 1, text: 'one' },
        { id: 2, text: 'two' },
      ])
    })
  })

  describe("the spec's calls (docs/product.md, specifications 3 and 7), as any client writes them", () => {
    const COLUMNS = ['created_at', 'id', 'text']
    const seedThree = () =>
      asOwner(
        backend,
        `insert into public.void_thoughts (text, created_at) values
           ('oldest', '2026-05-01T10:00:00Z'), ('middle', '2026-05-01T11:00:00Z'),
           ('newest', '2026-05-01T12:00:00Z')`,
      )
    const publicRows = async () =>
      (await ownerRows(backend)).map(({ id, text, created_at }) => ({ id, text, created_at }))

    it("select('*') ordered by created_at desc answers rows of exactly {id, text, created_at}", async () => {
      await seedThree()
      const { data, error, status } = await supabase
        .from(TABLE)
        .select('*')
        .order('created_at', { ascending: false })
      expect({ status, error }).toEqual({ status: 200, error: null })
      expect(data).toEqual(await publicRows())
      expect(data!.map((row) => row.text)).toEqual(['newest', 'middle', 'oldest'])
      for (const row of data!) expect(Object.keys(row).sort()).toEqual(COLUMNS)
      const bare = await supabase.from(TABLE).select().order('created_at', { ascending: false })
      expect(bare.status).toBe(200)
      expect(bare.data).toEqual(data)
    })

    it('select * pages with range and counts with count=exact', async () => {
      await seedThree()
      const paged = (from: number, to: number) =>
        supabase
          .from(TABLE)
          .select('*', { count: 'exact' })
          .order('created_at', { ascending: false })
          .range(from, to)
      const first = await paged(0, 1)
      expect(first.error).toBeNull()
      expect(first.count).toBe(3)
      expect(first.data!.map((row) => row.text)).toEqual(['newest', 'middle'])
      const second = await paged(2, 3)
      expect(second.count).toBe(3)
      expect(second.data!.map((row) => row.text)).toEqual(['oldest'])
      for (const row of [...first.data!, ...second.data!])
        expect(Object.keys(row).sort()).toEqual(COLUMNS)
    })

    it('insert({ text }) answers 201 and stores one row; with .select() it returns the stored row', async () => {
      const minimal = await supabase.from(TABLE).insert({ text: 'hello' })
      expect(minimal).toMatchObject({ status: 201, error: null, data: null })
      const represented = await supabase.from(TABLE).insert({ text: 'hello again' }).select()
      expect(represented.status).toBe(201)
      expect(represented.error).toBeNull()
      const stored = await publicRows()
      expect(stored.map((row) => row.text)).toEqual(['hello again', 'hello'])
      expect(represented.data).toEqual([stored[0]])
      expect(Object.keys(represented.data![0]!).sort()).toEqual(COLUMNS)
      const single = await supabase.from(TABLE).insert({ text: 'one more' }).select().single()
      expect(single.data).toMatchObject({ text: 'one more' })
      // No key was sent, so none was claimed: a plain insert.
      expect(await offerKeys(backend)).toEqual([])
    })

    it('the authenticated role may do the same', async () => {
      const signedIn = voidClient(backend.url, signJwt({ role: 'authenticated' }, LOCAL_JWT_SECRET))
      expect((await signedIn.from(TABLE).insert({ text: 'signed in' }).select()).status).toBe(201)
      const { data, status } = await signedIn.from(TABLE).select('*')
      expect(status).toBe(200)
      expect(data).toEqual(await publicRows())
    })

    it('raw HTTP: GET select=*, POST {"text":"hello"}, and return=representation', async () => {
      const posted = await call(`/rest/v1/${TABLE}`, {
        method: 'POST',
        body: '{"text":"hello"}',
        headers: { 'content-type': 'application/json' },
      })
      expect(posted.status).toBe(201)
      expect(await posted.text()).toBe('')
      const represented = await call(`/rest/v1/${TABLE}`, {
        method: 'POST',
        body: '{"text":"hello"}',
        headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      })
      expect(represented.status).toBe(201)
      const returned = (await represented.json()) as Record<string, unknown>[]
      const read = await call(`/rest/v1/${TABLE}?select=*&order=created_at.desc`)
      expect(read.status).toBe(200)
      const rows = (await read.json()) as Record<string, unknown>[]
      expect(rows).toEqual(await publicRows())
      expect(rows).toHaveLength(2)
      expect(returned).toEqual([rows[0]])
      for (const row of rows) expect(Object.keys(row).sort()).toEqual(COLUMNS)
    })

    it('plain inserts keep the limits: 5000 code points pass; 5001, blank and NUL are 400', async () => {
      const insert = async (text: string) => {
        const { status, error } = await supabase.from(TABLE).insert({ text })
        return { status, code: error?.code }
      }
      expect(await insert('😌'.repeat(5000))).toEqual({ status: 201, code: undefined })
      expect(await insert('x'.repeat(5001))).toEqual({ status: 400, code: '23514' })
      // Every character of the migration's trim set, together.
      const blank =
        ' \t\n\r\v\f\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u200b\u2028\u2029\u202f\u205f\u3000\ufeff'
      expect(await insert(blank)).toEqual({ status: 400, code: '23514' })
      for (const space of blank) expect((await insert(space)).status).toBe(400)
      expect((await insert('a\u0000b')).status).toBe(400)
      // Letters are never blank (PostgreSQL 15 read the first migration's `\v` as the letter v).
      expect((await insert('v')).status).toBe(201)
      expect((await publicRows()).map((row) => row.text)).toEqual(['v', '😌'.repeat(5000)])
    })

    it('PATCH, DELETE and PUT are refused with a PostgREST error, and nothing changes', async () => {
      await seedThree()
      const before = await ownerRows(backend)
      for (const [method, query, body] of [
        ['PATCH', '?id=eq.1', '{"text":"changed"}'],
        ['PATCH', '', '{"text":"changed"}'],
        ['DELETE', '?id=eq.1', ''],
        ['DELETE', '', ''],
        ['PUT', '?id=eq.1', '{"id":1,"text":"replaced"}'],
      ] as const) {
        const response = await call(`/rest/v1/${TABLE}${query}`, {
          method,
          body: body || undefined,
          headers: { 'content-type': 'application/json' },
        })
        expect({ method, refused: [400, 401, 403, 405, 501].includes(response.status) }).toEqual({
          method,
          refused: true,
        })
        const json = (await response.json()) as Record<string, unknown>
        expect(Object.keys(json).sort()).toEqual(['code', 'details', 'hint', 'message'])
      }
      expect(await ownerRows(backend)).toEqual(before)
    })
  })

  describe('the Idempotency-Key header', () => {
    const post = (body: string, headers: Record<string, string> = {}) =>
      call(`/rest/v1/${TABLE}`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', ...headers },
      })

    it('the same key twice over raw HTTP: both 201, one row, the key linked to it', async () => {
      const key = uuid()
      for (let i = 0; i < 2; i++)
        expect((await post('{"text":"once"}', { 'idempotency-key': key })).status).toBe(201)
      const rows = await ownerRows(backend)
      expect(rows.map((row) => [row.text, row.offer_key])).toEqual([['once', key]])
      expect(await offerKeys(backend)).toEqual([{ client_id: key, thought_id: rows[0]!.id }])
    })

    it('ten copies sent at once store one row, and every copy answers 201', async () => {
      const key = uuid()
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => post('{"text":"at once"}', { 'Idempotency-Key': key })),
      )
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201))
      expect((await ownerRows(backend)).map((row) => row.text)).toEqual(['at once'])
    })

    it('a repeat asking for the representation gets 201 and no row', async () => {
      const key = uuid()
      const first = await offer('shown once', key).select()
      expect(first.data).toMatchObject([{ text: 'shown once' }])
      const again = await offer('shown once', key).select()
      expect({ status: again.status, data: again.data }).toEqual({ status: 201, data: [] })
    })

    it('the key is a UUID in any letter case: upper case is the same key', async () => {
      const key = uuid()
      expect((await offer('cased', key)).status).toBe(201)
      expect((await offer('cased', key.toUpperCase())).status).toBe(201)
      expect(await ownerRows(backend)).toHaveLength(1)
    })

    it.each([
      ['not a uuid', 'not-a-uuid'],
      ['a uuid without hyphens', '1b4e28ba2fa141d2883f0016d3cca428'],
      ['two keys', `${uuid()}, ${uuid()}`],
      ['an empty key', ''],
    ])('%s is refused with 400 22P02 and a clear message, nothing stored', async (_name, key) => {
      const response = await post('{"text":"keyed badly"}', { 'idempotency-key': key })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        code: '22P02',
        message: 'The Idempotency-Key header must be a UUID',
        details: expect.stringContaining('nothing was stored'),
        hint: expect.any(String),
      })
      expect(await ownerRows(backend)).toEqual([])
      expect(await offerKeys(backend)).toEqual([])
    })

    it('a refused offer does not use up its key: the same key with good text is stored', async () => {
      const key = uuid()
      expect((await offer('   ', key)).status).toBe(400)
      expect((await offer('now with words', key)).status).toBe(201)
      expect((await ownerRows(backend)).map((row) => row.offer_key)).toEqual([key])
    })

    it('different keys with the same words are two offers', async () => {
      await offer('same words')
      await offer('same words')
      expect(await ownerRows(backend)).toHaveLength(2)
    })

    it('one key covers its whole request: several rows are stored once, a repeat stores none', async () => {
      const key = uuid()
      const send = () =>
        supabase
          .from(TABLE)
          .insert([{ text: 'first of two' }, { text: 'second of two' }])
          .setHeader('Idempotency-Key', key)
      expect((await send()).status).toBe(201)
      expect((await send()).status).toBe(201)
      expect((await ownerRows(backend)).map((row) => row.text).sort()).toEqual([
        'first of two',
        'second of two',
      ])
    })

    it('headers reach SQL lower-cased, whatever else the request carries', async () => {
      const key = uuid()
      // Raw header lines a browser would never send: an upper-case name, a header named __proto__,
      // bytes outside ASCII, and a header repeated.
      const status = await new Promise<number>((resolve, reject) => {
        const body = '{"text":"odd headers"}'
        const request = httpRequest(`${rest}`, {
          method: 'POST',
          headers: [
            'host',
            `127.0.0.1:${backend.port}`,
            'apikey',
            backend.anonKey,
            'content-type',
            'application/json',
            'IDEMPOTENCY-KEY',
            key,
            '__proto__',
            'polluted',
            'x-odd',
            Buffer.from([0xc3, 0xbf, 0xfe]).toString('latin1'),
            'x-twice',
            'one',
            'x-twice',
            'two',
            'content-length',
            String(Buffer.byteLength(body)),
          ],
        })
        request.on('response', (response) => {
          response.resume()
          resolve(response.statusCode ?? 0)
        })
        request.on('error', reject)
        request.end(body)
      })
      expect(status).toBe(201)
      expect((await ownerRows(backend)).map((row) => row.offer_key)).toEqual([key])
    })
  })

  describe('what anon may not do', () => {
    const seeded = async () => {
      await offer('already on the wall')
      return ownerRows(backend)
    }

    it('update, delete and reading the offer keys are refused, and nothing changes', async () => {
      const before = await seeded()
      const id = before[0]!.id
      const update = await supabase.from(TABLE).update({ text: 'changed' }).eq('id', id)
      expect(update.status).toBe(401)
      expect(update.error?.code).toBe('42501')
      const remove = await supabase.from(TABLE).delete().eq('id', id)
      expect(remove.status).toBe(401)
      expect(remove.error?.code).toBe('42501')
      // The keys are not in the public table any more, and their table is not exposed.
      const clientIds = await supabase.from(TABLE).select('client_id')
      expect(clientIds.status).toBe(400)
      expect(clientIds.error?.code).toBe('42703')
      const keys = await supabase.from('void_offer_keys').select('*')
      expect(keys.status).toBe(404)
      expect(keys.error?.code).toBe('PGRST205')
      const privateSchema = await supabase.schema('private').from('void_offer_keys').select('*')
      expect(privateSchema.status).toBeGreaterThanOrEqual(400)
      expect(privateSchema.status).toBeLessThan(500)
      expect(privateSchema.data).toBeNull()
      expect(await ownerRows(backend)).toEqual(before)
    })

    it('a forged created_at or id is refused, and nothing is stored', async () => {
      const forgedDate = await supabase
        .from(TABLE)
        .insert({ text: 'from the future', created_at: '2099-01-01T00:00:00Z' })
      expect({ status: forgedDate.status, code: forgedDate.error?.code }).toEqual({
        status: 401,
        code: '42501',
      })
      const forgedId = await supabase.from(TABLE).insert({ id: 1, text: 'mine' })
      // id is generated always: Postgres refuses a given value before it checks privileges.
      expect({ status: forgedId.status, code: forgedId.error?.code }).toEqual({
        status: 400,
        code: '428C9',
      })
      expect(await ownerRows(backend)).toEqual([])
    })

    it('upsert-overwrites are not possible either', async () => {
      const before = await seeded()
      const overwrite = await supabase
        .from(TABLE)
        .upsert({ id: before[0]!.id, text: 'overwritten' }, { onConflict: 'id' })
      expect(overwrite.status).toBeGreaterThanOrEqual(400)
      expect(overwrite.status).toBeLessThan(500)
      expect(await ownerRows(backend)).toEqual(before)
    })
  })

  describe('bad bodies get a 4xx PostgREST error, never a 5xx', () => {
    const cases: [string, () => Promise<{ status: number; code: string }>][] = [
      ['empty text', async () => fromClient(await offer(''))],
      [
        'spaces, tabs, newlines and no-break spaces',
        async () => fromClient(await offer(' \t\n\r\u00a0\u3000 ')),
      ],
      [
        'zero-width and other Unicode spaces',
        async () => fromClient(await offer('\u200b\u2003\ufeff\u202f')),
      ],
      ['5001 characters', async () => fromClient(await offer('x'.repeat(5001)))],
      ['a NUL byte', async () => fromClient(await offer('before\u0000after'))],
      [
        'the old client_id column',
        async () =>
          fromClient(await supabase.from(TABLE).insert({ text: 'ok', client_id: uuid() })),
      ],
      [
        'an Idempotency-Key that is not a UUID',
        async () => fromClient(await offer('ok', 'not-a-uuid')),
      ],
      ['text null', async () => fromClient(await supabase.from(TABLE).insert({ text: null }))],
      [
        'an id of the wrong type',
        async () => fromClient(await supabase.from(TABLE).insert({ id: 'first', text: 'ok' })),
      ],
      [
        'an unknown column',
        async () => fromClient(await supabase.from(TABLE).insert({ text: 'ok', mood: 'sad' })),
      ],
      ['malformed JSON', () => raw('{"text": "unfinished', 'application/json')],
      ['an empty body', () => raw('', 'application/json')],
      ['a JSON string', () => raw('"just text"', 'application/json')],
      ['an array of numbers', () => raw('[1, 2]', 'application/json')],
      [
        'objects with different keys',
        () => raw('[{"text":"a","id":1},{"text":"b"}]', 'application/json'),
      ],
      ['a raw NUL byte in the JSON', () => raw('{"text":"a\u0000b"}', 'application/json')],
    ]

    function fromClient(answer: { status: number; error: { code: string } | null }) {
      return { status: answer.status, code: answer.error?.code ?? '' }
    }

    async function raw(body: string, type: string) {
      const response = await call(`/rest/v1/${TABLE}`, {
        method: 'POST',
        body,
        headers: { 'content-type': type },
      })
      const json = (await response.json()) as {
        code: string
        message: string
        details: unknown
        hint: unknown
      }
      expect(Object.keys(json).sort()).toEqual(['code', 'details', 'hint', 'message'])
      return { status: response.status, code: json.code }
    }

    it.each(cases)('%s', async (_name, send) => {
      const { status, code } = await send()
      expect(status).toBeGreaterThanOrEqual(400)
      expect(status).toBeLessThan(500)
      expect(code).not.toBe('')
      expect(await ownerRows(backend)).toEqual([])
      expect(await offerKeys(backend)).toEqual([])
    })

    it('5000 characters, counted in code points, are accepted', async () => {
      expect((await offer('😌'.repeat(5000))).status).toBe(201)
    })

    it('bad text is a check violation (400), not a policy refusal', async () => {
      expect(fromClient(await offer('   '))).toEqual({ status: 400, code: '23514' })
      expect(fromClient(await offer('x'.repeat(5001)))).toEqual({ status: 400, code: '23514' })
    })
  })

  describe('query strings that look like SQL are data', () => {
    beforeEach(async () => {
      await offer('innocent')
    })

    it.each([
      ['text', "eq.'; drop table public.void_thoughts; --"],
      ['text', "eq.innocent' or '1'='1"],
      ['or', '(text.eq."x\') or true --",text.eq.y)'],
      ['text', 'in.("a);drop table x;--","b")'],
    ])('%s=%s matches nothing', async (key, value) => {
      const response = await call(`/rest/v1/${TABLE}?select=id&${key}=${encodeURIComponent(value)}`)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual([])
    })

    it.each([
      ['id', 'eq.1 or 1=1'],
      ['order', 'id;drop table public.void_thoughts'],
      ['select', 'id,(select 1)'],
      ['select', 'id from public.void_thoughts; --'],
      ['limit', '1; drop table public.void_thoughts'],
      ['"id" = 1 or true --', 'eq.1'],
    ])('%s=%s is refused with a 4xx', async (key, value) => {
      const response = await call(
        `/rest/v1/${TABLE}?${encodeURIComponent(key)}=${encodeURIComponent(value)}`,
      )
      expect(response.status).toBeGreaterThanOrEqual(400)
      expect(response.status).toBeLessThan(502)
      expect(response.status).not.toBe(500)
      expect(await response.json()).toHaveProperty('code')
    })

    it('the wall is intact afterwards', async () => {
      expect((await ownerRows(backend)).map((row) => row.text)).toEqual(['innocent'])
    })
  })

  describe('compression', () => {
    /** A raw GET of `path` (node:http, which decodes nothing), with `accept-encoding` if given. */
    const rawGet = (path: string, acceptEncoding?: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const request = httpRequest(`${backend.url}${path}`, {
          headers: {
            apikey: backend.anonKey,
            authorization: `Bearer ${backend.anonKey}`,
            ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
          },
        })
        request.on('response', (response) => {
          const parts: Buffer[] = []
          response.on('data', (part: Buffer) => parts.push(part))
          response.on('end', () =>
            resolve({ headers: response.headers, body: Buffer.concat(parts) }),
          )
        })
        request.on('error', reject)
        request.end()
      })

    it('a page is gzipped for a client that accepts it, as hosted Supabase sends it, and plain otherwise', async () => {
      const { error } = await supabase.from(TABLE).insert(
        Array.from({ length: 40 }, (_, i) => ({
          text: `a thought long enough to weigh something ${i}`,
        })),
      )
      expect(error).toBeNull()
      const path = `/rest/v1/${TABLE}?select=*&order=created_at.desc`
      const plain = await rawGet(path)
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.headers.vary).toContain('Accept-Encoding')
      // A client that refuses gzip by weight gets it plain too.
      const refused = await rawGet(path, 'gzip;q=0, identity')
      expect(refused.headers['content-encoding']).toBeUndefined()
      expect(refused.body.equals(plain.body)).toBe(true)
      const rows = JSON.parse(plain.body.toString('utf8')) as unknown[]
      expect(rows).toHaveLength(40)
      const zipped = await rawGet(path, 'gzip, deflate, br')
      expect(zipped.headers['content-encoding']).toBe('gzip')
      expect(zipped.headers.vary).toContain('Accept-Encoding')
      expect(zipped.body.length).toBeLessThan(plain.body.length / 2)
      expect(JSON.parse(gunzipSync(zipped.body).toString('utf8'))).toEqual(rows)
      // supabase-js (fetch) reads it as before.
      const { data } = await supabase.from(TABLE).select('*')
      expect(data).toHaveLength(40)
    })

    it('a small answer is sent as it is', async () => {
      const small = await rawGet(`/rest/v1/${TABLE}?select=*`, 'gzip')
      expect(small.headers['content-encoding']).toBeUndefined()
      expect(JSON.parse(small.body.toString('utf8'))).toEqual([])
    })
  })

  describe('keys, paths and headers', () => {
    it('a request without a key, with a forged key, an expired key or an unknown role gets 401', async () => {
      const noKey = await realFetch(`${rest}?select=id`)
      expect(noKey.status).toBe(401)
      const forged = signJwt({ role: 'anon' }, 'not-the-secret-but-long-enough-to-look-real')
      const expired = signJwt({ role: 'anon', exp: 1 }, LOCAL_JWT_SECRET)
      const postgres = signJwt({ role: 'postgres' }, LOCAL_JWT_SECRET)
      for (const [key, code] of [
        [forged, 'PGRST301'],
        [expired, 'PGRST303'],
        [postgres, 'PGRST301'],
        ['not a jwt', 'PGRST301'],
      ] as const) {
        const response = await realFetch(`${rest}?select=id`, {
          headers: { apikey: key, authorization: `Bearer ${key}` },
        })
        expect(response.status).toBe(401)
        expect(((await response.json()) as { code: string }).code).toBe(code)
      }
    })

    it('the service role reads the same three columns, and still cannot update or delete', async () => {
      await offer('visible to the server')
      const service = voidClient(backend.url, signJwt({ role: 'service_role' }, LOCAL_JWT_SECRET))
      const { data } = await service.from(TABLE).select('*')
      expect(data?.map((row) => Object.keys(row).sort())).toEqual([['created_at', 'id', 'text']])
      const id = (data as { id: number }[])[0]!.id
      expect((await service.from(TABLE).update({ text: 'x' }).eq('id', id)).status).toBe(403)
      expect((await service.from(TABLE).delete().eq('id', id)).status).toBe(403)
    })

    it('CORS preflight allows every header supabase-js sends, and the offer key', async () => {
      const preflight = async (asked?: string) => {
        const response = await realFetch(rest, {
          method: 'OPTIONS',
          headers: {
            origin: 'http://localhost:4173',
            'access-control-request-method': 'POST',
            ...(asked === undefined ? {} : { 'access-control-request-headers': asked }),
          },
        })
        expect(response.status).toBe(204)
        expect(response.headers.get('access-control-allow-origin')).toBe('*')
        expect(response.headers.get('access-control-allow-methods')).toContain('POST')
        return (response.headers.get('access-control-allow-headers') ?? '').split(/,\s*/)
      }
      const sent = [
        'apikey',
        'authorization',
        'content-type',
        'prefer',
        'accept-profile',
        'content-profile',
        'x-client-info',
        'x-retry-count',
        'idempotency-key',
      ]
      // What the browser asks for is reflected, as PostgREST and Supabase's gateway do.
      const reflected = await preflight([...sent, 'X-Something-New'].join(','))
      for (const header of [...sent, 'x-something-new']) expect(reflected).toContain(header)
      // Asked for nothing: the list of what supabase-js and the app send.
      const listed = await preflight()
      for (const header of sent) expect(listed).toContain(header)
      // A request for something that is not a header name gets the list, not an echo.
      const garbled = await preflight('apikey, bad header\u00ff')
      expect(garbled).toEqual(listed)
    })

    it('unknown paths, tables, schemas and features get a JSON error, never an empty 404', async () => {
      for (const [path, init, status, code] of [
        ['/auth/v1/user', {}, 404, 'PGRST125'],
        ['/rest/v1/secrets?select=*', {}, 404, 'PGRST205'],
        ['/rest/v1/rpc/anything', { method: 'POST', body: '{}' }, 404, 'PGRST202'],
        [`/rest/v1/${TABLE}?text=fts.hello`, {}, 400, 'PGRST127'],
        [`/rest/v1/${TABLE}?select=id,other(*)`, {}, 400, 'PGRST127'],
        [`/rest/v1/${TABLE}`, { method: 'PUT', body: '{}' }, 400, 'PGRST127'],
        [
          `/rest/v1/${TABLE}?select=id`,
          { headers: { 'accept-profile': 'private' } },
          406,
          'PGRST106',
        ],
        [`/rest/v1/${TABLE}?select=nope`, {}, 400, '42703'],
        [`/rest/v1/${TABLE}?limit=many`, {}, 400, 'PGRST100'],
        [`/rest/v1/${TABLE}?id=like`, {}, 400, 'PGRST100'],
        ['/rest/v1/void_%E0%A4%A', {}, 400, 'PGRST100'],
      ] as const) {
        const response = await call(path, init as RequestInit)
        expect({ path, status: response.status }).toEqual({ path, status })
        const body = (await response.json()) as { code: string }
        expect(body.code).toBe(code)
      }
    })

    it('a body over the size limit gets 413', async () => {
      const huge = JSON.stringify({ text: 'x'.repeat(2 * 1024 * 1024) })
      const response = await call(`/rest/v1/${TABLE}`, {
        method: 'POST',
        body: huge,
        headers: { 'content-type': 'application/json' },
      })
      expect(response.status).toBe(413)
      expect(await response.json()).toMatchObject({ code: '54000' })
      expect(await ownerRows(backend)).toEqual([])
    })
  })

  describe('the write rate limit', () => {
    it('trips with 429 and Retry-After, ignores a forged address, then lets writes through again', async () => {
      await asOwner(backend, 'update private.void_settings set writes_per_minute = 120')
      await asOwner(backend, 'delete from private.void_write_buckets')
      let refused: Response | undefined
      let accepted = 0
      for (let i = 0; i < 200 && !refused; i++) {
        const response = await call(`/rest/v1/${TABLE}`, {
          method: 'POST',
          body: JSON.stringify({ text: `burst ${i}` }),
          // A client cannot pick its own address: the server sets x-forwarded-for from the socket.
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${i % 250}` },
        })
        if (response.status === 429) refused = response
        else {
          expect(response.status).toBe(201)
          accepted++
        }
      }
      expect(refused).toBeDefined()
      expect(accepted).toBeGreaterThanOrEqual(120)
      expect(accepted).toBeLessThan(200)
      expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
      expect(await refused!.json()).toMatchObject({
        code: 'P0429',
        message: expect.stringContaining('Try again later'),
      })
      // At 120 a minute a token comes back every half second, which a slow machine can spend
      // between two lines: one a minute from here keeps the bucket empty for the client's try.
      await asOwner(backend, 'update private.void_settings set writes_per_minute = 1')
      const viaClient = await offer('one too many')
      expect(viaClient.status).toBe(429)
      expect((await ownerRows(backend)).length).toBe(accepted)
      // Reads are never limited.
      expect((await page(null)).status).toBe(200)
      // Back at 120 a minute: a new offer is allowed every half second.
      await asOwner(backend, 'update private.void_settings set writes_per_minute = 120')
      await new Promise((resolve) => setTimeout(resolve, 1100))
      expect((await offer('later')).status).toBe(201)
    })

    it('is off at 0', async () => {
      for (let i = 0; i < 30; i++) expect((await offer(`free ${i}`)).status).toBe(201)
    })
  })
})
