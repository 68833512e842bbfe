import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConfirmDialog, Dialog } from '../../../src/components/dialog'

afterEach(cleanup)

function Harness({ onCancel }: { onCancel: () => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog
          title="A question"
          description="Some words"
          onCancel={() => {
            onCancel()
            setOpen(false)
          }}
        >
          <button type="button">First</button>
          <button type="button">Last</button>
        </Dialog>
      )}
    </>
  )
}

describe('Dialog', () => {
  it('is a labelled, described modal dialog that takes the focus', () => {
    render(<Harness onCancel={() => undefined} />)
    fireEvent.click(screen.getByRole('button', { name: 'Open' }))
    const dialog = screen.getByRole('dialog', { name: 'A question' })
    expect(dialog.getAttribute('aria-describedby')).toBe(
      screen.getByText('Some words').getAttribute('id'),
    )
    expect(document.activeElement).toBe(dialog)
  })

  it('keeps Tab inside, wrapping both ways', () => {
    render(<Harness onCancel={() => undefined} />)
    fireEvent.click(screen.getByRole('button', { name: 'Open' }))
    const first = screen.getByRole('button', { name: 'First' })
    const last = screen.getByRole('button', { name: 'Last' })
    last.focus()
    fireEvent.keyDown(last, { key: 'Tab' })
    expect(document.activeElement).toBe(first)
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(last)
  })

  it('cancels on Escape and gives the focus back', async () => {
    const onCancel = vi.fn()
    render(<Harness onCancel={onCancel} />)
    const opener = screen.getByRole('button', { name: 'Open' })
    opener.focus()
    fireEvent.click(opener)
    const dialog = screen.getByRole('dialog')
    await act(async () => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }))
    })
    expect(onCancel).toHaveBeenCalledOnce()
    expect(screen.queryByRole('dialog')).toBeNull()
    await act(async () => await Promise.resolve())
    expect(document.activeElement).toBe(opener)
  })
})

describe('ConfirmDialog', () => {
  it('focuses Cancel first, and while busy neither button acts', () => {
    const onConfirm = vi.fn()
    const onCancel = vi.fn()
    const { rerender } = render(
      <ConfirmDialog
        title="Let this thought go?"
        description="This will permanently delete your thought. It cannot be recovered."
        confirmLabel="Let it go"
        destructive
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    )
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }))
    rerender(
      <ConfirmDialog
        title="Let this thought go?"
        description="This will permanently delete your thought. It cannot be recovered."
        confirmLabel="Let it go"
        destructive
        busy
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Let it go' }))
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onConfirm).not.toHaveBeenCalled()
    expect(onCancel).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Let it go' }).getAttribute('aria-disabled')).toBe(
      'true',
    )
  })
})
