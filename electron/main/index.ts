// The Electron entry: only registrars. Before `ready`, the scheme, sandbox and session rules
// (shell/boot.ts) and the single-instance claim; once ready, the shell (shell/start.ts: protocols,
// the app core, IPC, menu, tray, links, lifecycle). Every decision lives in a small module under
// ./shell or ./app; this file keeps no state but the windows Electron makes us hold.
import { app } from 'electron'
import { createLogger } from './log'
import { createLinkInbox, prepareElectron } from './shell/boot'
import { lightningLinkFromArgv } from './shell/links'
import { claimSingleInstance } from './shell/singleInstance'
import { startShell } from './shell/start'
import { createWindows } from './shell/windows'

const { urls, sessionRules } = prepareElectron()
const windows = createWindows()
const links = createLinkInbox()

if (
  claimSingleInstance(app, (argv) => {
    windows.showApp()
    const link = lightningLinkFromArgv(argv)
    if (link) links.receive(link)
  })
) {
  app.on('open-url', (event, url) => {
    event.preventDefault()
    links.receive(url)
  })
  const first = lightningLinkFromArgv(process.argv)
  if (first) links.receive(first)
  app
    .whenReady()
    .then(() => startShell({ urls, sessionRules, windows, deliverLinks: links.deliverTo }))
    .catch((err: unknown) => {
      // Redacted like every other line: a library's error message may carry a key.
      createLogger().error('Lightning Tray could not start', { error: err })
      app.exit(1)
    })
}
