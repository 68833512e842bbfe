/**
 * Runs the client library's own test suite (a checkout of supabase/postgrest-js, whose inline
 * snapshots were recorded against real PostgREST 12–13) against the local backend, and prints
 * three figures: passed, refused honestly (a failed test during which the backend answered
 * PostgREST's "not implemented" PGRST127, or PGRST106 for a schema it does not expose), and wrong
 * (any other failure, and any test that got a 5xx).
 *
 *   npm run conformance:postgrest-js -- <checkout of supabase/postgrest-js (work tree or git dir)>
 *
 * Nothing of that repository enters ours: it is copied to a temporary folder, its dependencies are
 * installed there, and it runs from there. Its fixture schema (test/db/*.sql) is applied after our
 * own migrations on a throwaway PostgreSQL cluster, with two changes the machine needs: PostGIS is
 * not installed, so the one geometry column becomes text. Its tests call http://localhost:3000 (and
 * :3001) with no key, as PostgREST with `db-anon-role` allows; a small proxy in front of the backend
 * adds the `/rest/v1` prefix and the anon key, and the fixture's objects are granted to `anon`.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { startBackend } from '../server/index'
import { MIGRATIONS_DIR } from '../server/migrations'
import { startTestPostgres } from '../tests/unit/server/support/postgres'

const GRANTS = `
grant usage on schema public, personal to anon;
grant all on all tables in schema public, personal to anon;
grant all on all sequences in schema public, personal to anon;
grant execute on all functions in schema public, personal to anon;
`

interface AssertionResult {
  fullName: string
  status: string
}
interface JestReport {
  testResults: { name: string; assertionResults: AssertionResult[]; message: string }[]
}

function copyCheckout(source: string, target: string): void {
  if (existsSync(join(source, 'test', 'db', '00-schema.sql'))) {
    cpSync(source, target, {
      recursive: true,
      filter: (path) => !/[/\\](node_modules|\.git)$/.test(path),
    })
    return
  }
  const gitDir = existsSync(join(source, 'repo')) ? join(source, 'repo') : source
  const archive = execFileSync('git', ['--git-dir', gitDir, 'archive', 'HEAD'], {
    maxBuffer: 1 << 30,
  })
  execFileSync('tar', ['-x', '-C', target], { input: archive })
  if (!existsSync(join(target, 'test', 'db', '00-schema.sql')))
    throw new Error(`${source} is not a checkout of supabase/postgrest-js`)
}

/** Our migrations, then the fixture's schema and data, then the grants, as one migrations folder. */
function migrationsFolder(suite: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'pgjs-migrations-'))
  for (const file of readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql')))
    cpSync(join(MIGRATIONS_DIR, file), join(dir, file))
  const schema = readFileSync(join(suite, 'test/db/00-schema.sql'), 'utf8')
    .replace(/create extension postgis[^;]*;/i, '')
    .replace(/extensions\.geometry\([^)]*\)/gi, 'text')
  writeFileSync(join(dir, '99990000000001_pgjs_schema.sql'), schema)
  writeFileSync(
    join(dir, '99990000000002_pgjs_data.sql'),
    readFileSync(join(suite, 'test/db/01-dummy-data.sql'), 'utf8'),
  )
  writeFileSync(join(dir, '99990000000003_pgjs_grants.sql'), GRANTS)
  return dir
}

/** What the proxy saw, by test: which tests were refused, which got a 5xx. */
interface Seen {
  refused: Set<string>
  serverErrors: Set<string>
}

/**
 * A proxy that serves the backend's /rest/v1 at / with the anon key, as the suite expects. A hook
 * in the suite posts each test's name to `/__test` first, so each answer is known by test: many
 * tests fail on a refusal without showing the error (a HEAD has no body; others parse the data).
 */
async function startProxy(
  target: number,
  anonKey: string,
  seen: Seen,
): Promise<{ port: number; close(): void }> {
  let current = ''
  const server = createServer((incoming, outgoing) => {
    if (incoming.url === '/__test') {
      let name = ''
      incoming.on('data', (chunk: Buffer) => (name += chunk.toString('utf8')))
      incoming.on('end', () => {
        current = name
        outgoing.end()
      })
      return
    }
    const test = current
    const headers: Record<string, string | string[] | undefined> = {
      ...incoming.headers,
      host: `127.0.0.1:${target}`,
    }
    // The proxy reads error codes from the answer's text: it asks for it unencoded.
    delete headers['accept-encoding']
    headers.apikey ??= anonKey
    headers.authorization ??= `Bearer ${anonKey}`
    const forward = httpRequest(
      {
        host: '127.0.0.1',
        port: target,
        method: incoming.method,
        path: `/rest/v1${incoming.url ?? '/'}`,
        headers,
      },
      (answer) => {
        const status = answer.statusCode ?? 502
        outgoing.writeHead(status, answer.headers)
        let body = ''
        answer.on('data', (chunk: Buffer) => {
          if (body.length < 4096) body += chunk.toString('utf8')
        })
        answer.on('end', () => {
          if (status >= 500) seen.serverErrors.add(test)
          else if (/"code":"(PGRST127|PGRST106)"/.test(body)) seen.refused.add(test)
        })
        answer.pipe(outgoing)
      },
    )
    forward.on('error', () => outgoing.destroy())
    incoming.pipe(forward)
  })
  // Longer than the client's idle timeout, so the client closes idle connections first.
  server.keepAliveTimeout = 65_000
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return { port: (server.address() as AddressInfo).port, close: () => server.close() }
}

/** Posts each test's name to the proxy before it runs (a jest setup file, in the temporary copy). */
const MARKER = (port: number) => `
beforeEach(async () => {
  await fetch('http://127.0.0.1:${port}/__test', {
    method: 'POST',
    body: expect.getState().currentTestName ?? '',
  })
})
`

async function main(): Promise<void> {
  const checkout = process.argv[2]
  if (!checkout) {
    console.error('usage: npm run conformance:postgrest-js -- <checkout of supabase/postgrest-js>')
    process.exit(2)
  }
  const suite = mkdtempSync(join(tmpdir(), 'pgjs-suite-'))
  copyCheckout(resolve(checkout), suite)
  console.log(`suite copied to ${suite}; installing its dependencies…`)
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: suite,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (install.status !== 0) throw new Error('npm install failed in the suite folder')

  const postgres = await startTestPostgres()
  const migrations = migrationsFolder(suite)
  const backend = await startBackend({
    port: 0,
    host: '127.0.0.1',
    log: false,
    writeLimitPerMinute: 0,
    databaseUrl: postgres.url,
    migrationsDir: migrations,
    txEnd: 'commit-allow-override', // as the suite's own PostgREST is configured
  })
  const seen: Seen = { refused: new Set(), serverErrors: new Set() }
  const proxy = await startProxy(backend.port, backend.anonKey, seen)
  const marker = join(suite, 'pgjs-test-marker.js')
  writeFileSync(marker, MARKER(proxy.port))
  try {
    const testDir = join(suite, 'test')
    for (const file of readdirSync(testDir).filter((name) => name.endsWith('.ts'))) {
      const path = join(testDir, file)
      const text = readFileSync(path, 'utf8').replace(
        /http:\/\/localhost:300[01]/g,
        `http://127.0.0.1:${proxy.port}`,
      )
      writeFileSync(path, text)
    }
    const output = join(suite, 'jest-result.json')
    mkdirSync(join(suite, 'coverage'), { recursive: true })
    // Asynchronously: the backend and the proxy answer from this same process.
    await new Promise<void>((done, fail) => {
      const jest = spawn(
        'npx',
        [
          'jest',
          '--runInBand',
          '--ci',
          '--forceExit',
          '--testTimeout=15000',
          '--coverage=false',
          `--setupFilesAfterEnv=${marker}`,
          '--json',
          `--outputFile=${output}`,
        ],
        {
          cwd: suite,
          stdio: ['ignore', 'ignore', process.env.PGJS_VERBOSE ? 'inherit' : 'ignore'],
        },
      )
      jest.on('error', fail)
      jest.on('exit', () => done())
    })
    const report = JSON.parse(readFileSync(output, 'utf8')) as JestReport
    let passed = 0
    const refused: string[] = []
    const wrong: string[] = []
    for (const file of report.testResults) {
      const name = file.name.slice(testDir.length + 1)
      if (file.assertionResults.length === 0 && file.message)
        wrong.push(`${name}: the file did not run (${file.message.split('\n')[0]})`)
      for (const test of file.assertionResults) {
        const label = `${name} › ${test.fullName}`
        if (seen.serverErrors.has(test.fullName)) wrong.push(`${label} (a 5xx answer)`)
        else if (test.status === 'passed') passed++
        else if (test.status !== 'failed') continue
        else if (seen.refused.has(test.fullName)) refused.push(label)
        else wrong.push(label)
      }
    }
    console.log(`passed: ${passed}`)
    console.log(`refused honestly: ${refused.length}`)
    console.log(`wrong: ${wrong.length}`)
    for (const test of wrong) console.log(`  wrong: ${test}`)
    if (process.env.PGJS_LIST_REFUSED) for (const test of refused) console.log(`  refused: ${test}`)
    console.log(`full report: ${output}`)
  } finally {
    proxy.close()
    await backend.close()
    await postgres.stop()
    rmSync(migrations, { recursive: true, force: true })
  }
}

await main()
