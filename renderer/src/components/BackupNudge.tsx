// On Home, once accounts exist: a backup every 30 days, put off with "Not now". Its own module so
// Home's chunk does not carry the backup screens of Settings.
import { useEffect, useState } from 'react'
import { backup } from '../api'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { afterPaint } from '../lib/visibleTimers'
import { useUi } from '../stores/ui'

/** The reminder, asked for once Home is painted. */
export function BackupNudge() {
  const [due, setDue] = useState(false)
  useEffect(() => {
    afterPaint(() => void backup.status({}).then((r) => r.ok && setDue(r.value.due)))
  }, [])
  if (!due) return null
  return (
    <section className="card" aria-label={t('settingsSafety.backupReminder')}>
      <p>
        <FormattedMessage id="settingsSafety.timeForABackupYour" />
      </p>
      <div className="actions">
        <button type="button" className="primary" onClick={() => useUi.getState().go({ to: 'settings' })}>
          <FormattedMessage id="settingsSafety.backUpNow" />
        </button>
        <button
          type="button"
          onClick={() => {
            setDue(false)
            void backup.dismissNudge({})
          }}
        >
          <FormattedMessage id="settingsSafety.notNow" />
        </button>
      </div>
    </section>
  )
}
