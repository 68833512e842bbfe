/**
 * The Chromium the end-to-end tests drive, and `npm run screenshots` draws with: Debian's (never a
 * downloaded browser), seeing the Noto fonts `npm run test:setup` installs and nothing else
 * (tests/e2e/fonts.conf replaces the machine's font configuration), so a machine with more fonts
 * draws the same pixels.
 */
import { fileURLToPath } from 'node:url'

/** Where the browser is: CHROMIUM_PATH, else Debian's. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** The font configuration that lists only the Noto folders. */
export const FONTCONFIG_FILE = fileURLToPath(new URL('../fonts.conf', import.meta.url))

/** The launch options both give Chromium. */
export const chromiumLaunchOptions = () => ({
  executablePath: CHROMIUM_PATH,
  env: { ...process.env, FONTCONFIG_FILE },
  args: [
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
})
