// A link's server on this computer or a private network: contacted only once the person has read
// this, naming the host, and pressed its button. Main refuses the host until then (`private_host`).
import { type PrivateRange, privateHostWords } from '@shared/netAddress'
import { tw } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'

export function PrivateHostWarning(props: {
  host: string
  /** main's words when it refused; else said from the range */
  message?: string
  range?: PrivateRange
  onConfirm(): void
  disabled?: boolean
}) {
  const words = props.message ?? tw(privateHostWords(props.host, props.range ?? 'private'))
  return (
    <div className="card warning" role="alert" data-testid="private-host-warning">
      <p>{words}</p>
      <p>
        <FormattedMessage id="privateHost.goOnOnlyIfYou" values={{ host: props.host }} />
      </p>
      <button type="button" onClick={props.onConfirm} disabled={props.disabled}>
        <FormattedMessage id="privateHost.contactAnyway" values={{ host: props.host }} />
      </button>
    </div>
  )
}
