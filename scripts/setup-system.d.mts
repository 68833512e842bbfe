/** Types of scripts/setup-system.mjs, for its unit test. */
export declare const SYSTEM_PACKAGES: ReadonlyArray<{ name: string; why: string }>
/** The apt-get commands that install `missing`. */
export declare function installCommands(missing: string[], options?: { sudo?: boolean }): string[][]
/** Checks every package and installs the missing ones. */
export declare function setupSystem(deps: {
  isInstalled: (name: string) => boolean
  run: (argv: string[]) => void
  isRoot: boolean
  hasSudo: boolean
  log?: (line: string) => void
}): 'present' | 'installed' | 'no-rights'
