/**
 * Which request header names the client (supabase/migrations/20261127010000_client_address_header.sql),
 * on PGlite and PostgreSQL: `private.void_settings.client_address_from` names one header, one value
 * per kind of deployment, and no other header is read. For each value, requests are sent as that
 * deployment's gateway passes them, with every other client-address header forged by the client
 * (a cf-connecting-ip, an x-real-ip, a leftmost or a whole x-forwarded-for): the forged headers never
 * choose the bucket, the real one does, for offers (the 11th from one address is refused) and for
 * reports (counted per reporter). A value not listed is refused, and the API roles cannot touch it.
 * Over HTTP, the local backend sets every one of these headers from the socket, whatever the value.
 */
import { describe, expect, it, vi } from 'vitest'
import type { Engine } from '../../../server/engine'
import { answerOf, asRequest, seedThoughts, wallIds } from '../../fixtures/moderation'
import {
  asOwner,
  emptyWall,
  ENGINES,
  ownerRows,
  realFetch,
  useTestBackend,
  type TestBackend,
} from './support/backend'

vi.setConfig({ testTimeout: 120_000 })

const LIMIT = 10
const DEFAULT = 'x-forwarded-for'

type Headers = Record<string, string>

/** A kind of deployment: its value, and the headers its gateway passes for a request. */
interface Deployment {
  value: 'x-forwarded-for' | 'cf-connecting-ip' | 'x-real-ip'
  what: string
  /** The headers a request from `address` arrives with, the client having forged `forged` in all the others. */
  request(address: string, forged: string): Headers
}

const DEPLOYMENTS: Deployment[] = [
  {
    value: 'x-forwarded-for',
    what: 'the default: the rightmost x-forwarded-for entry, appended by the last proxy (Cloudflare, Kong, nginx)',
    // The client sends a whole X-Forwarded-For and the other headers; the proxy appends what it saw.
    request: (address, forged) => ({
      'cf-connecting-ip': forged,
      'x-real-ip': forged,
      'x-forwarded-for': `${forged}, 10.0.0.1, ${address}`,
    }),
  },
  {
    value: 'cf-connecting-ip',
    what: 'hosted Supabase: Cloudflare sets cf-connecting-ip and overwrites what a client sent',
    // Even an x-forwarded-for whose last entry is the client's own (no proxy appended) is not read.
    request: (address, forged) => ({
      'cf-connecting-ip': address,
      'x-real-ip': forged,
      'x-forwarded-for': forged,
    }),
  },
  {
    value: 'x-real-ip',
    what: "self-hosted Supabase behind a proxy: Kong's x-real-ip, from its trusted proxy",
    request: (address, forged) => ({
      'cf-connecting-ip': forged,
      'x-real-ip': address,
      'x-forwarded-for': forged,
    }),
  },
]

describe.each(ENGINES)('the client address on %s', (engineName) => {
  let backend: TestBackend
  let engine: Engine

  useTestBackend(engineName, {
    started: (started) => {
      backend = started
      engine = started.engine
    },
    eachTest: async () => {
      await emptyWall(backend)
      await asOwner(
        backend,
        `update private.void_settings
            set client_address_from = default, writes_per_minute = ${LIMIT}, report_threshold = 3,
                reports_per_minute = 10, auto_hides_per_hour = 5, counted_reports_per_day = 5`,
      )
    },
  })

  const use = (value: string) =>
    asOwner(backend, 'update private.void_settings set client_address_from = $1', [value])

  const offer = (headers: Headers) =>
    answerOf(engine, 'insert into public.void_thoughts (text) values ($1)', ['a thought'], {
      headers,
    })
  const report = (headers: Headers, id: number) =>
    answerOf(engine, 'insert into public.void_reports (thought_id) values ($1)', [id], { headers })

  const count = async (sql: string): Promise<number> => {
    const [row] = await engine.transaction((tx) => tx.query<{ n: number }>(sql))
    return row!.n
  }

  /** The bucket key the database derives from `headers` under the current setting (as the owner). */
  async function keyOf(headers: Headers): Promise<string> {
    const [row] = await asRequest<{ key: string }>(
      engine,
      'select private.write_limit_key() as key',
      [],
      { headers, role: 'postgres' },
    )
    return row!.key
  }

  it('a new or upgraded database reads the rightmost x-forwarded-for entry', async () => {
    const [row] = await engine.transaction((tx) =>
      tx.query<{ value: string; fallback: string }>(
        `select s.client_address_from as value,
                (select pg_get_expr(d.adbin, d.adrelid) from pg_attrdef d
                   join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
                  where d.adrelid = 'private.void_settings'::regclass
                    and a.attname = 'client_address_from') as fallback
           from private.void_settings s`,
      ),
    )
    expect(row).toEqual({ value: DEFAULT, fallback: `'${DEFAULT}'::text` })
  })

  describe.each(DEPLOYMENTS)('$value ($what)', ({ value, request }) => {
    it('forged headers do not choose the offer bucket: the 11th offer from one address is 429', async () => {
      await use(value)
      const answers = []
      for (let i = 1; i <= LIMIT + 1; i++)
        answers.push(await offer(request('198.51.100.7', `192.0.2.${i}`)))
      expect(answers.slice(0, LIMIT)).toEqual(
        Array.from({ length: LIMIT }, () => ({ status: 201 })),
      )
      expect(answers[LIMIT]).toMatchObject({
        status: 429,
        code: 'P0429',
        details: `At most ${LIMIT} offers a minute from one address.`,
      })
      // The real header chooses: another address has its own bucket, whatever it forges.
      expect(await offer(request('198.51.100.8', '192.0.2.1'))).toEqual({ status: 201 })
      expect((await ownerRows(backend)).length).toBe(LIMIT + 1)
    })

    it('forged headers do not make a reporter count twice: reports are counted per reporter', async () => {
      await use(value)
      const [thought] = await seedThoughts(engine, 1)
      // One address, three forged identities: one reporter, one report; the thought stays.
      for (const forged of ['192.0.2.1', '192.0.2.2', '192.0.2.3'])
        expect(await report(request('198.51.100.7', forged), thought!)).toEqual({ status: 201 })
      expect(await count('select count(*)::int as n from private.void_reports')).toBe(1)
      expect(await wallIds(engine)).toEqual([thought])
      // Two more real addresses, forging the same as before: three reporters hide it.
      for (const address of ['198.51.100.8', '198.51.100.9'])
        expect(await report(request(address, '192.0.2.1'), thought!)).toEqual({ status: 201 })
      expect(
        await count('select count(distinct reporter)::int as n from private.void_reports'),
      ).toBe(3)
      expect(await wallIds(engine)).toEqual([])
    })

    it('the key is read from this header alone, and only an address in it counts', async () => {
      await use(value)
      const only = (address: string): Headers => ({ [value]: address })
      expect(await keyOf(request('198.51.100.7', '192.0.2.1'))).toBe('198.51.100.7')
      expect(await keyOf(only('2001:db8:1:2:aaaa:bbbb:cccc:dddd'))).toBe('2001:db8:1:2::/64')
      expect(await keyOf(only('::ffff:198.51.100.6'))).toBe('198.51.100.6')
      // Without it, every other header forged: one shared bucket, never one the client chose.
      const others = Object.fromEntries(
        Object.entries(request('198.51.100.7', '192.0.2.1')).filter(([name]) => name !== value),
      )
      expect(await keyOf(others)).toBe('unknown')
      for (const garbage of ['', ' ', 'my own bucket please', '198.51.100.8:4000', '198.51.100.9,'])
        expect(await keyOf(only(garbage))).toBe('unknown')
      // A header sent twice (joined) names two addresses: for a one-address header that is none.
      if (value !== 'x-forwarded-for')
        expect(await keyOf(only('198.51.100.7, 192.0.2.1'))).toBe('unknown')
    })
  })

  it.each([
    'cf-conecting-ip',
    'X-Forwarded-For',
    'x-forwarded-for ',
    'x_real_ip',
    'true-client-ip',
    'forwarded',
    '',
  ])('the owner cannot set %j: a typo is refused and the setting stays', async (typo) => {
    await use('cf-connecting-ip')
    await expect(use(typo)).rejects.toMatchObject({ code: '23514' })
    await expect(
      asOwner(backend, 'update private.void_settings set client_address_from = null'),
    ).rejects.toMatchObject({ code: '23502' })
    const [row] = await engine.transaction((tx) =>
      tx.query<{ value: string }>('select client_address_from as value from private.void_settings'),
    )
    expect(row!.value).toBe('cf-connecting-ip')
  })

  it('the API roles can neither read nor change it', async () => {
    for (const role of ['anon', 'authenticated', 'service_role']) {
      for (const sql of [
        `update private.void_settings set client_address_from = 'cf-connecting-ip'`,
        'select client_address_from from private.void_settings',
      ])
        expect(await answerOf(engine, sql, [], { role })).toMatchObject({ code: '42501' })
    }
  })

  describe('over HTTP, the local backend sets every client-address header from the socket', () => {
    it.each(DEPLOYMENTS.map(({ value }) => value))(
      'with %s, 30 offers forging all of them store 10, keyed on 127.0.0.1',
      async (value) => {
        await use(value)
        const statuses: number[] = []
        for (let i = 0; i < 30; i++) {
          const response = await realFetch(`${backend.url}/rest/v1/void_thoughts`, {
            method: 'POST',
            headers: {
              apikey: backend.anonKey,
              authorization: `Bearer ${backend.anonKey}`,
              'content-type': 'application/json',
              'cf-connecting-ip': `192.0.2.${i}`,
              'x-real-ip': `192.0.2.${i}`,
              'x-forwarded-for': `192.0.2.${i}`,
            },
            body: JSON.stringify({ text: `offer ${i}` }),
          })
          await response.arrayBuffer()
          statuses.push(response.status)
        }
        expect(statuses.filter((s) => s === 201)).toHaveLength(LIMIT)
        expect(statuses.filter((s) => s === 429)).toHaveLength(30 - LIMIT)
        const buckets = await engine.transaction((tx) =>
          tx.query<{ client_address: string }>(
            `select client_address from private.void_write_buckets where kind = 'offers'`,
          ),
        )
        expect(buckets.map((b) => b.client_address)).toEqual(['127.0.0.1'])
      },
    )
  })
})
