// Settings the desktop carries out: the tray's total, start at login, the clipboard offer, a global
// shortcut, and the popover's pin (shown only where there is a popover: macOS and Windows).
import type { Settings as SettingsT } from '@shared/contract'
import { type FormEvent, type ReactNode, useEffect, useState } from 'react'
import { windowPin } from '../api'
import { TextField } from '../components/TextField'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { useSettings } from '../stores/settings'

export function DesktopPrefs({ settings }: { settings: SettingsT }) {
  const update = useSettings((s) => s.update)
  return (
    <fieldset>
      <legend>
        <FormattedMessage id="settingsDesktop.desktop" />
      </legend>
      <SettingCheck id="tray-total" name="trayTotal" settings={settings}>
        <FormattedMessage id="settingsDesktop.showTheTotalBalanceOn" />
      </SettingCheck>
      <SettingCheck id="open-at-login" name="openAtLogin" settings={settings}>
        <FormattedMessage id="settingsDesktop.openTheAppWhenI" />
      </SettingCheck>
      <SettingCheck id="offer-clipboard" name="offerClipboard" settings={settings}>
        <FormattedMessage id="settingsDesktop.offerToPayWhatIs" />
      </SettingCheck>
      <ShortcutForm
        id="shortcut"
        label={t('settingsDesktop.shortcutToOpenTheApp')}
        placeholder={t('settingsDesktop.commandorcontrolShiftL')}
        saved={settings.shortcut}
        onSave={(shortcut) => void update({ shortcut })}
        saveLabel={t('settingsDesktop.saveShortcut')}
      />
      <PinToggle />
    </fieldset>
  )
}

/** A global shortcut's field: typed freely, saved (trimmed) with its button; main checks it. */
export function ShortcutForm(props: {
  id: string
  label: string
  placeholder: string
  saved: string
  onSave: (shortcut: string) => void
  saveLabel: string
}) {
  const saving = useSettings((s) => s.saving)
  const [shortcut, setShortcut] = useState(props.saved)
  useEffect(() => setShortcut(props.saved), [props.saved])
  function save(e: FormEvent) {
    e.preventDefault()
    props.onSave(shortcut.trim())
  }
  return (
    <form onSubmit={save} noValidate className="inline">
      <TextField
        id={props.id}
        label={props.label}
        placeholder={props.placeholder}
        autoComplete="off"
        spellCheck={false}
        maxLength={64}
        value={shortcut}
        onValue={setShortcut}
      />
      <button type="submit" disabled={saving} aria-label={props.saveLabel}>
        <FormattedMessage id="settingsDesktop.save" />
      </button>
    </form>
  )
}

type OnOff = { [K in keyof SettingsT]-?: SettingsT[K] extends boolean ? K : never }[keyof SettingsT]

/** A checkbox for one on/off setting, saved as it is clicked. */
export function SettingCheck(props: { id: string; name: OnOff; settings: SettingsT; children: ReactNode }) {
  const update = useSettings((s) => s.update)
  return (
    <label className="check" htmlFor={props.id}>
      <input
        id={props.id}
        type="checkbox"
        checked={props.settings[props.name]}
        onChange={(e) => void update({ [props.name]: e.target.checked })}
      />
      {props.children}
    </label>
  )
}

/** Keeps the tray popover open when it loses focus. Hidden where there is no popover. */
export function PinToggle() {
  const [pin, setPin] = useState<{ pinned: boolean; available: boolean } | null>(null)
  useEffect(() => {
    let live = true
    // asked without a pin: only tells whether there is a popover and whether it is pinned
    void windowPin({}).then((r) => {
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
          void windowPin({ pinned: e.target.checked }).then((r) => {
            if (r.ok) setPin(r.value)
          })
        }
      />
      <FormattedMessage id="settingsDesktop.keepThisWindowOpenWhen" />
    </label>
  )
}
