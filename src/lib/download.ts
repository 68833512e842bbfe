/** Saving a file the page made: one hidden download link, its object URL revoked once the save began. */

/** Saves `blob` as a file named `fileName`. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Some browsers read the URL after click() returns: it is revoked a minute later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
