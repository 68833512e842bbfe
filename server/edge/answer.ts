/**
 * How a request ends at the edge: an answer to send, an error answered with PostgREST's body, or
 * nothing at all because its client has gone. The REST, RPC and control handlers produce these and
 * the edge writes them; they live here, importing nothing, so that the edge depends on no module
 * above it.
 */

/** An answer to send. */
export interface Answer {
  status: number
  headers: Record<string, string>
  body: string
  /** Rows read or written. */
  rowCount?: number
}

/** An answer that is an error, with PostgREST's body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }

  /** The JSON body PostgREST sends. */
  body(): { code: string; message: string; details: string | null; hint: string | null } {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint }
  }
}

/**
 * The client went away before its request ran, or while its body arrived: there is no one to answer,
 * and the connection is dropped.
 */
export class ClientGone extends Error {
  constructor() {
    super('The client went away before its request ran')
  }
}
