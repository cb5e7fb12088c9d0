// What Electron needs before `ready`: the app scheme's privileges, a sandbox for every renderer,
// the session rules for every session, the app's name; and the links that arrive before the app
// can act on them (macOS delivers them before `ready`), kept until it can.
import { APP_NAME } from '@shared/contract'
import { app, protocol } from 'electron'
import { APP_SCHEME_PRIVILEGES } from './appProtocol'
import { startChromiumInSavedLanguage } from './chromiumLanguage'
import { CSP, DEV_CSP } from './csp'
import { type AppUrls, resolveAppUrls } from './origins'
import { hardenSession } from './security'

const APP_ID = 'org.lightningtray.app'

export type SessionRules = Parameters<typeof hardenSession>[1]

export function prepareElectron(): { urls: AppUrls; sessionRules: SessionRules } {
  // Must happen before `ready`.
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES])
  // Every renderer sandboxed, whatever a window's options say.
  app.enableSandbox()
  const urls = resolveAppUrls({ isPackaged: app.isPackaged, devUrl: process.env.ELECTRON_RENDERER_URL })
  const sessionRules = { trustedOrigins: urls.trustedOrigins, csp: urls.dev ? DEV_CSP : CSP }
  // Every session, the default one and any made later, gets the permission rules and the CSP header.
  app.on('session-created', (created) => hardenSession(created, sessionRules))
  app.setName(APP_NAME)
  if (process.platform === 'win32') app.setAppUserModelId(APP_ID)
  startChromiumInSavedLanguage(app)
  return { urls, sessionRules }
}

/** Links received before the app can act on them wait here; `deliverTo` hands them over, then each as it comes. */
export function createLinkInbox() {
  let onLink: ((link: string) => void) | null = null
  const early: string[] = []
  return {
    receive: (link: string) => (onLink ? onLink(link) : early.push(link)),
    deliverTo(handler: (link: string) => void) {
      onLink = handler
      for (const link of early.splice(0)) handler(link)
    },
  }
}
