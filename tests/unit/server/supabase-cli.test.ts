/**
 * Deploying the way Supabase users deploy: the real Supabase CLI (pinned in devDependencies) applies
 * supabase/migrations to a PostgreSQL set up like a hosted project, its linter finds no error, the
 * schema is the one our own runner makes, and supabase/config.toml loads. The contract tests run on
 * such a database too (the `hosted` engine of DEPLOYED_ENGINES).
 */
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'smol-toml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBackend } from '../../../server/index'
import { MIGRATIONS_DIR } from '../../../server/migrations'
import { LOCAL_API_PORT } from '../../../src/shared/local-backend'
import {
  dbLint,
  dbPush,
  projectFolder,
  sql,
  startHostedPostgres,
  supabase,
  SUPABASE_DIR,
  type HostedPostgres,
} from './support/hosted'
import { findBinDir } from './support/postgres'

const MIGRATIONS = readdirSync(MIGRATIONS_DIR)
  .filter((file) => file.endsWith('.sql'))
  .sort()
/** The fifth migration as it was first released: a bare LOCK TABLE, which `db push` refused. */
const RELEASED = new URL('./fixtures/released/', import.meta.url).pathname

async function versions(hosted: HostedPostgres): Promise<string[]> {
  const [result] = await sql(
    hosted.url,
    'select version from supabase_migrations.schema_migrations order by version',
  )
  return (result?.rows ?? []).map((row: { version: string }) => row.version)
}

/** The schema as pg_dump writes it (as the superuser, so nothing is hidden), minus the migration log. */
function schemaOf(hosted: HostedPostgres): string {
  const dump = execFileSync(
    join(findBinDir(), 'pg_dump'),
    ['--schema-only', '--exclude-schema=supabase_migrations', hosted.adminUrl],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
  // pg_dump 15.14+ fences its output with a random key; everything else is the schema.
  return dump
    .split('\n')
    .filter((line) => !/^\\(un)?restrict /.test(line))
    .join('\n')
}

describe('supabase db push', () => {
  const clusters: HostedPostgres[] = []
  async function hosted(): Promise<HostedPostgres> {
    const cluster = await startHostedPostgres()
    clusters.push(cluster)
    return cluster
  }
  afterAll(async () => {
    await Promise.all(clusters.map((cluster) => cluster.stop()))
  }, 60_000)

  it('applies every migration to a fresh hosted-like project, and the linter finds no error', async () => {
    const project = await hosted()
    const push = dbPush(project)
    expect(push.output).toContain('Finished supabase db push.')
    expect(push.status).toBe(0)
    for (const file of MIGRATIONS) expect(push.output).toContain(`Applying migration ${file}...`)
    expect(await versions(project)).toEqual(MIGRATIONS.map((file) => file.split('_')[0]))

    const lint = dbLint(project)
    expect(lint.output).toContain('No schema errors found')
    expect(lint.status).toBe(0)

    // The linter really checks function bodies here (plpgsql_check is there): a broken one fails it.
    await sql(
      project.url,
      `create function private.lint_canary() returns bigint language plpgsql set search_path = '' as
         $$ begin return (select no_such_column from public.void_thoughts limit 1); end $$`,
    )
    const broken = dbLint(project)
    expect(broken.output).toContain('private.lint_canary')
    expect(broken.output).toContain('column \\"no_such_column\\" does not exist')
    expect(broken.status).not.toBe(0)
  }, 120_000)

  it('finishes a project that stopped at the fifth migration, keeping its rows and counting them', async () => {
    const project = await hosted()
    const stopped = dbPush(project, [MIGRATIONS_DIR, RELEASED])
    expect(stopped.output).toContain('LOCK TABLE can only be used in transaction blocks')
    expect(stopped.status).not.toBe(0)
    expect(await versions(project)).toEqual(MIGRATIONS.slice(0, 4).map((f) => f.split('_')[0]))

    // The wall went on taking offers meanwhile.
    await sql(
      project.url,
      `insert into public.void_thoughts (text) values ('one'), ('two'), ('three')`,
    )

    const push = dbPush(project)
    expect(push.status).toBe(0)
    expect(push.output).not.toContain(`Applying migration ${MIGRATIONS[0]}`)
    for (const file of MIGRATIONS.slice(4))
      expect(push.output).toContain(`Applying migration ${file}...`)
    const [count] = await sql(project.url, 'select public.void_thought_count() as n')
    expect(Number(count?.rows[0].n)).toBe(3)
    const [rows] = await sql(project.url, 'select text from public.void_thoughts order by id')
    expect(rows?.rows.map((row: { text: string }) => row.text)).toEqual(['one', 'two', 'three'])
  }, 120_000)

  it("makes the same schema as the project's own runner", async () => {
    const byCli = await hosted()
    expect(dbPush(byCli).status).toBe(0)

    const byRunner = await hosted()
    const backend = await startBackend({
      port: 0,
      host: '127.0.0.1',
      log: false,
      databaseUrl: byRunner.url,
    })
    await backend.close()

    const cli = schemaOf(byCli)
    const runner = schemaOf(byRunner)
    expect(cli).toContain('CREATE TABLE public.void_thoughts')
    expect(runner).toEqual(cli)
  }, 120_000)
})

describe('supabase/config.toml', () => {
  let project: ReturnType<typeof projectFolder>
  beforeAll(() => {
    project = projectFolder([])
  })
  afterAll(() => project.remove())

  // Two runs of the CLI (a Go binary of tens of MB, started cold) take about 2.5 s each on a busy
  // 2-core machine: vitest's 5 s default is no bound on them, and nothing here is about speed.
  it(
    'is loaded by the CLI (which then needs Docker for `status`, not for the config)',
    { timeout: 60_000 },
    () => {
      const status = supabase(project.dir, ['status'])
      expect(status.output).not.toContain('failed to read config')
      expect(status.output).toMatch(/docker/i)

      // The same command on a broken copy says so: the check above is the CLI's own parse.
      const broken = projectFolder([])
      try {
        const config = join(broken.dir, 'supabase', 'config.toml')
        writeFileSync(
          config,
          readFileSync(config, 'utf8').replace(/^port = 54321$/m, 'port = "api"'),
        )
        expect(supabase(broken.dir, ['status']).output).toContain('failed to read config')
      } finally {
        broken.remove()
      }
    },
  )

  it('serves the API on the port the app calls when built without VITE_SUPABASE_URL', () => {
    const config = parse(readFileSync(join(SUPABASE_DIR, 'config.toml'), 'utf8')) as {
      api: { port: number; enabled: boolean }
      db: { seed: { enabled: boolean } }
    }
    expect(config.api.enabled).toBe(true)
    expect(config.api.port).toBe(LOCAL_API_PORT)
    expect(LOCAL_API_PORT).toBe(54321)
  })
})
