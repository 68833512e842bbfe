/**
 * The build prints no warning. Loading vite.config.ts is where most of them came from: Vite checks
 * that every file the config imports (scripts/, and the parts of src/ and server/ they import) could
 * be loaded by Node itself, its `configLoader: 'native'`, and prints a line for each import without
 * a file extension. This loads the config the way `vite build` does and fails on any warning.
 */
import { fileURLToPath } from 'node:url'
import { createLogger, loadConfigFromFile } from 'vite'
import { expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))

it('loading vite.config.ts prints no warning', async () => {
  const warnings: string[] = []
  const logger = createLogger('warn')
  logger.warn = (message) => void warnings.push(message)
  logger.warnOnce = (message) => void warnings.push(message)
  const loaded = await loadConfigFromFile(
    { command: 'build', mode: 'production' },
    undefined,
    root,
    'warn',
    logger,
    'bundle',
  )
  expect(loaded?.path).toMatch(/vite\.config\.ts$/)
  expect(warnings).toEqual([])
}, 30_000)
