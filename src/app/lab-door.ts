/**
 * The network lab's boot chunk, loaded by src/app/lab-entry.ts after start: the lab decides whether
 * it comes up (src/features/lab/lab-boot.ts), and the app mounts its panel (src/app/lab-mount.tsx),
 * which a feature may not import. Its own chunk, so the first paint knows neither.
 */
import type { LabStart } from '../features/lab/lab-root'
import { bootLab as bootLabFeature } from '../features/lab/lab-boot'

const show = (start: LabStart): Promise<void> =>
  import('./lab-mount').then(
    (lab) => lab.mountLab(start),
    (error: unknown) => console.warn('Network lab not loaded', error),
  )

/** Brings the lab up when asked for, or listens for the reasons it may come up later. */
export function bootLab(): void {
  bootLabFeature(show)
}
