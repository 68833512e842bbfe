/**
 * Parsed PostgREST requests → parameterised SQL. Identifiers are checked against the table's
 * columns (from the schema cache) before they are quoted; every value is a bind parameter. Rows come
 * back as JSON built in SQL (`json_agg`), so bigints and microsecond timestamps survive unchanged.
 */
import { ApiError, badBody } from '../errors'
import { OPERATORS, type Filter, type OrderItem, type ReadQuery, type SelectItem } from './parse'

/** A table (or view) the API exposes: its columns and their SQL types. */
export interface TableInfo {
  schema: string
  name: string
  columns: Map<string, string>
}

/** A statement and its bind parameters. */
export interface Statement {
  sql: string
  params: unknown[]
}

/** Double-quotes an identifier (only ever called on names checked against the catalog). */
export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`

const qualified = (table: TableInfo) => `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`

class Params {
  readonly values: unknown[] = []
  add(value: unknown): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

function column(table: TableInfo, name: string): string {
  if (!table.columns.has(name))
    throw new ApiError(400, '42703', `column ${table.name}.${name} does not exist`, null, null)
  return quoteIdent(name)
}

function condition(
  table: TableInfo,
  filter: Filter & { kind: 'condition' },
  params: Params,
): string {
  const col = column(table, filter.column)
  const { operator, value } = filter
  let sql: string
  if (operator === 'is') {
    const word = (value as string).toLowerCase()
    sql = word === 'not_null' ? `${col} is not null` : `${col} is ${word}`
  } else if (operator === 'in') {
    const items = value as string[]
    // Typed by the column, so `in` works on enums and other types a text array does not compare to.
    const type = table.columns.get(filter.column) as string
    sql = items.length === 0 ? 'false' : `${col} = any(${params.add(items)}::text[]::${type}[])`
  } else if (operator === 'like' || operator === 'ilike') {
    sql = `${col}::text ${OPERATORS[operator]} ${params.add((value as string).replaceAll('*', '%'))}`
  } else {
    sql = `${col} ${OPERATORS[operator]} ${params.add(value)}`
  }
  return filter.negate ? `not (${sql})` : sql
}

const KEYSET_OPERATORS: Partial<Record<string, string>> = { lt: '<', lte: '<=', gt: '>', gte: '>=' }

/**
 * `or=(a.lt.X,and(a.eq.X,b.lt.Y))`, the keyset condition clients send for "after row (X, Y)", is the
 * row comparison `(a, b) < (X, Y)` (the same under SQL's three-valued logic), which an index on
 * (a, b) serves directly; the `or` form would be a filter over every row before the cursor.
 */
function keyset(table: TableInfo, filter: Filter, params: Params): string | null {
  if (
    filter.kind !== 'logic' ||
    filter.operator !== 'or' ||
    filter.negate ||
    filter.children.length !== 2
  )
    return null
  const [first, second] = filter.children as [Filter, Filter]
  if (
    first.kind !== 'condition' ||
    second.kind !== 'logic' ||
    second.operator !== 'and' ||
    second.negate
  )
    return null
  if (second.children.length !== 2) return null
  const [equal, next] = second.children as [Filter, Filter]
  if (equal.kind !== 'condition' || next.kind !== 'condition') return null
  const strict = KEYSET_OPERATORS[first.operator]
  const last = KEYSET_OPERATORS[next.operator]
  if (
    first.negate ||
    equal.negate ||
    next.negate ||
    (first.operator !== 'lt' && first.operator !== 'gt') ||
    equal.operator !== 'eq' ||
    !strict ||
    !last ||
    last[0] !== strict ||
    equal.column !== first.column ||
    equal.value !== first.value ||
    next.column === first.column
  )
    return null
  const a = column(table, first.column)
  const b = column(table, next.column)
  const typeA = table.columns.get(first.column) as string
  const typeB = table.columns.get(next.column) as string
  return `(${a}, ${b}) ${last} (${params.add(first.value)}::${typeA}, ${params.add(next.value)}::${typeB})`
}

function where(table: TableInfo, filters: Filter[], params: Params): string {
  const render = (filter: Filter): string => {
    const rowComparison = keyset(table, filter, params)
    if (rowComparison) return rowComparison
    if (filter.kind === 'condition') return condition(table, filter, params)
    const joined = filter.children.map(render).join(filter.operator === 'and' ? ' and ' : ' or ')
    return filter.negate ? `not (${joined})` : `(${joined})`
  }
  return filters.length === 0 ? '' : ` where ${filters.map(render).join(' and ')}`
}

function orderBy(table: TableInfo, order: OrderItem[]): string {
  if (order.length === 0) return ''
  const keys = order.map(
    (item) =>
      `${column(table, item.column)} ${item.descending ? 'desc' : 'asc'}` +
      (item.nulls ? ` nulls ${item.nulls}` : ''),
  )
  return ` order by ${keys.join(', ')}`
}

function selectList(table: TableInfo, select: SelectItem[] | null): string {
  if (select === null) return [...table.columns.keys()].map(quoteIdent).join(', ')
  return select
    .map((item) => `${column(table, item.column)} as ${quoteIdent(item.alias)}`)
    .join(', ')
}

/** A GET: the page as a JSON array (`body`) and, when asked, the filtered total (`total`). */
export function readStatement(table: TableInfo, query: ReadQuery, withCount: boolean): Statement {
  const params = new Params()
  const filter = where(table, query.filters, params)
  const page =
    `select ${selectList(table, query.select)} from ${qualified(table)}${filter}` +
    orderBy(table, query.order) +
    (query.limit !== null ? ` limit ${params.add(query.limit)}` : '') +
    (query.offset !== null ? ` offset ${params.add(query.offset)}` : '')
  const total = withCount ? `(select count(*) from ${qualified(table)}${filter})` : 'null::bigint'
  return {
    sql:
      `select ${total}::text as total, count(_page)::int as page_count, ` +
      `coalesce(json_agg(_page), '[]')::text as body from (${page}) _page`,
    params: params.values,
  }
}

/** The rows a GET's filters select, for the planner's estimate of their number. */
export function countStatement(table: TableInfo, query: ReadQuery): Statement {
  const params = new Params()
  const sql = `select 1 from ${qualified(table)}${where(table, query.filters, params)}`
  return { sql, params: params.values }
}

/**
 * What a write returns: the written rows as JSON when asked, their number, and for an upsert how
 * many were new (`xmax = 0` marks a row this statement inserted rather than updated).
 */
function returning(
  table: TableInfo,
  select: SelectItem[] | null,
  representation: boolean,
  upsert = false,
): string {
  const list = representation ? selectList(table, select) : '1 as "_one"'
  return ` returning ${list}${upsert ? ', (xmax = 0) as "_inserted"' : ''}`
}

function wrap(
  statement: string,
  table: TableInfo,
  select: SelectItem[] | null,
  representation: boolean,
  upsert = false,
): string {
  const names = select === null ? [...table.columns.keys()] : select.map((item) => item.alias)
  const row = `(select _row from (select ${names.map((name) => `_written.${quoteIdent(name)}`).join(', ')}) _row)`
  return (
    `with _written as (${statement}) select count(*)::int as page_count, ` +
    (upsert ? `count(*) filter (where "_inserted")::int` : `null::int`) +
    ' as inserted_count, ' +
    (representation ? `coalesce(json_agg(${row}), '[]')::text` : `null::text`) +
    ` as body from _written`
  )
}

/** Checks that a JSON body is an object or an array of objects with the same keys. */
export function rowsOfBody(
  body: unknown,
  columns: string[] | null,
): { rows: Record<string, unknown>[]; columns: string[] } {
  const rows = Array.isArray(body) ? body : [body]
  if (
    body === null ||
    typeof body !== 'object' ||
    rows.some((row) => row === null || typeof row !== 'object' || Array.isArray(row))
  )
    throw badBody('Empty or invalid json', 'The body must be a JSON object or an array of objects')
  const objects = rows as Record<string, unknown>[]
  if (columns) return { rows: objects, columns }
  const first = Object.keys(objects[0] ?? {})
  const same = objects.every((row) => {
    const keys = Object.keys(row)
    return keys.length === first.length && keys.every((key) => first.includes(key))
  })
  if (!same) throw badBody('All object keys must match')
  return { rows: objects, columns: first }
}

function checkWritable(table: TableInfo, columns: string[]): void {
  for (const name of columns)
    if (!table.columns.has(name))
      throw new ApiError(
        400,
        'PGRST204',
        `Could not find the '${name}' column of '${table.name}' in the schema cache`,
      )
}

/** A POST: inserts the rows (as JSON, typed by the table's columns), optionally upserting. */
export function insertStatement(
  table: TableInfo,
  rows: Record<string, unknown>[],
  columns: string[],
  options: {
    onConflict: string[] | null
    resolution: 'ignore-duplicates' | 'merge-duplicates' | null
    representation: boolean
    select: SelectItem[] | null
    /** `Prefer: missing=default`: a key a row lacks takes the column's default, not null. */
    missingDefault?: boolean
    /** The conflict target when `on_conflict` is absent (PostgREST uses the primary key). */
    primaryKey?: string[]
  },
): Statement {
  checkWritable(table, columns)
  const params = new Params()
  const json = params.add(JSON.stringify(rows))
  const names = columns.map(quoteIdent).join(', ')
  const types = (names: string[]) =>
    names.map((name) => `${quoteIdent(name)} ${table.columns.get(name)}`).join(', ')
  let source: string
  if (columns.length === 0)
    source = `insert into ${qualified(table)} select from json_array_elements(${json}::json)`
  else if (options.missingDefault) {
    // Each row names its own values; a column it lacks is DEFAULT, as PostgREST's missing=default.
    const values = rows.map((row, index) => {
      const items = columns.map((name) =>
        Object.hasOwn(row, name)
          ? `(select ${quoteIdent(name)} from json_to_record(${json}::json -> ${index}) as _(${types([name])}))`
          : 'default',
      )
      return `(${items.join(', ')})`
    })
    source = `insert into ${qualified(table)} (${names}) values ${values.join(', ')}`
  } else
    source =
      `insert into ${qualified(table)} (${names}) select ${names} from json_to_recordset(${json}::json) as _(` +
      types(columns) +
      ')'
  let conflict = ''
  const target = (options.onConflict ?? options.primaryKey ?? []).map((name) => column(table, name))
  const upsert = options.resolution !== null && target.length > 0
  if (upsert)
    conflict =
      options.resolution === 'ignore-duplicates' || columns.length === 0
        ? ` on conflict (${target.join(', ')}) do nothing`
        : ` on conflict (${target.join(', ')}) do update set ` +
          columns.map((name) => `${quoteIdent(name)} = excluded.${quoteIdent(name)}`).join(', ')
  return {
    sql: wrap(
      source + conflict + returning(table, options.select, options.representation, upsert),
      table,
      options.select,
      options.representation,
      upsert,
    ),
    params: params.values,
  }
}

/** A PATCH: sets the body's columns on every row the filters match. */
export function updateStatement(
  table: TableInfo,
  row: Record<string, unknown>,
  query: ReadQuery,
  representation: boolean,
): Statement {
  const columns = Object.keys(row)
  checkWritable(table, columns)
  const params = new Params()
  if (columns.length === 0) throw badBody('Empty or invalid json', 'Nothing to update')
  const json = params.add(JSON.stringify(row))
  const names = columns.map(quoteIdent).join(', ')
  const types = columns.map((name) => `${quoteIdent(name)} ${table.columns.get(name)}`).join(', ')
  const sql =
    `update ${qualified(table)} set (${names}) = (select ${names} from json_to_record(${json}::json) as _body(${types}))` +
    where(table, query.filters, params) +
    returning(table, query.select, representation)
  return { sql: wrap(sql, table, query.select, representation), params: params.values }
}

/** A DELETE of every row the filters match. */
export function deleteStatement(
  table: TableInfo,
  query: ReadQuery,
  representation: boolean,
): Statement {
  const params = new Params()
  const sql =
    `delete from ${qualified(table)}${where(table, query.filters, params)}` +
    returning(table, query.select, representation)
  return { sql: wrap(sql, table, query.select, representation), params: params.values }
}
