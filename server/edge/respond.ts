/**
 * Writing one request's answer: at most once, with its CORS headers, gzipped when worth it; or
 * dropping the connection. Every answer that is not a success carries PostgREST's JSON error body,
 * never an empty 404.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Answer, ApiError } from './answer'
import { declaresBody } from './body'
import { encodeBody } from './compression'

export function jsonAnswer(status: number, value: unknown): Answer {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(value),
  }
}

export function errorAnswer(error: ApiError): Answer {
  return {
    status: error.status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...error.headers },
    body: JSON.stringify(error.body()),
  }
}

/** One request's way back to its client. */
export class Reply {
  /** The status answered, 0 while there is none (or the connection was dropped), for the log. */
  status = 0
  /** Set once the body is read; until then an answer also closes the connection. */
  bodyRead = false
  /** Aborted when the client leaves before the answer is written. */
  readonly gone = new AbortController()
  private sent = false
  /**
   * The CORS headers the answer carries: the API's unless a step narrows them before anything is sent
   * (the tester's controls answer only the app's own page).
   */
  cors: Record<string, string>
  private readonly request: IncomingMessage
  private readonly response: ServerResponse

  constructor(request: IncomingMessage, response: ServerResponse, cors: Record<string, string>) {
    this.request = request
    this.response = response
    this.cors = cors
    response.once('close', () => {
      if (!response.writableFinished) this.gone.abort()
    })
  }

  send(answer: Answer): void {
    const { request, response, cors } = this
    if (this.sent || response.headersSent || !request.socket.writable) return
    this.sent = true
    this.status = answer.status
    // Answered before its body was read (refused from the headers): the rest of the body is
    // discarded and the connection closes, rather than waiting for the next request behind it.
    if (declaresBody(request) && !this.bodyRead) response.setHeader('connection', 'close')
    const write = ({
      headers,
      body,
    }: {
      headers: Record<string, string>
      body: string | Buffer
    }) => {
      if (response.headersSent || !request.socket.writable) return
      response.writeHead(answer.status, {
        ...cors,
        ...headers,
        ...(cors['vary'] && headers['vary'] ? { vary: `${cors['vary']}, ${headers['vary']}` } : {}),
      })
      response.end(body)
    }
    encodeBody(request, answer).then(write, () => write(answer))
  }

  drop(): void {
    this.status = 0
    this.request.socket.destroy()
  }
}
