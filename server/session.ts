/**
 * What the SQL side sees of one request, as PostgREST hands it over: the request's headers, and a
 * transaction that runs with the role's settings and stops when the client leaves.
 */
import type { IncomingMessage } from 'node:http'
import type { Engine } from './engine'
import type { SchemaCache } from './schema-cache'

/** The headers a gateway sets from the address it saw; what a client sends in them is replaced. */
const CLIENT_ADDRESS_HEADERS = new Set(['cf-connecting-ip', 'x-real-ip', 'x-forwarded-for'])

/**
 * The headers PostgREST passes to SQL (`request.headers`): lower-cased names, one string each (a
 * repeated header's values joined with ", ", so a trigger sees them all and refuses what it cannot
 * read), with the client's address set from the socket as the platform's edge and gateway set it:
 * `x-forwarded-for` with the socket's address appended (as Cloudflare and Kong append), and
 * `cf-connecting-ip` (Cloudflare) and `x-real-ip` (Kong) as that address alone, whatever the client
 * sent in them. So every value of `private.void_settings.client_address_from` keys a local client
 * on its socket. Built with own properties only, so no header name (`__proto__`, `constructor`) can
 * go missing from the JSON.
 */
export function requestHeaders(request: IncomingMessage): Record<string, string> {
  const entries: [string, string][] = []
  const join = (value: string | string[]) => (Array.isArray(value) ? value.join(', ') : value)
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined && !CLIENT_ADDRESS_HEADERS.has(name.toLowerCase()))
      entries.push([name.toLowerCase(), join(value)])
  const peer = (request.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '')
  const forwarded = request.headers['x-forwarded-for']
  entries.push(
    ['x-forwarded-for', forwarded === undefined ? peer : `${join(forwarded)}, ${peer}`],
    ['cf-connecting-ip', peer],
    ['x-real-ip', peer],
  )
  return Object.fromEntries(entries) as Record<string, string>
}

/**
 * The engine as one request sees it: each transaction first applies the role's settings (as
 * PostgREST does; `set local role` alone would not apply them), and stops when the client leaves.
 */
export function requestEngine(
  engine: Engine,
  settings: [string, string][],
  signal: AbortSignal,
): Engine {
  return {
    ...engine,
    kind: engine.kind,
    transaction: (work, given) =>
      engine.transaction(async (tx) => {
        if (settings.length > 0)
          await tx.query(
            `select set_config(s.name, s.value, true) from json_to_recordset($1::json) as s(name text, value text)`,
            [JSON.stringify(settings.map(([name, value]) => ({ name, value })))],
          )
        return work(tx)
      }, given ?? signal),
  }
}

/** The settings a request of `role` runs with: the authenticator's, then the role's own. */
export function settingsFor(cache: SchemaCache, role: string): [string, string][] {
  const merged = new Map([
    ...(cache.roleSettings.get('authenticator') ?? []),
    ...(cache.roleSettings.get(role) ?? []),
  ])
  merged.delete('pgrst.db_pre_request')
  return [...merged]
}
