/**
 * Sharing a thought: the device's share sheet where it exists, otherwise the clipboard with a toast.
 * Share images go to the share sheet where the device can share files, otherwise they are downloaded.
 * A share the visitor cancels says nothing.
 */
import { downloadBlob } from '../../../lib/download'
import { useAppStore } from '../../../store'
import { SHARE_IMAGES, renderShareImage, type ShareImageKind } from './share-image'
import { translator } from '../../../i18n/i18n'
import { VOID_MESSAGES } from '../../../i18n/messages/void'

const t = translator(VOID_MESSAGES)

function isCancel(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

function toast(title: string, description?: string) {
  useAppStore.getState().showToast(description ? { title, description } : { title })
}

/** Shares `text` with the current address, or copies it to the clipboard and says so. */
export async function shareThought(text: string): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ text, url: location.href })
      return
    } catch (error) {
      if (isCancel(error)) return
      console.warn('Sharing failed; copying instead', error)
    }
  }
  try {
    await navigator.clipboard.writeText(text)
    toast(t('share.copiedTitle'), t('share.copiedText'))
  } catch (error) {
    console.warn('Copying failed', error)
    toast(t('share.failedTitle'), t('share.failedText'))
  }
}

/** Makes the Square or Story image of `text`, then offers it to the share sheet or downloads it. */
export async function shareThoughtImage(kind: ShareImageKind, text: string): Promise<void> {
  const { fileName } = SHARE_IMAGES[kind]
  let blob: Blob
  try {
    blob = await renderShareImage(kind, text, location.host)
  } catch (error) {
    console.error('The share image could not be made', error)
    toast(t('share.imageFailedTitle'), t('share.imageFailedText'))
    return
  }
  const file = new File([blob], fileName, { type: 'image/png' })
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file] })
      return
    } catch (error) {
      if (isCancel(error)) return
      console.warn('Sharing the image failed; downloading instead', error)
    }
  }
  downloadBlob(blob, fileName)
}
