import { visibleTimeout } from './visibleTimers'

/** Saves a blob through the browser's download (Electron shows a save dialog). */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  document.body.append(a)
  a.click()
  a.remove()
  // the download has the URL by then; a window hidden meanwhile lets go of it when shown again
  visibleTimeout(() => URL.revokeObjectURL(url), 10_000)
}
