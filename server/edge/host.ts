/**
 * Which host names the backend answers to. A page of any site can have the browser resolve its own
 * name to this machine (DNS rebinding): its requests then reach the backend as same-origin ones,
 * `Origin` and `Host` both naming the site, and the checks that refuse another origin's page (the
 * service_role key, the tester controls) would let them through. The `Host` header is what gives
 * such a request away: the backend answers only requests that name one of its own hosts, and any
 * other with 421 Misdirected Request, before anything else is looked at.
 */
import type { IncomingMessage } from 'node:http'
import { hostname } from 'node:os'
import { ApiError } from './answer'

/** This machine's own names, whatever the backend listens on. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Interfaces that mean "every interface". */
const EVERY_INTERFACE = new Set(['0.0.0.0', '::', '[::]'])

/** `name` or `name:port`: a host name or IPv4 address, or an IPv6 address in brackets. */
export const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(?::(\d{1,5}))?$/

/** An address as a Host header writes it: IPv6 in brackets, an IPv4-mapped IPv6 one as IPv4. */
function asHost(address: string): string {
  const plain = address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '')
  return plain.includes(':') && !plain.startsWith('[') ? `[${plain}]` : plain
}

/** The host names a backend answers to, from how it was started. */
export interface OwnHosts {
  /**
   * Names accepted with the backend's own port: the interface it listens on when that is one
   * address or name, and this machine's host name (`laptop`, `laptop.local`) when it listens beyond
   * this machine. `localhost`, `127.0.0.1`, `[::1]` and the address a connection reached are always.
   */
  named: Set<string>
  /** Configured names (`API_ALLOWED_HOSTS`): `name` with any port or none, `name:port` with that one. */
  allowed: Set<string>
}

/** The hosts of a backend that listens on `listenHost` (unset: this machine only). */
export function ownHosts(listenHost: string | undefined, allowedHosts: string[] = []): OwnHosts {
  const named = new Set<string>()
  if (listenHost !== undefined && listenHost !== '') {
    const listening = asHost(listenHost)
    if (!EVERY_INTERFACE.has(listening)) named.add(listening)
    if (!LOOPBACK.has(listening)) {
      const machine = hostname().toLowerCase()
      named.add(machine)
      if (!machine.endsWith('.local')) named.add(`${machine}.local`)
    }
  }
  const allowed = new Set(
    allowedHosts.map((entry) => entry.trim().toLowerCase()).filter((entry) => entry !== ''),
  )
  return { named, allowed }
}

/**
 * Whether a request whose `Host` header is `host` and which reached `local` (the socket's own
 * address and port) names one of the backend's hosts.
 */
export function isOwnHost(
  host: string | undefined,
  local: { address: string | undefined; port: number | undefined },
  hosts: OwnHosts,
): boolean {
  const match = HOST.exec((host ?? '').toLowerCase())
  if (!match) return false
  const [, name, port] = match as unknown as [string, string, string | undefined]
  if (hosts.allowed.has(name) || (port !== undefined && hosts.allowed.has(`${name}:${port}`)))
    return true
  if (port === undefined || Number(port) !== local.port) return false
  return (
    LOOPBACK.has(name) ||
    hosts.named.has(name) ||
    (local.address !== undefined && name === asHost(local.address))
  )
}

/** Refuses, with 421, a request that names another host than the backend's own. */
export function checkHost(request: IncomingMessage, hosts: OwnHosts): void {
  const host = request.headers.host
  const local = { address: request.socket.localAddress, port: request.socket.localPort }
  if (!isOwnHost(host, local, hosts))
    throw new ApiError(
      421,
      '08004',
      'This backend does not answer to that host name',
      `Host: ${host === undefined ? '(none)' : host.slice(0, 256)}`,
      `Call it as http://localhost:${local.port ?? '<port>'} (or 127.0.0.1, [::1]); another name it should answer to goes in API_ALLOWED_HOSTS.`,
    )
}
