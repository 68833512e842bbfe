/**
 * The app-wide notices above every screen: the offline line and the update notice. Loaded with
 * `import()` after the first paint (none of it is needed to show the editor). The install affordance
 * sits below the screen instead (src/app/root-layout.tsx).
 */
import { OfflineStatus } from './offline-status'
import { UpdatePrompt } from './update-prompt'

/** The offline line, then the update notice. */
export function AppNotices() {
  return (
    <>
      <OfflineStatus />
      <UpdatePrompt />
    </>
  )
}
