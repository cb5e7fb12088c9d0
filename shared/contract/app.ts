// The app and its shell: what it is, the tray popover's pin, links opened in the browser.
import { z } from 'zod'
import { none, op } from './base'

/** The product's name: window title, tray, menus, notifications and `app.info`. */
export const APP_NAME = 'Lightning Tray'

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  platform: z.string(),
  /** true in the browser preview (`npm run demo:web`), false in Electron */
  preview: z.boolean(),
  keychain: z.enum(['available', 'unavailable', 'unknown']),
})

export const appOps = {
  'app.info': op('read', none, AppInfo),
  // the tray popover (docs/shell.md, "Shell")
  /**
   * Keeps the popover open when it loses focus (macOS, Windows); without `pinned` it only tells
   * the pin in force. `available` is false where there is no popover.
   */
  'window.pin': op(
    'local',
    z.object({ pinned: z.boolean().optional() }).strict(),
    z.object({ pinned: z.boolean(), available: z.boolean() }),
  ),
  /** Opens a link (a success action's) in the person's browser when asked; https only, checked in main. */
  'link.open': op('local', z.object({ url: z.string().max(2048) }).strict(), z.object({ opened: z.literal(true) })),
} as const

/** What these operations may do while the app is locked (the rule is in index.ts). */
export const appWhileLocked = {
  'app.info': 'open',
  'window.pin': 'open',
  'link.open': 'refused',
} as const
