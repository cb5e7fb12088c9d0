// A wallet's permanent receive QR: its LNURL-pay link from the service, payable any number of
// times by anyone, for any amount within its limits.
import { useEffect, useState } from 'react'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { useMoney } from '../lib/money'
import { linkLimitsText, useStaticLinks } from '../stores/staticLinks'
import { CopyButton } from './CopyButton'
import { ErrorMessage } from './ErrorMessage'
import { QrImage } from './QrImage'
import { Skeleton } from './Skeleton'
import { initialWalletId, WalletSelect } from './WalletSelect'

export function PermanentQr(props: { walletId?: string }) {
  const [walletId, setWalletId] = useState(() => initialWalletId(props.walletId))
  const entry = useStaticLinks((s) => (walletId ? s.byWallet[walletId] : undefined))
  const load = useStaticLinks((s) => s.load)
  const money = useMoney()
  useEffect(() => {
    if (walletId) void load(walletId)
  }, [walletId, load])

  return (
    <section className="invoice" aria-label={t('permanentQr.permanentQr')}>
      <WalletSelect value={walletId} onChange={setWalletId} id="link-wallet" />
      <p>
        <FormattedMessage id="permanentQr.thisQrCodeAndLink" />
      </p>
      {entry?.status === 'loading' && <Skeleton label={t('permanentQr.loadingThePermanentLink')} shape="cards" />}
      {entry?.status === 'error' && <ErrorMessage error={entry.error} onRetry={() => void load(walletId)} />}
      {entry?.status === 'ready' && (
        <>
          <QrImage
            text={entry.link.uri}
            label={t('permanentQr.qrCodeOfThePermanent')}
            fileName={`receive-${entry.link.description || walletId}.png`.replace(/[^\w.-]+/g, '-')}
          />
          <p className="muted">
            {linkLimitsText(entry.link, money)}
            {entry.link.description && t('permanentQr.thePayerSees', { description: entry.link.description })}
          </p>
          <div className="field-row">
            <code className="long">{entry.link.lnurl}</code>
            <CopyButton text={entry.link.lnurl} label={t('permanentQr.copyThePermanentLink')} />
          </div>
        </>
      )}
    </section>
  )
}
