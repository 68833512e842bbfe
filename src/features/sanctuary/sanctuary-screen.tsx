/** Return to Yourself (/return): the visitor's private entries. */
import { ScreenHeader } from '../../components/screen-header'

/** The private entries' screen. */
export function SanctuaryScreen() {
  return (
    <div className="screen">
      <ScreenHeader back title="Return to Yourself" links={[{ to: '/void', label: 'The Void' }]} />
      <main className="sanctuary">
        <p className="quiet">Your sanctuary is empty.</p>
      </main>
    </div>
  )
}
