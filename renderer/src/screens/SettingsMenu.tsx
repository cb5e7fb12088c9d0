// Settings' menu: its sections named at the top, one step from each (issue 45: the lock, limits
// and backup were 3–7 screens down). A link moves the view and the focus to its section, so the
// keyboard goes on from there; no hash is written (the app's screens are not in the address).
import type { MouseEvent, ReactNode } from 'react'
import { type MessageId, t } from '../i18n'

export interface SettingsPart {
  id: string
  label: MessageId
}

export function SettingsMenu({ parts }: { parts: readonly SettingsPart[] }) {
  function go(e: MouseEvent, id: string) {
    e.preventDefault()
    const part = document.getElementById(id)
    part?.scrollIntoView({ block: 'start' })
    part?.focus({ preventScroll: true })
  }
  return (
    <nav className="settings-menu" aria-label={t('settings.sections')}>
      <ul>
        {parts.map((p) => (
          <li key={p.id}>
            <a href={`#${p.id}`} onClick={(e) => go(e, p.id)}>
              {t(p.label)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** One section of Settings: where its menu link leads (focusable by the link only). */
export function SettingsSection(props: { id: string; children: ReactNode }) {
  return (
    <div id={props.id} className="settings-part" tabIndex={-1}>
      {props.children}
    </div>
  )
}
