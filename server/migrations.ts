/**
 * Prepares a database the way a hosted Supabase project is prepared, then applies
 * `supabase/migrations/*.sql` in order, each once (recorded in supabase_migrations.schema_migrations,
 * where the Supabase CLI records them too).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Engine } from './engine'

/** The migrations folder of this repository. */
export const MIGRATIONS_DIR = new URL('../supabase/migrations/', import.meta.url).pathname

/**
 * What every Supabase project has before its first migration: the API roles, the authenticator that
 * switches to them, and default privileges that grant the API roles everything on new objects in
 * `public` (so a migration must revoke what it does not mean to give, as on the hosted project),
 * and the roles' statement timeouts.
 */
const SUPABASE_BASELINE = `
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator nologin noinherit;
  end if;
end
$$;
grant anon, authenticated, service_role to authenticator;
-- Supabase's role timeouts (docs: Database → Postgres → Timeouts): 3 s for anon, 8 s for
-- authenticated and for the authenticator, which service_role falls back to. Set once: an owner's
-- own \`alter role … set statement_timeout\` stays, as on a hosted project.
do $$
declare
  timeouts constant text[][] := array[['anon', '3s'], ['authenticated', '8s'], ['authenticator', '8s']];
  i int;
begin
  for i in 1 .. array_length(timeouts, 1) loop
    if not exists (
      select from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
       where r.rolname = timeouts[i][1] and s.setdatabase = 0
         and exists (select from unnest(s.setconfig) c where c like 'statement_timeout=%')
    ) then
      execute format('alter role %I set statement_timeout = %L', timeouts[i][1], timeouts[i][2]);
    end if;
  end loop;
end
$$;
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  statements text[]
);
`

const FILE_NAME = /^(\d+)_([a-z0-9_]+)\.sql$/

/** Applies the baseline, then every migration not applied yet. Returns the versions applied now. */
export async function migrate(engine: Engine, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await engine.exec(SUPABASE_BASELINE)
  const done = new Set(
    (
      await engine.transaction((tx) =>
        tx.query<{ version: string }>('select version from supabase_migrations.schema_migrations'),
      )
    ).map((row) => row.version),
  )
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
  const applied: string[] = []
  for (const file of files) {
    const match = FILE_NAME.exec(file)
    if (!match)
      throw new Error(`Migration file names are <version>_<name>.sql in lower case: ${file}`)
    const [, version, name] = match as unknown as [string, string, string]
    if (done.has(version)) continue
    const script = readFileSync(join(dir, file), 'utf8')
    // version and name are digits and [a-z0-9_] only (checked above), safe inside a literal.
    try {
      await engine.exec(
        `begin;\n${script}\n;\ninsert into supabase_migrations.schema_migrations (version, name) values ('${version}', '${name}');\ncommit;`,
      )
    } catch (error) {
      await engine.exec('rollback').catch(() => {})
      throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error })
    }
    applied.push(version)
  }
  return applied
}
