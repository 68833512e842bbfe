/**
 * What the API exposes, read from the catalog once the migrations are applied: the tables and views
 * of `public` with their columns, and the pre-request function configured for PostgREST
 * (`pgrst.db_pre_request` on the authenticator role).
 */
import type { Engine } from './engine'
import type { TableInfo } from './postgrest/sql'

/** The schema the API serves (as a hosted project's default `db-schemas`). */
export const API_SCHEMA = 'public'

/** What the server knows about the database. */
export interface SchemaCache {
  tables: Map<string, TableInfo>
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
    return { tables, preRequest, roleSettings }
  })
}
