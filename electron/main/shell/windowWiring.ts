// What every window main makes gets, the normal one and the popover alike: events once its page
// has loaded, crash and hang recovery, and close-to-tray (the normal window only: menubar lets go
// of a popover on `close`, whatever we do, and makes a new one on the next show).
import type { BrowserWindow, MessageBoxOptions } from 'electron'
import type { EventSink } from './events'
import { closeAction } from './lifecycle'
import { superviseRenderer } from './recovery'

export function wireWindow(
  w: BrowserWindow,
  deps: {
    sink: EventSink
    showMessageBox: (w: BrowserWindow, options: MessageBoxOptions) => Promise<{ response: number }>
    quit: () => void
    isQuitting: () => boolean
    hasTray: () => boolean
    log: (message: string, fields: Record<string, unknown>) => void
    onClosed: () => void
    /** the window was shown (the clipboard offer reads the clipboard then) */
    onShown?: () => void
    hideOnClose: boolean
  },
): void {
  const { sink } = deps
  w.webContents.on('did-finish-load', () => sink.attach(w.webContents))
  w.webContents.on('did-start-loading', () => sink.detach())
  superviseRenderer({
    contents: w.webContents,
    notice: (message) => sink.emit('notice', { level: 'warning', message }),
    askAfterRepeatedFailure: async ({ message, detail }) => {
      const options = {
        type: 'error' as const,
        message,
        detail,
        buttons: ['Reload', 'Quit'],
        defaultId: 0,
        cancelId: 0,
      }
      const { response } = await deps.showMessageBox(w, options)
      return response === 1 ? 'quit' : 'reload'
    },
    quit: deps.quit,
    isQuitting: deps.isQuitting,
    log: deps.log,
  })
  w.on('show', () => deps.onShown?.())
  w.on('close', (event) => {
    if (deps.hideOnClose && closeAction({ quitting: deps.isQuitting(), hasTray: deps.hasTray() }) === 'hide') {
      event.preventDefault()
      w.hide()
    }
  })
  w.on('closed', () => {
    sink.detach()
    deps.onClosed()
  })
}
