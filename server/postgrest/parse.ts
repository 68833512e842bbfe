/**
 * PostgREST's query string, parsed into plain data: `select`, `order`, `limit`, `offset`, column
 * filters (`col=op.value`, with `not.`), logic trees (`or=(…)`, `and=(…)`, nested), and the
 * `Prefer` header. Nothing here touches SQL; `sql.ts` turns the result into parameterised SQL.
 */
import { badQuery, notImplemented } from '../errors'

/** Comparison operators and the SQL they stand for. */
export const OPERATORS = {
  eq: '=',
  neq: '<>',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
  like: 'like',
  ilike: 'ilike',
  is: 'is',
  in: 'in',
} as const

export type Operator = keyof typeof OPERATORS

/** One filter: a column compared to a value, or an and/or of filters. */
export type Filter =
  | {
      kind: 'condition'
      column: string
      operator: Operator
      value: string | string[]
      negate: boolean
    }
  | { kind: 'logic'; operator: 'and' | 'or'; negate: boolean; children: Filter[] }

/** A column of the select list, with its output name. */
export interface SelectItem {
  column: string
  alias: string
}

/** One key of the order. */
export interface OrderItem {
  column: string
  descending: boolean
  nulls: 'first' | 'last' | null
}

/** What a GET (or the returned rows of a write) asks for. */
export interface ReadQuery {
  /** null means `*`. */
  select: SelectItem[] | null
  order: OrderItem[]
  limit: number | null
  offset: number | null
  filters: Filter[]
}

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict'])

/**
 * Caps on one request. PostgREST has none, but the local backend runs on a laptop, where PGlite
 * shares Node's main thread and honours no statement_timeout: one read with hundreds of `ilike`
 * conditions would block every other request for seconds. The app sends at most a handful of
 * conditions, nesting 2 deep, and 3 select items; these are far above that.
 */
export const QUERY_LIMITS = {
  /** Conditions in one request, all filters and logic trees together. */
  conditions: 100,
  /** `like`/`ilike` conditions (a pattern match scans every row it is given). */
  patterns: 10,
  /** Nesting of `and(…)`/`or(…)` and of parentheses in any value. */
  depth: 10,
  /** Items of `select`, `order`, `columns` or `on_conflict`. */
  items: 200,
} as const

/** Refuses text nested deeper than QUERY_LIMITS.depth, in one pass, before anything recurses. */
function checkNesting(s: string, what: string): void {
  let depth = 0
  let quoted = false
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]
    if (quoted) {
      if (ch === '\\') i++
      else if (ch === '"') quoted = false
    } else if (ch === '"') quoted = true
    else if (ch === '(') {
      if (++depth > QUERY_LIMITS.depth)
        throw badQuery(
          `"failed to parse ${what}"`,
          `nested more than ${QUERY_LIMITS.depth} levels deep`,
        )
    } else if (ch === ')') depth--
  }
}

function checkItems(items: unknown[], what: string): void {
  if (items.length > QUERY_LIMITS.items)
    throw badQuery(`"failed to parse ${what}"`, `more than ${QUERY_LIMITS.items} items`)
}

/** Splits `s` on `separator` at depth 0, outside double quotes. */
function splitTopLevel(s: string, separator: string): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let current = ''
  for (let i = 0; i < s.length; i++) {
    const ch = s[i] as string
    if (quoted) {
      current += ch
      if (ch === '\\' && i + 1 < s.length) current += s[++i]
      else if (ch === '"') quoted = false
      continue
    }
    if (ch === '"') quoted = true
    else if (ch === '(') depth++
    else if (ch === ')') depth--
    if (depth < 0) throw badQuery('"failed to parse logic tree"', `unexpected ")" in ${s}`)
    if (ch === separator && depth === 0) {
      parts.push(current)
      current = ''
    } else current += ch
  }
  if (quoted || depth !== 0)
    throw badQuery('"failed to parse logic tree"', `unbalanced quotes or parentheses in ${s}`)
  parts.push(current)
  return parts
}

/** A value inside a logic tree or an `in.(…)` list: `"quoted, with \" escapes"` or raw. */
function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"'))
    return value.slice(1, -1).replace(/\\(.)/g, '$1')
  return value
}

function parseIdentifier(name: string, where: string): string {
  const unquoted = unquote(name.trim())
  if (!unquoted) throw badQuery(`"failed to parse ${where}"`, `empty column name`)
  // Postgres identifiers hold no NUL; one would cut the statement's text short.
  if (unquoted.includes('\0') || unquoted.length > 63)
    throw badQuery(`"failed to parse ${where}"`, 'a name is at most 63 characters, without NUL')
  return unquoted
}

/** Parses `[not.]op.value` for a column. `inTree` values may be quoted. */
function parseCondition(column: string, expression: string, inTree: boolean): Filter {
  let rest = expression
  let negate = false
  if (rest.startsWith('not.')) {
    negate = true
    rest = rest.slice(4)
  }
  const dot = rest.indexOf('.')
  const operator = dot < 0 ? rest : rest.slice(0, dot)
  if (!(operator in OPERATORS)) {
    if (
      /^[a-z]+\((any|all)\)$/.test(operator) ||
      /^(fts|plfts|phfts|wfts)\([^()]*\)$/.test(operator) ||
      [
        'cs',
        'cd',
        'ov',
        'sl',
        'sr',
        'nxr',
        'nxl',
        'adj',
        'fts',
        'plfts',
        'phfts',
        'wfts',
        'match',
        'imatch',
        'isdistinct',
      ].includes(operator)
    )
      throw notImplemented(`The "${operator}" operator`)
    throw badQuery(
      '"failed to parse filter (' + expression + ')"',
      `unknown operator "${operator}"`,
    )
  }
  if (dot < 0) throw badQuery(`"failed to parse filter (${expression})"`, 'missing value')
  const raw = rest.slice(dot + 1)
  const op = operator as Operator
  if (op === 'in') {
    if (!raw.startsWith('(') || !raw.endsWith(')'))
      throw badQuery(`"failed to parse filter (${expression})"`, 'in needs a list in parentheses')
    const inner = raw.slice(1, -1)
    const items = inner === '' ? [] : splitTopLevel(inner, ',').map(unquote)
    return { kind: 'condition', column, operator: op, value: items, negate }
  }
  const value = inTree ? unquote(raw) : raw
  if (
    op === 'is' &&
    !['null', 'not_null', 'true', 'false', 'unknown'].includes(value.toLowerCase())
  )
    throw badQuery(
      `"failed to parse filter (${expression})"`,
      'is accepts null, not_null, true, false or unknown',
    )
  return { kind: 'condition', column, operator: op, value, negate }
}

/** Parses the inside of `or=(…)`/`and=(…)`: a comma list of conditions and nested trees. */
function parseTree(operator: 'and' | 'or', negate: boolean, body: string): Filter {
  if (!body.startsWith('(') || !body.endsWith(')'))
    throw badQuery('"failed to parse logic tree (' + body + ')"', 'expected a list in parentheses')
  const inner = body.slice(1, -1)
  if (inner.trim() === '')
    throw badQuery('"failed to parse logic tree (' + body + ')"', 'empty logic tree')
  const children = splitTopLevel(inner, ',').map((item): Filter => {
    const text = item.trim()
    const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(text)
    if (nested) return parseTree(nested[2] as 'and' | 'or', !!nested[1], nested[3] as string)
    // column.op.value; a quoted column name may contain dots.
    let column: string
    let rest: string
    if (text.startsWith('"')) {
      const end = text.indexOf('"', 1)
      if (end < 0 || text[end + 1] !== '.')
        throw badQuery(`"failed to parse logic tree (${body})"`, `bad condition ${text}`)
      column = text.slice(1, end)
      rest = text.slice(end + 2)
    } else {
      const dot = text.indexOf('.')
      if (dot < 0) throw badQuery(`"failed to parse logic tree (${body})"`, `bad condition ${text}`)
      column = text.slice(0, dot)
      rest = text.slice(dot + 1)
    }
    return parseCondition(parseIdentifier(column, 'logic tree'), rest, true)
  })
  return { kind: 'logic', operator, negate, children }
}

function parseSelect(value: string): SelectItem[] | null {
  checkNesting(value, 'select')
  const items = splitTopLevel(value, ',').map((item) => item.trim())
  checkItems(items, 'select')
  if (items.length === 1 && items[0] === '*') return null
  return items.map((item) => {
    if (item === '*') throw notImplemented('"*" together with other columns')
    if (item.includes('(')) throw notImplemented(`Embedding resources (${item})`)
    if (item.includes('->')) throw notImplemented(`JSON paths (${item})`)
    if (item.includes('::')) throw notImplemented(`Casts in select (${item})`)
    const colon = item.indexOf(':')
    const alias = colon < 0 ? null : item.slice(0, colon)
    const column = parseIdentifier(colon < 0 ? item : item.slice(colon + 1), 'select')
    return { column, alias: alias ? parseIdentifier(alias, 'select') : column }
  })
}

function parseOrder(value: string): OrderItem[] {
  checkNesting(value, 'order')
  const items = splitTopLevel(value, ',')
  checkItems(items, 'order')
  return items.map((item) => {
    const parts = item.trim().split('.')
    if ((parts[0] ?? '').includes('->')) throw notImplemented(`JSON paths in order (${item})`)
    const column = parseIdentifier(parts[0] ?? '', 'order')
    let descending = false
    let nulls: OrderItem['nulls'] = null
    for (const modifier of parts.slice(1)) {
      if (modifier === 'asc') descending = false
      else if (modifier === 'desc') descending = true
      else if (modifier === 'nullsfirst') nulls = 'first'
      else if (modifier === 'nullslast') nulls = 'last'
      else throw badQuery(`"failed to parse order (${value})"`, `unexpected "${modifier}"`)
    }
    return { column, descending, nulls }
  })
}

function parseCount(name: string, value: string): number {
  if (!/^\d+$/.test(value))
    throw badQuery(
      `"failed to parse ${name} parameter (${value})"`,
      'expecting a non-negative integer',
    )
  return Number(value)
}

/** Parses a request's query string into what to read and how to filter it. */
export function parseReadQuery(params: URLSearchParams): ReadQuery {
  const query: ReadQuery = { select: null, order: [], limit: null, offset: null, filters: [] }
  for (const [key, value] of params) {
    if (key === 'select') query.select = parseSelect(value)
    else if (key === 'order') query.order = parseOrder(value)
    else if (key === 'limit') query.limit = parseCount('limit', value)
    else if (key === 'offset') query.offset = parseCount('offset', value)
    else if (RESERVED.has(key)) continue
    else {
      const tree = /^(not\.)?(and|or)$/.exec(key)
      if (tree) checkNesting(value, 'logic tree')
      if (tree) query.filters.push(parseTree(tree[2] as 'and' | 'or', !!tree[1], value))
      else if (key.includes('.')) throw notImplemented(`Filters on embedded resources (${key})`)
      else query.filters.push(parseCondition(parseIdentifier(key, 'filter'), value, false))
    }
  }
  checkConditions(query.filters)
  return query
}

/** Refuses more conditions (or pattern matches) than QUERY_LIMITS allows. */
function checkConditions(filters: Filter[]): void {
  let conditions = 0
  let patterns = 0
  const pending = [...filters]
  for (let filter = pending.pop(); filter; filter = pending.pop()) {
    if (filter.kind === 'logic') pending.push(...filter.children)
    else {
      conditions++
      if (filter.operator === 'like' || filter.operator === 'ilike') patterns++
    }
  }
  if (conditions > QUERY_LIMITS.conditions)
    throw badQuery(
      '"too many filters"',
      `at most ${QUERY_LIMITS.conditions} conditions in one request, not ${conditions}`,
    )
  if (patterns > QUERY_LIMITS.patterns)
    throw badQuery(
      '"too many filters"',
      `at most ${QUERY_LIMITS.patterns} like/ilike conditions in one request, not ${patterns}`,
    )
}

/** Parses `columns="a","b"` (supabase-js quotes each name). */
export function parseColumns(value: string): string[] {
  checkNesting(value, 'columns')
  const items = splitTopLevel(value, ',')
  checkItems(items, 'columns')
  return items.map((name) => parseIdentifier(name, 'columns'))
}

/** The `Prefer` header's preferences that this backend honours. */
export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | null
  count: 'exact' | null
  resolution: 'ignore-duplicates' | 'merge-duplicates' | null
}

/** Parses the `Prefer` header (unknown preferences are ignored, as PostgREST's lenient mode does). */
export function parsePrefer(header: string | undefined): Preferences {
  const prefer: Preferences = { return: null, count: null, resolution: null }
  for (const part of (header ?? '').split(',')) {
    const [name, value] = part
      .trim()
      .split('=')
      .map((s) => s.trim())
    if (
      name === 'return' &&
      (value === 'minimal' || value === 'representation' || value === 'headers-only')
    )
      prefer.return = value
    else if (name === 'count' && value === 'exact') prefer.count = 'exact'
    else if (name === 'count' && (value === 'planned' || value === 'estimated'))
      prefer.count = 'exact'
    else if (
      name === 'resolution' &&
      (value === 'ignore-duplicates' || value === 'merge-duplicates')
    )
      prefer.resolution = value
  }
  return prefer
}
