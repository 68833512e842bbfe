/** Reading a request's `Accept-Encoding` (RFC 9110 12.5.3), for the backend and the app's server. */

/**
 * Whether an `Accept-Encoding` header takes `encoding`, with a weight above 0: by its own name, or
 * else by `*` (a weight given to the name itself wins: `br;q=0, *` refuses Brotli).
 */
export function acceptsEncoding(header: string | string[] | undefined, encoding: string): boolean {
  const weights = new Map<string, number>()
  for (const part of String(header ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim())
    const weight = params.find((param) => /^q=/i.test(param))
    if (name) weights.set(name.toLowerCase(), weight === undefined ? 1 : Number(weight.slice(2)))
  }
  const weight = weights.get(encoding) ?? weights.get('*')
  return weight !== undefined && weight > 0
}
