/**
 * The app-wide notices above every screen: the offline line, the update notice and the install
 * affordance. Loaded with `import()` after the first paint (none of it is needed to show the editor).
 */
import { InstallPrompt } from './install-prompt'
import { OfflineStatus } from './offline-status'
import { UpdatePrompt } from './update-prompt'

/** The offline line, then the update notice, then the install affordance. */
export function AppNotices() {
  return (
    <>
      <OfflineStatus />
      <UpdatePrompt />
      <InstallPrompt />
    </>
  )
}
