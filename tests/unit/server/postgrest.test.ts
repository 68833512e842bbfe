/** PostgREST query parsing and SQL building, without a database. */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { HOSTED_WRITE_LIMIT_PER_MINUTE, optionsFromEnv } from '../../../server/config'
import { ApiError, fromDatabaseError, statusForSqlState } from '../../../server/errors'
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, signJwt, verifyJwt } from '../../../server/jwt'
import { parsePrefer, parseReadQuery } from '../../../server/postgrest/parse'
import { insertStatement, readStatement, type TableInfo } from '../../../server/postgrest/sql'
import { voidNewerQuery } from '../../../src/features/void/api/void-newer-query'

const table: TableInfo = {
  schema: 'public',
  name: 'void_thoughts',
  columns: new Map([
    ['id', 'bigint'],
    ['text', 'text'],
    ['created_at', 'timestamp with time zone'],
    ['client_id', 'uuid'],
  ]),
}

const query = (qs: string) => parseReadQuery(new URLSearchParams(qs))

describe('parseReadQuery', () => {
  it('reads the feed query supabase-js sends, values stay values', () => {
    const parsed = query(
      'select=id,text,created_at&order=created_at.desc,id.desc&limit=50' +
        '&or=(created_at.lt."2026-01-01T00:00:00.123456%2B00:00",and(created_at.eq."2026-01-01T00:00:00.123456%2B00:00",id.lt.7))',
    )
    expect(parsed.select).toEqual([
      { column: 'id', alias: 'id' },
      { column: 'text', alias: 'text' },
      { column: 'created_at', alias: 'created_at' },
    ])
    expect(parsed.order).toEqual([
      { column: 'created_at', descending: true, nulls: null },
      { column: 'id', descending: true, nulls: null },
    ])
    expect(parsed.limit).toBe(50)
    const statement = readStatement(table, parsed, false)
    // The keyset `or` becomes a row comparison the (created_at desc, id desc) index serves.
    expect(statement.params).toEqual(['2026-01-01T00:00:00.123456+00:00', '7', 50])
    expect(statement.sql).toContain(
      'where ("created_at", "id") < ($1::timestamp with time zone, $2::bigint) order by "created_at" desc, "id" desc limit $3',
    )
  })

  it("the live wall's newer-rows query becomes the row comparison the other way", () => {
    const after = { created_at: '2026-01-01T00:00:00.123456+00:00', id: 7 }
    const statement = readStatement(table, query(voidNewerQuery(after)), false)
    // With the bound the app adds for hosted PostgREST (which sends the `or` as written).
    expect(statement.params).toEqual([
      '2026-01-01T00:00:00.123456+00:00',
      '2026-01-01T00:00:00.123456+00:00',
      '7',
      50,
    ])
    expect(statement.sql).toContain(
      'where "created_at" >= $1 and ("created_at", "id") > ($2::timestamp with time zone, $3::bigint) order by "created_at" asc, "id" asc limit $4',
    )
  })

  it('an or that is not exactly a keyset stays an or', () => {
    const statement = readStatement(
      table,
      query('or=(created_at.lt.A,and(created_at.eq.B,id.lt.7))'),
      false,
    )
    expect(statement.sql).toContain(
      'where ("created_at" < $1 or ("created_at" = $2 and "id" < $3))',
    )
  })

  it('quoted values keep commas, parentheses and quotes as data', () => {
    const parsed = query('or=(text.eq."a,b)",text.eq."say \\"hi\\"",text.in.("x,y",z))')
    const statement = readStatement(table, parsed, false)
    expect(statement.params).toEqual(['a,b)', 'say "hi"', ['x,y', 'z']])
    expect(statement.sql).not.toContain('a,b')
  })

  it('unknown columns, operators and broken trees are refused', () => {
    expect(() => readStatement(table, query('select=id;drop'), false)).toThrow(ApiError)
    expect(() => readStatement(table, query('order=nope.desc'), false)).toThrow(/does not exist/)
    expect(() => query('id=zz.1')).toThrow(/failed to parse filter/)
    expect(() => query('or=(id.eq.1')).toThrow(ApiError)
    expect(() => query('limit=-1')).toThrow(ApiError)
  })

  it('insert statements type the JSON by the table and check the columns', () => {
    const statement = insertStatement(
      table,
      [{ text: 'hi', client_id: 'x' }],
      ['text', 'client_id'],
      {
        onConflict: null,
        resolution: null,
        representation: false,
        select: null,
      },
    )
    expect(statement.sql).toContain(
      'json_to_recordset($1::json) as _("text" text, "client_id" uuid)',
    )
    expect(() =>
      insertStatement(table, [{ mood: 1 }], ['mood'], {
        onConflict: null,
        resolution: null,
        representation: false,
        select: null,
      }),
    ).toThrow(/Could not find the 'mood' column/)
  })

  it('Prefer', () => {
    expect(parsePrefer('return=representation, count=exact,resolution=ignore-duplicates')).toEqual({
      return: 'representation',
      count: 'exact',
      resolution: 'ignore-duplicates',
    })
  })
})

describe('errors', () => {
  it('maps SQLSTATEs the way PostgREST does', () => {
    expect(statusForSqlState('23514', 'anon')).toBe(400)
    expect(statusForSqlState('23505', 'anon')).toBe(409)
    expect(statusForSqlState('42501', 'anon')).toBe(401)
    expect(statusForSqlState('42501', 'authenticated')).toBe(403)
    expect(statusForSqlState('22P02', 'anon')).toBe(400)
    expect(statusForSqlState('53300', 'anon')).toBe(503)
    expect(statusForSqlState('XX000', 'anon')).toBe(500)
  })

  it("RAISE SQLSTATE 'PGRST' carries its own body, status and headers", () => {
    const error = Object.assign(
      new Error('{"code":"P0429","message":"Too many","details":null,"hint":null}'),
      {
        code: 'PGRST',
        detail: '{"status":429,"headers":{"Retry-After":"6"}}',
      },
    )
    const answer = fromDatabaseError(error, 'anon')
    expect(answer.status).toBe(429)
    expect(answer.headers).toEqual({ 'Retry-After': '6' })
    expect(answer.body()).toEqual({ code: 'P0429', message: 'Too many', details: null, hint: null })
  })
})

describe('keys and settings', () => {
  it('the well-known local anon key verifies with the local secret', () => {
    expect(verifyJwt(LOCAL_ANON_KEY, LOCAL_JWT_SECRET)).toMatchObject({
      role: 'anon',
      iss: 'supabase-demo',
    })
    expect(() =>
      verifyJwt(signJwt({ role: 'anon' }, 'another secret of sufficient length'), LOCAL_JWT_SECRET),
    ).toThrow(/InvalidSignature/)
  })

  it('the hosted write limit is the one the migration sets', () => {
    const migration = readFileSync(
      new URL('../../../supabase/migrations/20261121000000_void_thoughts.sql', import.meta.url),
      'utf8',
    )
    expect(migration).toContain(
      `insert into private.void_settings (writes_per_minute) values (${HOSTED_WRITE_LIMIT_PER_MINUTE});`,
    )
  })

  it('the environment sets the options', () => {
    const options = optionsFromEnv(
      {
        API_PORT: '54401',
        DATA_DIR: '/tmp/x',
        VOID_WRITE_LIMIT_PER_MINUTE: '0',
        UNBURDEN_FAULTS: '1',
        REQUEST_TIMEOUT_MS: '5000',
      },
      [],
    )
    expect(options).toMatchObject({
      port: 54401,
      dataDir: '/tmp/x',
      writeLimitPerMinute: 0,
      faults: true,
      requestTimeoutMs: 5000,
    })
    expect(optionsFromEnv({}, ['node', 'main.ts', '--faults'])).toMatchObject({
      port: 54321,
      dataDir: '.data',
      writeLimitPerMinute: undefined,
      faults: true,
    })
    expect(() => optionsFromEnv({ VOID_WRITE_LIMIT_PER_MINUTE: 'ten' }, [])).toThrow(/whole number/)
  })
})

describe('hostile query strings are refused quickly with PGRST100', () => {
  const refused = (query: string) => {
    const started = performance.now()
    let error: unknown
    try {
      parseReadQuery(new URLSearchParams(query))
    } catch (caught) {
      error = caught
    }
    expect(performance.now() - started).toBeLessThan(200)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(400)
    expect((error as ApiError).code).toBe('PGRST100')
  }

  it('or= nested 2,500 deep', () => refused(`or=(${'or('.repeat(2500)}id.eq.1${')'.repeat(2500)})`))
  it('more than 100 conditions, or more than 10 pattern matches', () => {
    refused(Array.from({ length: 101 }, (_, i) => `id=neq.${i}`).join('&'))
    refused(`or=(${Array.from({ length: 11 }, (_, i) => `text.ilike.*${i}*`).join(',')})`)
    expect(
      parseReadQuery(
        new URLSearchParams(Array.from({ length: 100 }, (_, i) => `id=neq.${i}`).join('&')),
      ).filters,
    ).toHaveLength(100)
  })
  it('1,700 select items, and a NUL byte in an alias', () => {
    refused(`select=${Array.from({ length: 1700 }, (_, i) => `a${i}:text`).join(',')}`)
    refused('select=a\u0000b:text')
  })
})

describe('time claims, as PostgREST checks them', () => {
  const now = 2_000_000_000
  const verify = (claims: Record<string, unknown>) =>
    verifyJwt(signJwt({ role: 'anon', ...claims }, LOCAL_JWT_SECRET), LOCAL_JWT_SECRET, now)

  it('refuses a non-numeric exp, nbf or iat, a future nbf or iat, a past exp', () => {
    expect(() => verify({ exp: 'never' })).toThrow("The JWT 'exp' claim must be a number")
    expect(() => verify({ exp: null })).toThrow("The JWT 'exp' claim must be a number")
    expect(() => verify({ nbf: '0' })).toThrow("The JWT 'nbf' claim must be a number")
    expect(() => verify({ iat: {} })).toThrow("The JWT 'iat' claim must be a number")
    expect(() => verify({ nbf: now + 3600 })).toThrow('JWT not yet valid')
    expect(() => verify({ iat: now + 3600 })).toThrow('JWT issued at future')
    expect(() => verify({ exp: now - 60 })).toThrow('JWT expired')
  })
  it('accepts the time claims within 30 s of skew', () => {
    expect(verify({ exp: now + 60, nbf: now + 20, iat: now + 20 }).role).toBe('anon')
  })
})
