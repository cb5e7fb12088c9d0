// The permission handlers every session gets: the app's own features (Copy, Paste, the QR camera)
// from the app's own main frame, and nothing else from anyone.
import { describe, expect, it } from 'vitest'
import { APP_ORIGIN } from '../../../electron/main/shell/origins'
import {
  APP_PERMISSIONS,
  permissionCheckHandler,
  permissionRequestHandler,
} from '../../../electron/main/shell/permissions'

const trusted = [APP_ORIGIN]
const page = `${APP_ORIGIN}/index.html`
const fromApp = { requestingUrl: page, isMainFrame: true }

function ask(permission: string, details: object, origins: readonly string[] = trusted): boolean | undefined {
  let granted: boolean | undefined
  permissionRequestHandler(origins)(
    null,
    permission,
    (g) => {
      granted = g
    },
    details,
  )
  return granted
}
const check = (permission: string, origin: string, details: object) =>
  permissionCheckHandler(trusted)(null, permission, origin, { isMainFrame: true, ...details })

// Every permission name Electron 45 may ask about (electron.d.ts), less the three the app uses.
const OTHERS = [
  'ar',
  'automatic-fullscreen',
  'background-fetch',
  'background-sync',
  'captured-surface-control',
  'deprecated-sync-clipboard-read',
  'display-capture',
  'fileSystem',
  'fullscreen',
  'geolocation',
  'geolocation-approximate',
  'hand-tracking',
  'hid',
  'idle-detection',
  'keyboardLock',
  'local-fonts',
  'local-network',
  'local-network-access',
  'loopback-network',
  'mediaKeySystem',
  'midi',
  'midiSysex',
  'nfc',
  'notifications',
  'openExternal',
  'payment-handler',
  'periodic-background-sync',
  'persistent-storage',
  'pointerLock',
  'screen-wake-lock',
  'sensors',
  'serial',
  'smart-card',
  'speaker-selection',
  'storage-access',
  'system-wake-lock',
  'top-level-storage-access',
  'usb',
  'vr',
  'web-app-installation',
  'web-printing',
  'window-management',
  'unknown',
]

describe('permission requests', () => {
  it('the app uses exactly clipboard write (Copy), clipboard read (Paste) and media (the camera)', () => {
    expect([...APP_PERMISSIONS].sort()).toEqual(['clipboard-read', 'clipboard-sanitized-write', 'media'])
  })

  it('grants Copy and Paste to the app’s main frame', () => {
    expect(ask('clipboard-sanitized-write', fromApp)).toBe(true)
    expect(ask('clipboard-read', fromApp)).toBe(true)
  })

  it('grants the camera, video only, to the app’s main frame', () => {
    expect(ask('media', { ...fromApp, mediaTypes: ['video'], securityOrigin: APP_ORIGIN })).toBe(true)
    expect(ask('media', { ...fromApp, mediaTypes: ['video'] })).toBe(true)
    expect(ask('media', { ...fromApp, mediaTypes: ['audio'] })).toBe(false)
    expect(ask('media', { ...fromApp, mediaTypes: ['video', 'audio'] })).toBe(false)
    expect(ask('media', { ...fromApp, mediaTypes: [] })).toBe(false)
    expect(ask('media', fromApp)).toBe(false)
    expect(ask('media', { ...fromApp, mediaTypes: ['video'], securityOrigin: 'https://evil.example' })).toBe(false)
  })

  it('refuses every other permission, even to the app', () => {
    for (const p of OTHERS) expect(ask(p, { ...fromApp, mediaTypes: ['video'] }), p).toBe(false)
  })

  it('refuses the app’s permissions to subframes, other origins and pages off the app', () => {
    for (const p of APP_PERMISSIONS) {
      const details = { mediaTypes: ['video'] }
      expect(ask(p, { ...fromApp, ...details, isMainFrame: false }), p).toBe(false)
      expect(ask(p, { ...details, requestingUrl: page }), p).toBe(false)
      expect(ask(p, { ...details, requestingUrl: 'https://evil.example/', isMainFrame: true }), p).toBe(false)
      expect(ask(p, { ...details, requestingUrl: 'file:///tmp/x.html', isMainFrame: true }), p).toBe(false)
      expect(ask(p, { ...details, requestingUrl: 'app://bundle.evil/index.html', isMainFrame: true }), p).toBe(false)
      expect(ask(p, { ...details, requestingUrl: 'http://localhost:5173/', isMainFrame: true }), p).toBe(false)
      expect(ask(p, { ...details, isMainFrame: true }), p).toBe(false)
    }
  })

  it('trusts the dev server’s origin only when it is the trusted one', () => {
    const dev = ['http://localhost:5173']
    const details = { requestingUrl: 'http://localhost:5173/', isMainFrame: true }
    expect(ask('clipboard-sanitized-write', details, dev)).toBe(true)
    expect(ask('clipboard-sanitized-write', fromApp, dev)).toBe(false)
  })
})

describe('permission checks', () => {
  it('answer yes for Copy, Paste and the camera from the app’s main frame', () => {
    expect(check('clipboard-sanitized-write', APP_ORIGIN, { requestingUrl: page })).toBe(true)
    expect(check('clipboard-read', APP_ORIGIN, { requestingUrl: page })).toBe(true)
    expect(check('media', APP_ORIGIN, { requestingUrl: page, mediaType: 'video', securityOrigin: APP_ORIGIN })).toBe(
      true,
    )
    // a check made for no document (no requestingUrl) still needs the app's origin
    expect(check('clipboard-read', APP_ORIGIN, {})).toBe(true)
  })

  it('answer no to the microphone and to media checks that do not say video', () => {
    expect(check('media', APP_ORIGIN, { requestingUrl: page, mediaType: 'audio' })).toBe(false)
    expect(check('media', APP_ORIGIN, { requestingUrl: page, mediaType: 'unknown' })).toBe(false)
    expect(check('media', APP_ORIGIN, { requestingUrl: page })).toBe(false)
  })

  it('answer no to everything else, and to anyone else', () => {
    for (const p of OTHERS) expect(check(p, APP_ORIGIN, { requestingUrl: page, mediaType: 'video' }), p).toBe(false)
    for (const p of APP_PERMISSIONS) {
      const d = { requestingUrl: page, mediaType: 'video' }
      expect(check(p, APP_ORIGIN, { ...d, isMainFrame: false }), p).toBe(false)
      expect(check(p, APP_ORIGIN, { ...d, embeddingOrigin: 'https://evil.example' }), p).toBe(false)
      expect(check(p, 'https://evil.example', { ...d, requestingUrl: 'https://evil.example/' }), p).toBe(false)
      expect(check(p, 'https://evil.example', d), p).toBe(false)
      expect(check(p, APP_ORIGIN, { ...d, requestingUrl: 'https://evil.example/' }), p).toBe(false)
      expect(check(p, APP_ORIGIN, { ...d, securityOrigin: 'https://evil.example' }), p).toBe(false)
      expect(check(p, 'null', d), p).toBe(false)
    }
  })
})
