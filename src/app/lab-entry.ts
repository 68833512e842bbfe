/**
 * The network lab's only first-paint code. It loads the small lab-door chunk shortly
 * after start (src/features/lab/lab-boot.ts decides whether the lab comes up at all) and nothing else, so it
 * costs the first paint a few dozen bytes. It never throws: the app renders whatever happens.
 */

/** Loads the lab's boot chunk half a second after start. */
export function startLab(): void {
  setTimeout(
    () =>
      // A chunk that cannot load names itself in the error: the warning needs no words of its own.
      void import('./lab-door').then((lab) => lab.bootLab()).catch(console.warn),
    500,
  )
}
