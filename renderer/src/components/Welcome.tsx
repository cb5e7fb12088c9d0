// The first screen's greeting: the app's mark and name and one line on what it is for, so a
// newcomer knows where they are before the form asks for anything.
import ZapIcon from 'lucide-react/icons/zap'
import { FormattedMessage } from '../i18n/FormattedMessage'

export function Welcome() {
  return (
    <header className="welcome">
      <span className="welcome-mark" aria-hidden>
        <ZapIcon size={28} />
      </span>
      <div>
        <p className="welcome-name">
          <FormattedMessage id="onboarding.appName" />
        </p>
        <p className="muted">
          <FormattedMessage id="onboarding.welcome" />
        </p>
      </div>
    </header>
  )
}
