/**
 * Whether this page has asked a waiting service worker to take over ("A new version is ready" →
 * Reload). From then until the page reloads, nothing else may message the worker that still
 * controls it: in Chromium, a message that reaches the old worker just after the new one calls
 * skipWaiting() can leave the new one waiting for as long as the page stays open, so Reload would
 * do nothing. The lab's bridge (src/features/lab/lab-worker-bridge.ts) keeps quiet while this is set.
 */
let switching = false

/** Marks that the page is switching to the waiting version; it reloads once that version controls it. */
export function markVersionSwitch(): void {
  switching = true
}

/** True once the page has asked the waiting version to take over. */
export function versionSwitchPending(): boolean {
  return switching
}
