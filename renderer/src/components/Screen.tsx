import LockIcon from 'lucide-react/icons/lock'
import { type ReactNode, useEffect, useRef } from 'react'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { useLock } from '../stores/lock'
import { useUi } from '../stores/ui'

/**
 * A screen's frame: its heading takes focus so screen readers announce the change. `titleHidden`:
 * the heading is for screen readers only (Home, whose content says what it is). `back`: a "← Home"
 * link, for a screen shown without the tab bar (adding an account); elsewhere the Home tab is there.
 * `lead`: what shares the head's row with "Lock now" (Home's account), so the row is not the
 * button's alone at tray size.
 */
export function Screen(props: {
  title: string
  children: ReactNode
  back?: boolean
  titleHidden?: boolean
  lead?: ReactNode
}) {
  const h = useRef<HTMLHeadingElement>(null)
  useEffect(() => h.current?.focus(), [])
  return (
    <section className="screen" aria-labelledby="screen-title">
      <div className="screen-head">
        {props.back === true && (
          <button type="button" className="link" onClick={() => useUi.getState().go({ to: 'home' })}>
            <FormattedMessage id="screen.home" />
          </button>
        )}
        <h1 id="screen-title" ref={h} tabIndex={-1} className={props.titleHidden ? 'sr-only' : undefined}>
          {props.title}
        </h1>
        {props.lead}
        <LockNow />
      </div>
      {props.children}
    </section>
  )
}

/** "Lock now" in every screen's head, once a passphrase is set. */
function LockNow() {
  const set = useLock((s) => s.status?.set === true)
  if (!set) return null
  return (
    <button
      type="button"
      className="lock-now"
      title={t('screen.lockNow')}
      onClick={() => void useLock.getState().lockNow()}
    >
      <LockIcon size={16} aria-hidden />
      <span>
        <FormattedMessage id="screen.lockNow" />
      </span>
    </button>
  )
}
