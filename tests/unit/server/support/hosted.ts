/**
 * A throwaway PostgreSQL set up like a hosted Supabase project, and the real Supabase CLI (pinned in
 * devDependencies, run from node_modules) to deploy to it, as a user deploys: `supabase db push`.
 *
 * Hosted-like means what the migrations meet there and our own runner's baseline only imitates:
 * `supabase_admin` is the superuser and `postgres` an ordinary role that owns the database (it may
 * create roles and bypasses row-level security, but may not do what needs a superuser); the API roles;
 * pgcrypto in the `extensions` schema; default privileges that give the API roles everything
 * `postgres` creates in `public`; and `plpgsql_check` for `supabase db lint`.
 */
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { MIGRATIONS_DIR } from '../../../../server/migrations'
import { startTestPostgres, type TestPostgres } from './postgres'

const ROOT = new URL('../../../../', import.meta.url).pathname
/** The Supabase CLI's own binary, as `npx supabase` runs it. */
export const SUPABASE_CLI = join(ROOT, 'node_modules', '.bin', 'supabase')
/** The repository's Supabase project folder (config.toml, migrations/). */
export const SUPABASE_DIR = join(ROOT, 'supabase')

const HOSTED_SETUP = `
create role postgres login createrole createdb replication bypassrls;
create role anon nologin noinherit;
create role authenticated nologin noinherit;
create role service_role nologin noinherit bypassrls;
create role authenticator login noinherit;
grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres with admin option;
alter database postgres owner to postgres;
create schema extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
create extension pgcrypto schema extensions;
grant usage on schema public to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;
grant set on parameter pgrst.db_pre_request to postgres;
`

/** A hosted-like cluster: `url` connects as `postgres` (what a project's owner has), `adminUrl` as the superuser. */
export interface HostedPostgres {
  url: string
  adminUrl: string
  stop(): Promise<void>
}

/** Runs SQL on `url` (one connection, closed after). */
export async function sql(url: string, text: string): Promise<pg.QueryResult[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const result = (await client.query(text)) as pg.QueryResult | pg.QueryResult[]
    return Array.isArray(result) ? result : [result]
  } finally {
    await client.end()
  }
}

/** Starts a PostgreSQL cluster set up like a hosted Supabase project, with nothing deployed yet. */
export async function startHostedPostgres(): Promise<HostedPostgres> {
  const cluster: TestPostgres = await startTestPostgres({ superuser: 'supabase_admin' })
  try {
    await sql(cluster.url, HOSTED_SETUP)
    try {
      await sql(cluster.url, 'create extension plpgsql_check')
    } catch (error) {
      throw new Error(
        "plpgsql_check, which `supabase db lint` needs, is not installed: install Debian's postgresql-15-plpgsql-check (npm run test:setup does).",
        { cause: error },
      )
    }
  } catch (error) {
    await cluster.stop()
    throw error
  }
  return {
    adminUrl: cluster.url,
    url: cluster.url.replace('//supabase_admin@', '//postgres@'),
    stop: () => cluster.stop(),
  }
}

/** What a CLI command printed, and how it ended. */
export interface CliRun {
  status: number | null
  output: string
}

/**
 * A Supabase project folder for the CLI: the repository's config.toml and the migrations from
 * `migrationsDirs` (later folders' files replace earlier ones of the same name). A copy, so the CLI's
 * own state (supabase/.temp) never lands in the repository and parallel tests never share it.
 */
export function projectFolder(migrationsDirs: string[] = [MIGRATIONS_DIR]): {
  dir: string
  remove(): void
} {
  const dir = mkdtempSync(join(tmpdir(), 'unburden-supabase-cli-'))
  cpSync(join(SUPABASE_DIR, 'config.toml'), join(dir, 'supabase', 'config.toml'))
  for (const from of migrationsDirs)
    for (const file of readdirSync(from).filter((name) => name.endsWith('.sql')))
      cpSync(join(from, file), join(dir, 'supabase', 'migrations', file))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** Runs the Supabase CLI in `workdir` with `args`. Never prompts (`--yes`). */
export function supabase(workdir: string, args: string[]): CliRun {
  if (!existsSync(SUPABASE_CLI))
    throw new Error('The Supabase CLI is not installed: run npm ci (it is a devDependency).')
  const result = spawnSync(SUPABASE_CLI, [...args, '--workdir', workdir, '--yes'], {
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, DO_NOT_TRACK: '1', SUPABASE_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
  })
  return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}` }
}

/** A connection URL as the CLI takes it: a local server has no TLS. */
export function cliUrl(url: string): string {
  return `${url.replace(/^postgres:/, 'postgresql:')}?sslmode=disable`
}

/** `supabase db push` of `migrationsDirs` to `hosted`, as its owner `postgres`. */
export function dbPush(hosted: HostedPostgres, migrationsDirs?: string[]): CliRun {
  const project = projectFolder(migrationsDirs)
  try {
    return supabase(project.dir, ['db', 'push', '--db-url', cliUrl(hosted.url)])
  } finally {
    project.remove()
  }
}

/** `supabase db lint` of the schemas `public` and `private`, failing on errors. */
export function dbLint(hosted: HostedPostgres): CliRun {
  const project = projectFolder()
  try {
    return supabase(project.dir, [
      'db',
      'lint',
      '--db-url',
      cliUrl(hosted.url),
      '--schema',
      'public,private',
      '--fail-on',
      'error',
    ])
  } finally {
    project.remove()
  }
}

/** A hosted-like cluster with every migration pushed by the CLI; throws with the CLI's output if the push fails. */
export async function startDeployedPostgres(): Promise<HostedPostgres> {
  const hosted = await startHostedPostgres()
  const push = dbPush(hosted)
  if (push.status !== 0) {
    await hosted.stop()
    throw new Error(`supabase db push failed (exit ${push.status}):\n${push.output}`)
  }
  return hosted
}
