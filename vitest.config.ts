import react from '@vitejs/plugin-react'
import { configDefaults, defineConfig } from 'vitest/config'
import { zoneCountriesModule } from './scripts/zone-countries.ts'

// Vitest 5's reporter groups failures with Map.groupBy, which Node 20 lacks: without this, a failing
// test crashes the report instead of showing why it failed.
if (!('groupBy' in Map)) {
  Object.defineProperty(Map, 'groupBy', {
    value<K, V>(items: Iterable<V>, key: (item: V, index: number) => K): Map<K, V[]> {
      const groups = new Map<K, V[]>()
      let index = 0
      for (const item of items) {
        const k = key(item, index++)
        const group = groups.get(k)
        if (group) group.push(item)
        else groups.set(k, [item])
      }
      return groups
    },
  })
}
// A test's environment is chosen one way, by its file name: `*.test.tsx` runs in happy-dom (anything
// that needs a DOM, a window or a navigator, with or without JSX), `*.test.ts` in Node (plain
// TypeScript: the page's plain rules and what it shares with the worker, the service worker's
// modules, the server). No file names its own environment. Every test fails on a network call it did not expect
// (tests/unit/setup/no-network.ts) and ends only once the modules it started loading have loaded
// (tests/unit/setup/settle-imports.ts). The backend's tests start databases (PGlite, PostgreSQL, the
// Supabase CLI's deploys), which takes minutes: they are a project of their own, `db`
// (`npm run test:db`), so that `npm run check` stays quick.
const DATABASE_TESTS = 'tests/unit/server/**/*.test.ts'
const SETUP_FILES = [
  'tests/unit/setup/no-network.ts',
  'tests/unit/setup/settle-imports.ts',
  'fake-indexeddb/auto',
]

export default defineConfig({
  plugins: [react(), zoneCountriesModule()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          exclude: [...configDefaults.exclude, DATABASE_TESTS],
          setupFiles: SETUP_FILES,
        },
      },
      {
        extends: true,
        test: {
          name: 'db',
          environment: 'node',
          include: [DATABASE_TESTS],
          setupFiles: SETUP_FILES,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['tests/unit/**/*.test.tsx'],
          setupFiles: SETUP_FILES,
        },
      },
      {
        extends: true,
        test: { name: 'build', environment: 'node', include: ['tests/build/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'engines',
          environment: 'node',
          include: ['tests/engines/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
