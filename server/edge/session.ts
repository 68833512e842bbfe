/**
 * What the SQL side sees of one request, as PostgREST hands it over: the request's headers, and a
 * transaction that runs with the role's settings and stops when the client leaves.
 */
import type { IncomingMessage } from 'node:http'
import type { Engine } from '../engine'
import type { SchemaCache } from '../schema-cache'

/**
 * The headers PostgREST passes to SQL (`request.headers`): lower-cased names, one string each (a
 * repeated header's values joined with ", ", so a trigger sees them all and refuses what it cannot
 * read), with x-forwarded-for set from the socket as a gateway would. Built with own properties only,
 * so no header name (`__proto__`, `constructor`) can go missing from the JSON.
 */
export function requestHeaders(request: IncomingMessage): Record<string, string> {
  const entries: [string, string][] = []
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined && name.toLowerCase() !== 'cf-connecting-ip')
      entries.push([name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value])
  entries.push([
    'x-forwarded-for',
    (request.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, ''),
  ])
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
