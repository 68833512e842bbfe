/**
 * `npm run bench`: runs every suite in bench/suites/ in turn and prints its figures.
 * A suite is a module exporting `name` and `run(): Promise<void>` that prints its own lines.
 */
import { readdirSync } from 'node:fs'

const dir = new URL('./suites/', import.meta.url)
const only = process.argv[2]
const files = readdirSync(dir)
  .filter((file) => file.endsWith('.ts'))
  .filter((file) => !only || file.includes(only))
  .sort()

if (files.length === 0) {
  console.error('No bench suites found.')
  process.exit(1)
}
for (const file of files) {
  const suite = (await import(new URL(file, dir).href)) as {
    name: string
    run: () => Promise<void>
  }
  console.log(`\n## ${suite.name}`)
  await suite.run()
}
