/** Reading a request's `Accept-Encoding` (RFC 9110 12.5.3), for the backend and the app's server. */

/** Whether an `Accept-Encoding` header takes `encoding` (by name or `*`, with a weight above 0). */
export function acceptsEncoding(header: string | string[] | undefined, encoding: string): boolean {
  return String(header ?? '')
    .split(',')
    .some((part) => {
      const [name = '', ...params] = part.split(';').map((piece) => piece.trim())
      const weight = params.find((param) => /^q=/i.test(param))
      return (
        (name.toLowerCase() === encoding || name === '*') &&
        (weight === undefined || Number(weight.slice(2)) > 0)
      )
    })
}
