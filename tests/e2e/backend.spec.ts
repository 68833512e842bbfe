import { expect, test } from '@playwright/test'
import {
  API_URL,
  requestLog,
  resetBackend,
  seedThoughts,
  setFaults,
  wallRows,
} from './support/backend'

// The local backend as the built app sees it: from the app's origin (CORS), with the anon key, and
// the tester controls the other end-to-end tests rely on.

const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'

test.beforeEach(async () => {
  await resetBackend()
})

test.afterEach(async () => {
  await setFaults({ mode: 'none' })
})

/** Calls the REST API from the page, with every header supabase-js sends (so CORS preflights). */
async function fetchFromPage(
  page: import('@playwright/test').Page,
  path: string,
  init: { method?: string; body?: unknown; prefer?: string; idempotencyKey?: string } = {},
) {
  return page.evaluate(
    async ({ url, key, init }) => {
      try {
        const response = await fetch(url, {
          method: init.method ?? 'GET',
          headers: {
            apikey: key,
            authorization: `Bearer ${key}`,
            'x-client-info': 'supabase-js-web/2.119.0',
            'accept-profile': 'public',
            'content-profile': 'public',
            'content-type': 'application/json',
            'x-retry-count': '0',
            ...(init.prefer ? { prefer: init.prefer } : {}),
            ...(init.idempotencyKey ? { 'idempotency-key': init.idempotencyKey } : {}),
          },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        })
        return {
          status: response.status,
          body: await response.text(),
          range: response.headers.get('content-range'),
        }
      } catch (error) {
        return { status: 0, body: String(error), range: null }
      }
    },
    { url: `${API_URL}${path}`, key: ANON_KEY, init },
  )
}

const FEED =
  '/rest/v1/void_thoughts?select=id,text,created_at&order=created_at.desc,id.desc&limit=50'

test('the app origin reads and writes the wall across origins', async ({ page }) => {
  await page.goto('/')
  await seedThoughts([
    { text: 'older', createdAt: '2026-01-01T10:00:00.000001Z' },
    { text: 'newer', createdAt: '2026-01-02T10:00:00.123456Z' },
  ])

  const feed = await fetchFromPage(page, FEED, { prefer: 'count=exact' })
  expect(feed.status).toBe(200)
  expect(feed.range).toBe('0-1/2')
  const rows = JSON.parse(feed.body) as { text: string; created_at: string }[]
  expect(rows.map((row) => row.text)).toEqual(['newer', 'older'])
  expect(rows[0]?.created_at).toBe('2026-01-02T10:00:00.123456+00:00')

  const clientId = '1b4e28ba-2fa1-41d2-883f-0016d3cca427'
  const offer = await fetchFromPage(page, '/rest/v1/void_thoughts', {
    method: 'POST',
    body: { text: 'offered from the page' },
    idempotencyKey: clientId,
  })
  expect(offer).toMatchObject({ status: 201, body: '' })
  // The key crossed origins (the preflight allowed the header) and was claimed for the row.
  expect((await wallRows()).map((row) => [row.text, row.keyed])).toContainEqual([
    'offered from the page',
    true,
  ])
  const again = await fetchFromPage(page, '/rest/v1/void_thoughts', {
    method: 'POST',
    body: { text: 'offered from the page' },
    idempotencyKey: clientId,
  })
  expect(again).toMatchObject({ status: 201, body: '' })
  expect((await wallRows()).filter((row) => row.text === 'offered from the page')).toHaveLength(1)
  expect((await requestLog()).map((entry) => `${entry.method} ${entry.status}`)).toEqual([
    'GET 200',
    'POST 201',
    'POST 201',
  ])
})

test('a refusal is a PostgREST error the page can read', async ({ page }) => {
  await page.goto('/')
  const blank = await fetchFromPage(page, '/rest/v1/void_thoughts', {
    method: 'POST',
    body: { text: '   ' },
    idempotencyKey: '1b4e28ba-2fa1-41d2-883f-0016d3cca428',
  })
  expect(blank.status).toBe(400)
  expect(JSON.parse(blank.body)).toMatchObject({ code: '23514' })
})

test('faults: 503, then dropped connections, then back to normal', async ({ page }) => {
  await page.goto('/')
  await setFaults({ mode: '503' })
  const unavailable = await fetchFromPage(page, FEED)
  expect(unavailable.status).toBe(503)
  expect(JSON.parse(unavailable.body)).toHaveProperty('code')

  await setFaults({ mode: 'drop' })
  const dropped = await fetchFromPage(page, FEED)
  expect(dropped.status).toBe(0)
  expect(dropped.body).toContain('Failed to fetch')

  await setFaults({ mode: 'none' })
  expect((await fetchFromPage(page, FEED)).status).toBe(200)
  // The browser may retry a GET whose connection closed without an answer: one or more drops.
  const statuses = (await requestLog()).map((entry) => entry.status)
  expect(statuses[0]).toBe(503)
  expect(statuses.at(-1)).toBe(200)
  expect(statuses.slice(1, -1).length).toBeGreaterThanOrEqual(1)
  expect(statuses.slice(1, -1).every((status) => status === 0)).toBe(true)
})

test('a reset empties the wall and seeding takes many rows at once', async () => {
  await seedThoughts(Array.from({ length: 2000 }, (_, i) => ({ text: `seeded ${i}` })))
  expect(await wallRows()).toHaveLength(2000)
  await resetBackend()
  expect(await wallRows()).toEqual([])
})
