/** The Void (/void): the public wall. */
import { ScreenHeader } from '../../components/screen-header'

/** The Void's screen. */
export function VoidScreen() {
  return (
    <div className="screen">
      <ScreenHeader
        back
        title="THE VOID"
        links={[{ to: '/return', label: 'Return to Yourself' }]}
      />
      <main className="void">
        <p className="quiet" role="status">
          Loading thoughts...
        </p>
      </main>
    </div>
  )
}
