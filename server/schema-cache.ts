/**
 * What the API exposes, read from the catalog once the migrations are applied: the tables and views
 * of `public` with their columns, its functions with their arguments, and the pre-request function configured for PostgREST
 * (`pgrst.db_pre_request` on the authenticator role).
 */
import type { Engine } from './engine'
import type { TableInfo } from './postgrest/sql'

/** A function of the API schema, callable as `/rest/v1/rpc/<name>`. */
export interface FunctionInfo {
  name: string
  /** Its input arguments in order: name ('' when unnamed), SQL type, whether it has a default. */
  args: { name: string; type: string; hasDefault: boolean }[]
  /** What it answers: nothing, one value (a scalar or one row), or a set. */
  returns: 'void' | 'one' | 'set'
  /** A row type (composite or record): rows are JSON objects, scalars JSON values. */
  returnsRows: boolean
  /** PostgreSQL's volatility: i(mmutable), s(table) or v(olatile). */
  volatility: 'i' | 's' | 'v'
}

/** The schema the API serves (as a hosted project's default `db-schemas`). */
export const API_SCHEMA = 'public'

/** What the server knows about the database. */
export interface SchemaCache {
  tables: Map<string, TableInfo>
  /** The functions of the API schema by name (overloads share a name). */
  functions: Map<string, FunctionInfo[]>
  /** The pre-request function, already quoted (`"private"."void_pre_request"`), or null. */
  preRequest: string | null
  /**
   * Each API role's settings (`alter role … set name = value`, e.g. statement_timeout), which a
   * `set local role` does not apply: PostgREST sets them per transaction, and so does the server.
   */
  roleSettings: Map<string, [name: string, value: string][]>
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_$]*$/

/** Reads the schema cache from the database. */
export async function loadSchemaCache(engine: Engine): Promise<SchemaCache> {
  return engine.transaction(async (tx) => {
    const columns = await tx.query<{ table_name: string; column_name: string; type: string }>(
      `select c.relname as table_name, a.attname as column_name,
              format_type(a.atttypid, a.atttypmod) as type
         from pg_attribute a
         join pg_class c on c.oid = a.attrelid
         join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')
          and a.attnum > 0 and not a.attisdropped
        order by c.relname, a.attnum`,
      [API_SCHEMA],
    )
    const tables = new Map<string, TableInfo>()
    for (const row of columns) {
      let table = tables.get(row.table_name)
      if (!table) {
        table = { schema: API_SCHEMA, name: row.table_name, columns: new Map() }
        tables.set(row.table_name, table)
      }
      table.columns.set(row.column_name, row.type)
    }
    const functions = new Map<string, FunctionInfo[]>()
    const procs = await tx.query<{
      name: string
      arg_names: string[] | null
      arg_types: string[] | null
      defaults: number
      retset: boolean
      return_kind: string
      return_type: string
      volatility: 'i' | 's' | 'v'
    }>(
      `select p.proname as name,
              (select array_agg(coalesce(a.name, '') order by a.ord) from unnest(
                 coalesce(p.proallargtypes, p.proargtypes::oid[]), p.proargmodes, p.proargnames
               ) with ordinality as a(type, mode, name, ord) where coalesce(a.mode, 'i') in ('i', 'b')
              ) as arg_names,
              (select array_agg(format_type(a.type, null) order by a.ord) from unnest(
                 coalesce(p.proallargtypes, p.proargtypes::oid[]), p.proargmodes
               ) with ordinality as a(type, mode, ord) where coalesce(a.mode, 'i') in ('i', 'b')
              ) as arg_types,
              p.pronargdefaults as defaults, p.proretset as retset,
              t.typtype::text as return_kind, format_type(p.prorettype, null) as return_type,
              p.provolatile::text as volatility
         from pg_proc p
         join pg_namespace n on n.oid = p.pronamespace
         join pg_type t on t.oid = p.prorettype
        where n.nspname = $1 and p.prokind = 'f'
          and not (p.proargmodes is not null and 'v' = any(p.proargmodes))`,
      [API_SCHEMA],
    )
    for (const proc of procs) {
      const names = proc.arg_names ?? []
      const types = proc.arg_types ?? []
      const info: FunctionInfo = {
        name: proc.name,
        args: names.map((name, i) => ({
          name,
          type: types[i] ?? 'text',
          hasDefault: i >= names.length - proc.defaults,
        })),
        returns: proc.return_type === 'void' ? 'void' : proc.retset ? 'set' : 'one',
        returnsRows: proc.return_kind === 'c' || proc.return_type === 'record',
        volatility: proc.volatility,
      }
      functions.set(proc.name, [...(functions.get(proc.name) ?? []), info])
    }
    const settings = await tx.query<{ value: string }>(
      `select substr(setting, length('pgrst.db_pre_request=') + 1) as value
         from pg_db_role_setting s
         join pg_roles r on r.oid = s.setrole
         cross join lateral unnest(s.setconfig) as setting
        where r.rolname = 'authenticator'
          and setting like 'pgrst.db_pre_request=%'
          and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
        order by s.setdatabase desc
        limit 1`,
    )
    let preRequest: string | null = null
    const configured = settings[0]?.value.trim()
    if (configured) {
      const parts = configured.split('.')
      if (parts.length > 2 || !parts.every((part) => IDENTIFIER.test(part)))
        throw new Error(`pgrst.db_pre_request is not a function name: ${configured}`)
      preRequest = parts.map((part) => `"${part}"`).join('.')
    }
    const roleRows = await tx.query<{ role: string; name: string; value: string }>(
      `select distinct on (r.rolname, split_part(setting, '=', 1))
              r.rolname as role, split_part(setting, '=', 1) as name,
              substr(setting, strpos(setting, '=') + 1) as value
         from pg_db_role_setting s
         join pg_roles r on r.oid = s.setrole
         cross join lateral unnest(s.setconfig) as setting
        where r.rolname in ('anon', 'authenticated', 'service_role', 'authenticator')
          and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
        order by r.rolname, split_part(setting, '=', 1), s.setdatabase desc`,
    )
    const roleSettings = new Map<string, [string, string][]>()
    for (const { role, name, value } of roleRows)
      roleSettings.set(role, [...(roleSettings.get(role) ?? []), [name, value]])
    return { tables, functions, preRequest, roleSettings }
  })
}
