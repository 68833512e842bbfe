/**
 * The app-wide notices above every screen: the offline line and the update notice. Loaded with
 * `import()` after the first paint (none of it is needed to show the editor). The install affordance
 * sits below the screen instead (src/app/app-frame.tsx).
 */
import { OfflineStatus } from './offline-status'
import { UpdatePrompt } from './update-prompt'
import { useLanguage } from './use-language'

/** The offline line, then the update notice. */
export function AppNotices() {
  useLanguage()
  return (
    <>
      <OfflineStatus />
      <UpdatePrompt />
    </>
  )
}
