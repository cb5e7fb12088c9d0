// Settings the desktop carries out: the tray's total, start at login, the clipboard offer, a global
// shortcut, and the popover's pin (shown only where there is a popover: macOS and Windows).
import type { Settings as SettingsT } from '@shared/contract'
import { type FormEvent, useEffect, useState } from 'react'
import { invoke } from '../api'
import { TextField } from '../components/TextField'
import { useSettings } from '../stores/settings'

export function DesktopPrefs({ settings }: { settings: SettingsT }) {
  const update = useSettings((s) => s.update)
  const saving = useSettings((s) => s.saving)
  const [shortcut, setShortcut] = useState(settings.shortcut)
  useEffect(() => setShortcut(settings.shortcut), [settings.shortcut])
  function saveShortcut(e: FormEvent) {
    e.preventDefault()
    void update({ shortcut: shortcut.trim() })
  }
  return (
    <fieldset>
      <legend>Desktop</legend>
      <label className="check" htmlFor="tray-total">
        <input
          id="tray-total"
          type="checkbox"
          checked={settings.trayTotal}
          onChange={(e) => void update({ trayTotal: e.target.checked })}
        />
        Show the total balance on the tray icon
      </label>
      <label className="check" htmlFor="open-at-login">
        <input
          id="open-at-login"
          type="checkbox"
          checked={settings.openAtLogin}
          onChange={(e) => void update({ openAtLogin: e.target.checked })}
        />
        Open the app when I log in
      </label>
      <label className="check" htmlFor="offer-clipboard">
        <input
          id="offer-clipboard"
          type="checkbox"
          checked={settings.offerClipboard}
          onChange={(e) => void update({ offerClipboard: e.target.checked })}
        />
        Offer to pay what is on the clipboard when the window opens
      </label>
      <form onSubmit={saveShortcut} noValidate className="inline">
        <TextField
          id="shortcut"
          label="Shortcut to open the app from anywhere (empty for none)"
          placeholder="CommandOrControl+Shift+L"
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          value={shortcut}
          onValue={setShortcut}
        />
        <button type="submit" disabled={saving} aria-label="Save shortcut">
          Save
        </button>
      </form>
      <PinToggle />
    </fieldset>
  )
}

/** Keeps the tray popover open when it loses focus. Hidden where there is no popover. */
export function PinToggle() {
  const [pin, setPin] = useState<{ pinned: boolean; available: boolean } | null>(null)
  useEffect(() => {
    let live = true
    // asked without a pin: only tells whether there is a popover and whether it is pinned
    void invoke('window.pin', {}).then((r) => {
      if (live && r.ok) setPin(r.value)
    })
    return () => {
      live = false
    }
  }, [])
  if (!pin?.available) return null
  return (
    <label className="check" htmlFor="pin">
      <input
        id="pin"
        type="checkbox"
        checked={pin.pinned}
        onChange={(e) =>
          void invoke('window.pin', { pinned: e.target.checked }).then((r) => {
            if (r.ok) setPin(r.value)
          })
        }
      />
      Keep this window open when I click elsewhere
    </label>
  )
}
