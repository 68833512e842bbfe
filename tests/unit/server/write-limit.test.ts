/**
 * The write limit as the database enforces it (supabase/migrations/20261123010000_write_limit_rows.sql),
 * on PGlite and PostgreSQL: rows are counted, not requests; the key is what the platform's edge sets
 * (by default the rightmost x-forwarded-for entry; client-address.test.ts covers every value of
 * `client_address_from`), IPv6 grouped by /64; buckets and
 * idempotency keys are pruned with bounded work per write; the id sequence is out of the API's reach.
 * Most tests run SQL the way PostgREST does (request.headers set, role anon), as a hosted gateway
 * would send it; the HTTP ones check that the local server plays that edge.
 */
import { describe, expect, it, vi } from 'vitest'
import { from } from '../../fixtures/moderation'
import {
  asOwner,
  emptyWall,
  DEPLOYED_ENGINES,
  ownerRows,
  realFetch,
  useTestBackend,
  type TestBackend,
} from './support/backend'

vi.setConfig({ testTimeout: 60_000 })

const LIMIT = 10

/** What an insert as anon came back with: the rows stored, or PostgREST's error. */
interface Outcome {
  stored: number
  status?: number
  retryAfter?: string
  code?: string
}

describe.each(DEPLOYED_ENGINES)('the write limit on %s', (engine) => {
  let backend: TestBackend

  useTestBackend(engine, {
    options: { writeLimitPerMinute: LIMIT },
    started: (started) => (backend = started),
    eachTest: async () => {
      await emptyWall(backend)
      await asOwner(backend, 'update private.void_settings set writes_per_minute = $1', [LIMIT])
    },
  })

  const count = async (): Promise<number> => (await ownerRows(backend)).length

  /**
   * Offers `rows` thoughts in one INSERT, as PostgREST runs it: `headers` as the gateway passed them,
   * as `role` (anon unless given). `clientIds` repeats given offers instead of new ones; `text` is
   * every row's text. The one place these tests write the idempotency key.
   */
  async function offerAs(
    headers: Record<string, string>,
    rows: number,
    {
      clientIds = [],
      role = 'anon',
      text,
    }: { clientIds?: string[]; role?: string; text?: string } = {},
  ): Promise<Outcome> {
    // One request carries one Idempotency-Key (supabase/migrations): a one-row offer is keyed (a
    // repeat when `clientIds` names it), a larger insert is a plain spec insert.
    const keyed =
      rows === 1 ? { ...headers, 'idempotency-key': clientIds[0] ?? crypto.randomUUID() } : headers
    try {
      const [row] = await backend.engine.transaction(async (tx) => {
        await tx.query(
          `select set_config('request.headers', $1, true), set_config('role', $2, true)`,
          [JSON.stringify(keyed), role],
        )
        return tx.query<{ stored: number }>(
          `with stored as (
             insert into public.void_thoughts (text)
             select coalesce($2, 'offer ' || g) from generate_series(1, $1::int) g
             returning 1)
           select count(*)::int as stored from stored`,
          [rows, text ?? null],
        )
      })
      return { stored: row!.stored }
    } catch (error) {
      const { code, message, detail } = error as { code: string; message: string; detail: string }
      if (code !== 'PGRST') return { stored: 0, code }
      const body = JSON.parse(message) as { code: string }
      const extra = JSON.parse(detail) as { status: number; headers: Record<string, string> }
      return {
        stored: 0,
        status: extra.status,
        retryAfter: extra.headers['Retry-After'],
        code: body.code,
      }
    }
  }

  /** The bucket key the database derives from `headers`. */
  async function keyOf(headers: Record<string, string> | string): Promise<string> {
    const [row] = await backend.engine.transaction((tx) =>
      tx.query<{ key: string }>(
        `select set_config('request.headers', $1, true), private.write_limit_key() as key`,
        [typeof headers === 'string' ? headers : JSON.stringify(headers)],
      ),
    )
    return row!.key
  }

  describe('counts rows, not requests', () => {
    it('a 15,000-row insert stores nothing and answers 429 with Retry-After', async () => {
      const outcome = await offerAs(from('203.0.113.7'), 15_000)
      expect(outcome).toMatchObject({ stored: 0, status: 429, code: 'P0429' })
      expect(Number(outcome.retryAfter)).toBeGreaterThanOrEqual(1)
      expect(await count()).toBe(0)
    })

    it('10 rows in one request use the whole minute: the next row waits', async () => {
      const client = from('203.0.113.8')
      expect(await offerAs(client, LIMIT)).toEqual({ stored: LIMIT })
      const refused = await offerAs(client, 1)
      expect(refused).toMatchObject({ stored: 0, status: 429 })
      // One token comes back every 6 s at 10 a minute.
      expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(5)
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(6)
      expect(await count()).toBe(LIMIT)
    })

    it('one row a request: the 11th within the minute is refused', async () => {
      const client = from('203.0.113.9')
      const outcomes: Outcome[] = []
      for (let i = 0; i < 15; i++) outcomes.push(await offerAs(client, 1))
      expect(outcomes.filter((o) => o.stored === 1)).toHaveLength(LIMIT)
      expect(outcomes.slice(LIMIT).every((o) => o.status === 429)).toBe(true)
    })

    it('a repeat of an offer already stored costs nothing', async () => {
      const client = from('203.0.113.10')
      const first = crypto.randomUUID()
      expect(await offerAs(client, 1, { clientIds: [first] })).toEqual({ stored: 1 })
      for (let i = 0; i < 20; i++)
        expect(await offerAs(client, 1, { clientIds: [first] })).toEqual({ stored: 0 })
      expect(await offerAs(client, LIMIT - 1)).toEqual({ stored: LIMIT - 1 })
      expect(await offerAs(client, 1)).toMatchObject({ status: 429 })
    })

    it('a row the table refuses costs nothing (the statement rolls back)', async () => {
      const client = from('203.0.113.11')
      for (let i = 0; i < 20; i++)
        expect(await offerAs(client, 1, { text: '   ' })).toEqual({ stored: 0, code: '23514' })
      expect(await offerAs(client, LIMIT)).toEqual({ stored: LIMIT })
    })

    it('the row cap fires before every other row trigger; tokens are charged after the statement, first', async () => {
      // Row triggers fire in name order, and one returning NULL (a repeat) skips the later ones: the
      // cap comes first so repeats count. Tokens come from the rows stored, after the statement.
      const [row] = await backend.engine.transaction((tx) =>
        tx.query<{ before_row: string[]; after_statement: string[] }>(
          `select array_agg(t.tgname::text order by t.tgname::text collate "C")
                    filter (where t.tgtype & 1 = 1 and t.tgtype & 2 = 2) as before_row,
                  array_agg(t.tgname::text order by t.tgname::text collate "C")
                    filter (where t.tgtype & 1 = 0 and t.tgtype & 2 = 0) as after_statement
             from pg_trigger t
            where t.tgrelid = 'public.void_thoughts'::regclass and not t.tgisinternal
              and t.tgtype & 4 = 4`,
        ),
      )
      expect(row!.before_row[0]).toBe('void_thoughts_cap_rows')
      expect(row!.after_statement[0]).toBe('void_thoughts_charge_tokens')
    })

    it('the server role is not limited; 0 turns the limit off', async () => {
      const server = from('203.0.113.12')
      expect(await offerAs(server, 50, { role: 'service_role' })).toEqual({ stored: 50 })
      expect(await count()).toBe(50)
      await asOwner(backend, 'update private.void_settings set writes_per_minute = 0')
      expect(await offerAs(from('203.0.113.12'), 200)).toEqual({ stored: 200 })
    })

    it('requests from one address at once never overspend the bucket', async () => {
      const client = from('203.0.113.13')
      const outcomes = await Promise.all(Array.from({ length: 25 }, () => offerAs(client, 1)))
      expect(outcomes.filter((o) => o.stored === 1)).toHaveLength(LIMIT)
      expect(outcomes.filter((o) => o.status === 429)).toHaveLength(25 - LIMIT)
      expect(await count()).toBe(LIMIT)
    })
  })

  describe('keys on what the edge sets, never on what the client chooses', () => {
    it.each<[string, Record<string, string> | string, string]>([
      [
        'not cf-connecting-ip, by default',
        { 'cf-connecting-ip': '198.51.100.4', 'x-forwarded-for': '1.1.1.1' },
        '1.1.1.1',
      ],
      ['cf-connecting-ip alone, by default', { 'cf-connecting-ip': '198.51.100.4' }, 'unknown'],
      [
        'the rightmost x-forwarded-for entry',
        { 'x-forwarded-for': '6.6.6.6, 10.1.1.1,198.51.100.5' },
        '198.51.100.5',
      ],
      [
        'IPv6 by /64',
        { 'x-forwarded-for': '2001:db8:1:2:aaaa:bbbb:cccc:dddd' },
        '2001:db8:1:2::/64',
      ],
      ['IPv4 written as IPv6', { 'x-forwarded-for': '::ffff:198.51.100.6' }, '198.51.100.6'],
      [
        'an address with a mask, as the address',
        { 'x-forwarded-for': '198.51.100.7/8' },
        '198.51.100.7',
      ],
      ['no header', {}, 'unknown'],
      ['an empty header', { 'cf-connecting-ip': ' ', 'x-forwarded-for': '' }, 'unknown'],
      ['an address with a port', { 'x-forwarded-for': '198.51.100.8:4000' }, 'unknown'],
      ['words', { 'x-forwarded-for': 'my own bucket please' }, 'unknown'],
      ['a trailing comma', { 'x-forwarded-for': '198.51.100.9,' }, 'unknown'],
      ['headers that are not JSON', 'not json', 'unknown'],
    ])('%s', async (_, headers, key) => {
      expect(await keyOf(headers)).toBe(key)
    })

    it('a client rotating its own x-forwarded-for prefix gets no more than the limit', async () => {
      let stored = 0
      for (let i = 0; i < 30; i++)
        stored += (await offerAs({ 'x-forwarded-for': `10.9.${i}.1, 198.51.100.20` }, 1)).stored
      expect(stored).toBe(LIMIT)
    })

    it('three 15,000-row requests with rotated headers store nothing', async () => {
      let stored = 0
      for (let i = 0; i < 3; i++)
        stored += (await offerAs({ 'x-forwarded-for': `10.8.${i}.1, 198.51.100.21` }, 15_000))
          .stored
      expect(stored).toBe(0)
    })

    it('many IPv6 addresses of one /64 share one bucket; another /64 has its own', async () => {
      let stored = 0
      for (let i = 0; i < 30; i++)
        stored += (await offerAs(from(`2001:db8:5:6::${(i + 1).toString(16)}`), 1)).stored
      expect(stored).toBe(LIMIT)
      expect(await offerAs(from('2001:db8:5:7::1'), 1)).toEqual({ stored: 1 })
    })

    it('unparseable addresses all share one bucket', async () => {
      let stored = 0
      for (let i = 0; i < 30; i++) stored += (await offerAs(from(`nonsense ${i}`), 1)).stored
      expect(stored).toBe(LIMIT)
      expect(await offerAs({}, 1)).toMatchObject({ status: 429 })
    })
  })

  describe('over HTTP, the local server plays the edge', () => {
    const post = (rows: unknown[], headers: Record<string, string> = {}) =>
      realFetch(`${backend.url}/rest/v1/void_thoughts`, {
        method: 'POST',
        headers: {
          apikey: backend.anonKey,
          authorization: `Bearer ${backend.anonKey}`,
          'content-type': 'application/json',
          ...headers,
        },
        body: JSON.stringify(rows),
      })
    const row = (i: number) => ({ text: String(i) })

    it('a client sending its own cf-connecting-ip or x-forwarded-for gets no more than the limit', async () => {
      const statuses: number[] = []
      for (let i = 0; i < 30; i++) {
        const response = await post([row(i)], {
          'cf-connecting-ip': `192.0.2.${i}`,
          'x-forwarded-for': `192.0.2.${i}, 192.0.2.${i + 100}`,
        })
        await response.arrayBuffer()
        statuses.push(response.status)
      }
      expect(statuses.filter((s) => s === 201)).toHaveLength(LIMIT)
      expect(statuses.filter((s) => s === 429)).toHaveLength(30 - LIMIT)
      expect(await count()).toBe(LIMIT)
      // The socket's address is the key.
      const [bucket] = await backend.engine.transaction((tx) =>
        tx.query<{ client_address: string }>(
          'select client_address from private.void_write_buckets',
        ),
      )
      expect(bucket!.client_address).toBe('127.0.0.1')
    })

    it('a 15,000-row POST answers 429 with Retry-After and stores nothing', async () => {
      const response = await post(Array.from({ length: 15_000 }, (_, i) => row(i)))
      expect(response.status).toBe(429)
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
      expect(await response.json()).toMatchObject({
        code: 'P0429',
        message: 'Too many offers from this address. Try again later.',
        details: `At most ${LIMIT} offers a minute from one address.`,
      })
      expect(await count()).toBe(0)
    })
  })

  describe('nothing grows without bound', () => {
    it('each write removes up to 100 refilled buckets, and keeps the ones still refilling', async () => {
      await asOwner(
        backend,
        `insert into private.void_write_buckets (kind, client_address, tokens, refilled_at)
         select 'offers', '10.0.' || (g / 250) || '.' || (g % 250), 0, now() - interval '61 seconds'
           from generate_series(1, 150) g`,
      )
      await asOwner(
        backend,
        `insert into private.void_write_buckets (kind, client_address, tokens, refilled_at)
         values ('offers', '10.9.9.9', 0, now() - interval '30 seconds')`,
      )
      const buckets = async () => {
        const [row] = await backend.engine.transaction((tx) =>
          tx.query<{ n: number }>('select count(*)::int as n from private.void_write_buckets'),
        )
        return row!.n
      }
      expect(await buckets()).toBe(151)
      await offerAs(from('198.51.100.30'), 1)
      // 100 expired gone, 50 expired + the refilling one + the writer's own left.
      expect(await buckets()).toBe(52)
      await offerAs(from('198.51.100.30'), 1)
      expect(await buckets()).toBe(2)
    })

    it("writers at once, each pruning the others' idle buckets, all get through", async () => {
      await asOwner(
        backend,
        `insert into private.void_write_buckets (kind, client_address, tokens, refilled_at)
         select 'offers', '198.18.0.' || g, 0, now() - interval '2 minutes'
           from generate_series(1, 40) g`,
      )
      const outcomes = await Promise.all(
        Array.from({ length: 40 }, (_, i) => offerAs(from(`198.18.0.${i + 1}`), 1)),
      )
      expect(outcomes).toEqual(Array.from({ length: 40 }, () => ({ stored: 1 })))
    })

    it('each write removes up to 100 idempotency keys claimed more than 30 days ago', async () => {
      await asOwner(backend, 'update private.void_settings set writes_per_minute = 0')
      expect(await offerAs({}, 160)).toEqual({ stored: 160 })
      await asOwner(
        backend,
        'insert into private.void_offer_keys (client_id) select gen_random_uuid() from generate_series(1, 160)',
      )
      await asOwner(
        backend,
        `update private.void_offer_keys set claimed_at = now() - interval '30 days 1 minute'
          where ctid in (select ctid from private.void_offer_keys limit 150)`,
      )
      await asOwner(
        backend,
        `update private.void_offer_keys set claimed_at = now() - interval '29 days'
          where claimed_at > now() - interval '1 day'`,
      )
      const keys = async () => {
        const [row] = await backend.engine.transaction((tx) =>
          tx.query<{ n: number }>('select count(*)::int as n from private.void_offer_keys'),
        )
        return row!.n
      }
      expect(await keys()).toBe(160)
      await offerAs({}, 1)
      expect(await keys()).toBe(61)
      await offerAs({}, 1)
      expect(await keys()).toBe(12)
      // The wall keeps every row: only keys go.
      expect(await count()).toBe(162)
    })

    it('the retention cannot be set shorter than the queue can hold an offer', async () => {
      await expect(
        asOwner(
          backend,
          `update private.void_settings set offer_keys_kept_for = interval '7 days'`,
        ),
      ).rejects.toMatchObject({ code: '23514' })
    })
  })

  describe('the id sequence', () => {
    it.each(['anon', 'authenticated'])(
      '%s cannot read or move it, and can still offer',
      async (role) => {
        for (const sql of [
          `select nextval('public.void_thoughts_id_seq')`,
          `select setval('public.void_thoughts_id_seq', 1, false)`,
          `select last_value from public.void_thoughts_id_seq`,
        ]) {
          const error = await backend.engine
            .transaction(async (tx) => {
              await tx.query(`select set_config('role', $1, true)`, [role])
              await tx.query(sql)
            })
            .then(
              () => null,
              (e: { code: string }) => e.code,
            )
          expect({ sql, error }).toEqual({ sql, error: '42501' })
        }
        await asOwner(backend, 'update private.void_settings set writes_per_minute = 0')
        expect(await offerAs({}, 2)).toEqual({ stored: 2 })
      },
    )
  })
})
