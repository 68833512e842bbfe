/**
 * The new-passphrase field's meter and the policy at the dialog's button, with the estimator (a
 * worker in the app) replaced by given estimates: what holds is always said; the estimate comes
 * once typing pauses, in a polite live region the field is described by; a refused passphrase says
 * why and locks nothing.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PassphraseEstimator } from '../../../src/private-entries/lock/passphrase-estimator'
import type { PassphraseEstimate } from '../../../src/private-entries/lock/passphrase-strength'
import { EstimatorContext } from '../../../src/private-entries/ui/estimator-context'

const estimator = vi.hoisted(() => ({
  estimates: new Map<string, PassphraseEstimate>(),
  asked: [] as string[],
  open: 0,
  failing: false,
}))

/** The estimator the screen would hand its fields, answering with the given estimates. */
const fakeEstimator: PassphraseEstimator = {
  open: () => {
    estimator.open++
    return () => void estimator.open--
  },
  estimate: (passphrase: string) => {
    estimator.asked.push(passphrase)
    if (estimator.failing) return Promise.reject(new Error('no worker'))
    return Promise.resolve(estimator.estimates.get(passphrase) ?? { guesses: 1e20, leaked: false })
  },
}

const { PassphraseDialog } = await import('../../../src/private-entries/ui/passphrase-dialog')
const { newPassphraseProblem } = await import('../../../src/private-entries/ui/lock-settings')
const { GPU_GUESSES_PER_SECOND, METER_DELAY_MS } = {
  ...(await import('../../../src/private-entries/lock/passphrase-policy')),
  ...(await import('../../../src/private-entries/ui/passphrase-meter')),
}

const HOUR = 3600 * GPU_GUESSES_PER_SECOND

beforeEach(() => {
  vi.useFakeTimers()
  estimator.estimates = new Map([
    ['password', { guesses: 3, leaked: true }],
    ['sunshine flowers', { guesses: 3 * HOUR, leaked: false }],
    ['kettle orbit maple quietly', { guesses: 1e20, leaked: false }],
  ])
  estimator.asked = []
  estimator.failing = false
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

function renderDialog(onSubmit: (values: string[]) => Promise<string> = async () => '') {
  render(
    <EstimatorContext value={fakeEstimator}>
      <PassphraseDialog
        title="Lock my entries"
        description="Choose a passphrase."
        fields={[
          { label: 'Passphrase', autoComplete: 'new-password', strength: true },
          { label: 'The same passphrase again', autoComplete: 'new-password' },
        ]}
        submitLabel="Lock my entries"
        busyLabel="Locking…"
        onSubmit={onSubmit}
        onCancel={() => undefined}
        onDone={() => undefined}
      />
    </EstimatorContext>,
  )
  return { field: screen.getByLabelText('Passphrase'), status: screen.getByRole('status') }
}

async function type(field: HTMLElement, value: string) {
  fireEvent.change(field, { target: { value } })
  await act(async () => {
    await vi.advanceTimersByTimeAsync(METER_DELAY_MS)
  })
}

describe('the meter under a new passphrase', () => {
  it('says what holds, and is what the field is described by', () => {
    const { field, status } = renderDialog()
    expect(
      screen.getByText(
        'A few unrelated words hold best. A name, a date or a well-known phrase is guessed first.',
      ),
    ).toBeTruthy()
    const describedBy = field.getAttribute('aria-describedby')?.split(' ') ?? []
    const hint = screen.getByText(/^A few unrelated words/)
    expect(describedBy).toEqual(expect.arrayContaining([hint.id, status.id]))
    // Only the new passphrase has a meter; the field typed again has none.
    expect(
      screen.getByLabelText('The same passphrase again').getAttribute('aria-describedby'),
    ).not.toContain(status.id)
    expect(estimator.open).toBe(1)
  })

  it('estimates once typing pauses, not at every key', async () => {
    const { field, status } = renderDialog()
    fireEvent.change(field, { target: { value: 'sun' } })
    fireEvent.change(field, { target: { value: 'sunshine' } })
    await act(async () => {
      await vi.advanceTimersByTimeAsync(METER_DELAY_MS - 1)
    })
    expect(estimator.asked).toEqual([])
    expect(status.textContent).toBe('')
    await type(field, 'sunshine flowers')
    expect(estimator.asked).toEqual(['sunshine flowers'])
    expect(status.textContent).toBe(
      'One graphics card would guess it in about 3 hours.' +
        'That is less than a day. Add a few unrelated words.',
    )
    expect(status.className).toContain('lock-form__strength--refused')
  })

  it('says a leaked password is refused, and a strong one is enough', async () => {
    const { field, status } = renderDialog()
    await type(field, 'password')
    expect(status.textContent).toBe(
      'One graphics card would guess it in under a second.' +
        'It is on the lists of leaked passwords that are tried first.',
    )
    await type(field, 'kettle orbit maple quietly')
    expect(status.textContent).toBe(
      'One graphics card would need more than a century to guess it.Strong enough.',
    )
    expect(status.className).not.toContain('refused')
    // An emptied field says nothing.
    await type(field, '')
    expect(status.textContent).toBe('')
  })

  it('says so when the estimator cannot answer', async () => {
    estimator.failing = true
    const { field, status } = renderDialog()
    await type(field, 'kettle orbit maple quietly')
    expect(status.textContent).toBe(
      'The passphrase could not be checked just now. Nothing has been changed. Try again in a moment.',
    )
  })

  it('ends the estimator when the dialog goes', () => {
    renderDialog()
    expect(estimator.open).toBe(1)
    cleanup()
    expect(estimator.open).toBe(0)
  })
})

describe('the policy when a new passphrase is chosen', () => {
  it('refuses a short one, a leaked one and one guessed within a day, with the reason', async () => {
    expect(await newPassphraseProblem('short', 'short', fakeEstimator)).toBe(
      'Choose a passphrase of at least 8 characters.',
    )
    expect(await newPassphraseProblem('password', 'password', fakeEstimator)).toBe(
      'This passphrase is on the lists of leaked passwords that are tried first. Choose another.',
    )
    expect(await newPassphraseProblem('sunshine flowers', 'sunshine flowers', fakeEstimator)).toBe(
      'One graphics card could guess this passphrase within a day. Add a few unrelated words.',
    )
    estimator.failing = true
    expect(
      await newPassphraseProblem(
        'kettle orbit maple quietly',
        'kettle orbit maple quietly',
        fakeEstimator,
      ),
    ).toBe(
      'The passphrase could not be checked just now. Nothing has been changed. Try again in a moment.',
    )
  })

  it('takes a few unrelated words typed twice the same', async () => {
    const strong = 'kettle orbit maple quietly'
    expect(await newPassphraseProblem(strong, strong, fakeEstimator)).toBe('')
    expect(await newPassphraseProblem(strong, `${strong}!`, fakeEstimator)).toBe(
      'The two passphrases are not the same.',
    )
  })

  it('shows the reason at the dialog’s button, where the action is refused', async () => {
    const action = vi.fn()
    const { field } = renderDialog(async ([passphrase = '', again = '']) => {
      const problem = await newPassphraseProblem(passphrase, again, fakeEstimator)
      if (!problem) action()
      return problem
    })
    fireEvent.change(field, { target: { value: 'sunshine flowers' } })
    fireEvent.change(screen.getByLabelText('The same passphrase again'), {
      target: { value: 'sunshine flowers' },
    })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Lock my entries' }))
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(screen.getByRole('alert').textContent).toBe(
      'One graphics card could guess this passphrase within a day. Add a few unrelated words.',
    )
    expect(action).not.toHaveBeenCalled()
  })
})
