/**
 * No test ends while a module it started loading is still loading. A screen loads parts of itself
 * with `import()` (a chunk after the first paint, a dialog, the 404 page), and a test may pass before
 * they arrive: left running, such a load ends in the next test, or after the file's environment is
 * torn down, where it fails (an EnvironmentTeardownError the app reports as a warning). Each test
 * waits for them here, after its own clean-up: a load that never ends fails the test's hooks.
 */
import { afterEach, vi } from 'vitest'

afterEach(async () => {
  await vi.dynamicImportSettled()
})
