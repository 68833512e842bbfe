/**
 * Encrypted copies of the private entries: "Download an encrypted copy" (a passphrase of its own, or
 * the lock's) and reading one back in "Restore from a copy". The file is the plain copy encrypted
 * (docs/private-entries-format.md), so it can be opened without this app.
 */
import {
  ENTRIES_COPY_FORMAT,
  makeEntriesCopy,
  readEntriesCopy,
  type PrivateEntry,
} from '../private-entry'
import { downloadBlob } from '../../lib/download'
import { useAppStore } from '../../store'
import { decryptCopy, encryptCopy, LockError } from '../lock/envelope'
import { t } from './lock-words'
import { PassphraseDialog } from './passphrase-dialog'
import { useEstimator } from './estimator-context'
import { newPassphraseProblem } from './lock-settings'

/** The file name of an encrypted copy made at `now`. */
function encryptedCopyFileName(now: number): string {
  return `${ENTRIES_COPY_FORMAT}-${new Date(now).toISOString().slice(0, 10)}.encrypted.json`
}

/**
 * Asks for a passphrase twice, then downloads the entries, encrypted by it. They are read from the
 * store when the copy is made, so the dialog holds no reference to them meanwhile.
 */
export function EncryptedCopyDialog({ onClose }: { onClose: () => void }) {
  const estimator = useEstimator()
  return (
    <PassphraseDialog
      title={t('lock.copyTitle')}
      description={`${t('lock.copyChoose')} ${t('lock.forgottenCopy')}`}
      fields={[
        { label: t('lock.copyPassphrase'), autoComplete: 'new-password', strength: true },
        { label: t('lock.again'), autoComplete: 'new-password' },
      ]}
      submitLabel={t('lock.download')}
      busyLabel={t('lock.encrypting')}
      onCancel={onClose}
      onDone={onClose}
      onSubmit={async ([passphrase = '', again = '']) => {
        const problem = await newPassphraseProblem(passphrase, again, estimator)
        if (problem) return problem
        const now = Date.now()
        const { privateEntries } = useAppStore.getState()
        const copy = await encryptCopy(passphrase, makeEntriesCopy(privateEntries, now))
        downloadBlob(new Blob([copy], { type: 'application/json' }), encryptedCopyFileName(now))
        return ''
      }}
    />
  )
}

/** Asks for the passphrase of the encrypted copy `raw`, then hands its entries to `onEntries`. */
export function EncryptedRestoreDialog({
  raw,
  onEntries,
  onClose,
}: {
  raw: string
  onEntries: (entries: PrivateEntry[]) => Promise<void>
  onClose: () => void
}) {
  return (
    <PassphraseDialog
      title={t('lock.restoreTitle')}
      description={t('lock.restoreText')}
      fields={[{ label: t('lock.restorePassphrase'), autoComplete: 'current-password' }]}
      submitLabel={t('lock.restore')}
      busyLabel={t('lock.opening')}
      onCancel={onClose}
      onDone={onClose}
      onSubmit={async ([passphrase = '']) => {
        let plain: string
        try {
          plain = await decryptCopy(raw, passphrase)
        } catch (error) {
          if (!(error instanceof LockError)) throw error
          return error.kind === 'wrong-passphrase' ? t('lock.copyWrong') : t('lock.copyUnreadable')
        }
        const copy = readEntriesCopy(plain)
        if (!copy.ok) return copy.reason
        await onEntries(copy.entries)
        return ''
      }}
    />
  )
}
