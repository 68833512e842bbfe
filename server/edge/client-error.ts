/**
 * What Node's HTTP parser refuses before the handler sees a request (a malformed request, headers too
 * large, a request not received in time), answered as PostgREST's JSON error instead of Node's bare
 * status line.
 */
import { STATUS_CODES, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'

/** `[status, code, message]` for node:http's error code. */
function clientErrorAnswer(code: string | undefined): [number, string, string] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return [408, '57P05', 'The request did not arrive in time']
  if (code === 'HPE_HEADER_OVERFLOW') return [431, '54000', 'Request headers are too large']
  return [400, '08P01', 'Malformed HTTP request']
}

/**
 * Answers node:http's `clientError` (the server's `requestTimeout` ending a slow request included)
 * with a PostgREST error, unless an answer already began on the socket; then closes the connection.
 * `inFlight` is the response of the request the socket is serving, if any.
 */
export function answerClientError(
  error: Error & { code?: string },
  socket: Duplex,
  inFlight: ServerResponse | undefined,
  requestTimeoutMs: number,
): void {
  const answering = inFlight !== undefined && !inFlight.writableFinished ? inFlight : undefined
  if (error.code === 'ECONNRESET' || !socket.writable || answering?.headersSent) {
    socket.destroy()
    return
  }
  const [status, code, message] = clientErrorAnswer(error.code)
  const details =
    status === 408 ? `The whole request must arrive within ${requestTimeoutMs} ms` : null
  const body = JSON.stringify({ code, message, details, hint: null })
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      `content-type: application/json; charset=utf-8\r\n` +
      `access-control-allow-origin: *\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  )
}
