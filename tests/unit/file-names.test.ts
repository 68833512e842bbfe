/**
 * One name, one file: under src/ and sw/ no two modules share a file name, so a name met in an
 * import, a stack trace or a doc points at one place.
 */
import { execFileSync } from 'node:child_process'
import { basename, resolve } from 'node:path'
import { expect, it } from 'vitest'

const ROOT = resolve(__dirname, '../..')

it('no two files under src/ or sw/ have the same name', () => {
  const files = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', 'src', 'sw'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter((file) => file !== '' && !file.endsWith('.gitkeep'))
  const byName = new Map<string, string[]>()
  for (const file of files)
    byName.set(basename(file), [...(byName.get(basename(file)) ?? []), file])
  const shared = [...byName.values()].filter((paths) => paths.length > 1)
  expect(shared).toEqual([])
})
