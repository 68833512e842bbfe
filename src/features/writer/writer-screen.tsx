/** Unburden, the writing screen (/). */
import { useState } from 'react'
import { ScreenHeader } from '../../components/screen-header'
import { counterLabel } from '../../shared/thought'

/** The writing screen. */
export function WriterScreen() {
  const [text, setText] = useState('')
  return (
    <div className="screen">
      <ScreenHeader
        title="Unburden"
        links={[
          { to: '/void', label: 'The Void' },
          { to: '/return', label: 'Return to Yourself' },
        ]}
      />
      <main className="writer">
        <h2 className="writer__heading">What are you carrying today?</h2>
        <label htmlFor="thought" className="visually-hidden">
          Your thought
        </label>
        <textarea
          id="thought"
          className="writer__text"
          placeholder="Type your thoughts here… No one will see them unless you choose."
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <p className="writer__counter" aria-live="off">
          {counterLabel(text)}
        </p>
      </main>
    </div>
  )
}
