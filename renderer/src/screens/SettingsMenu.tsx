// Settings' menu: its sections named at the top, one step from each (issue 45: the lock, limits
// and backup were 3–7 screens down). A link moves the view and the focus to its section, so the
// keyboard goes on from there; no hash is written (the app's screens are not in the address).
import type { MouseEvent, ReactNode } from 'react'
import { type MessageId, t } from '../i18n'

export interface SettingsPart {
  id: string
  /** its name in the menu */
  label: MessageId
  /** its own heading, where what it holds brings none */
  heading?: MessageId
  body: ReactNode
}

/** The menu, then each section under it in the same order. */
export function SettingsSections({ parts }: { parts: readonly SettingsPart[] }) {
  return (
    <>
      <SettingsMenu parts={parts} />
      {parts.map((p) => (
        <div key={p.id} id={p.id} className="settings-part" tabIndex={-1}>
          {p.heading && <h2>{t(p.heading)}</h2>}
          {p.body}
        </div>
      ))}
    </>
  )
}

function SettingsMenu({ parts }: { parts: readonly SettingsPart[] }) {
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
