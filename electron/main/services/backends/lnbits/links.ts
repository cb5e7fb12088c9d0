// The `lnurlp` and `withdraw` extensions (docs/lnbits.md): whether the server has them, a wallet's
// permanent receive link (its first `lnurlp` pay link) and withdraw links. An extension that is
// missing or disabled answers 404 under its prefix; that is "not offered", anything else an error.

import { cleanOptional } from '@shared/cleanText'
import { AppError } from '@shared/errors'
import { encodeLnurl, isAllowedLnurlUrl } from '@shared/lnurl'
import { mt } from '../../i18n'
import type { BackendStaticLink, BackendWithdrawLink } from '../types'
import type { LnbitsCall } from './http'
import { PayLinkList, PayRequest, WithdrawLink, WithdrawLinkPage } from './schemas'

export interface LnbitsOffers {
  withdraw: boolean
  lnurlp: boolean
}

const seg = (s: string) => encodeURIComponent(s)

async function offered(read: () => Promise<unknown>): Promise<boolean> {
  try {
    await read()
    return true
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return false
    throw err
  }
}

/** which extensions answer to this key (any key of the account will do) */
export async function offersOf(call: LnbitsCall, key: string): Promise<LnbitsOffers> {
  const [withdraw, lnurlp] = await Promise.all([
    offered(() =>
      call({
        method: 'get',
        path: 'withdraw/api/v1/links',
        kind: 'read',
        schema: WithdrawLinkPage,
        key,
        search: { limit: 1 },
      }),
    ),
    offered(() => call({ method: 'get', path: 'lnurlp/api/v1/links', kind: 'read', schema: PayLinkList, key })),
  ])
  return { withdraw, lnurlp }
}

/** a wallet's first pay link, the one its permanent QR shows; undefined when it has none */
export async function firstPayLinkId(
  call: LnbitsCall,
  key: string,
  lnbitsWalletId?: string,
): Promise<string | undefined> {
  const links = await call({ method: 'get', path: 'lnurlp/api/v1/links', kind: 'read', schema: PayLinkList, key })
  // LNbits lists the links of every wallet of the key's user with `all_wallets`; without it, the key's wallet
  return links.find((l) => !lnbitsWalletId || l.wallet === lnbitsWalletId)?.id
}

/** a pay link's LUD-06 parameters, read as any payer reads them (no key) */
export async function staticLink(call: LnbitsCall, baseUrl: string, linkId: string): Promise<BackendStaticLink> {
  const p = await call({ method: 'get', path: `lnurlp/${seg(linkId)}`, kind: 'read', schema: PayRequest, key: null })
  let description: string | null = null
  try {
    const meta: unknown = JSON.parse(p.metadata)
    const plain = Array.isArray(meta) ? meta.find((e) => Array.isArray(e) && e[0] === 'text/plain') : undefined
    description = typeof plain?.[1] === 'string' ? cleanOptional(plain[1], 256) || null : null
  } catch {
    description = null
  }
  return {
    lnurl: encodeLnurl(`${baseUrl}/lnurlp/${seg(linkId)}`),
    minSendableMsat: p.minSendable,
    maxSendableMsat: p.maxSendable,
    description,
  }
}

/** a new pay link for a wallet (admin key): its permanent QR, any amount from 1 sat up to `maxSat` */
export async function createPayLink(call: LnbitsCall, key: string, description: string, maxSat: number) {
  const json = { description: description.slice(0, 640), min: 1, max: maxSat, comment_chars: 255 }
  const made = await call({
    method: 'post',
    path: 'lnurlp/api/v1/links',
    kind: 'create',
    schema: PayLinkList.element,
    key,
    json,
  })
  return made.id
}

/** the link's LNURL: LNbits' bech32 form when it gives a usable one, else its callback URL encoded */
function lnurlOf(l: WithdrawLink): string {
  const url = l.lnurl_url ?? ''
  if (url && isAllowedLnurlUrl(url)) return encodeLnurl(url)
  throw new AppError('service_error', mt('lnbits.unreadable'))
}

/**
 * A one-use withdraw link of exactly `sats` (admin key). Its `ott` is the link's id, by which the
 * app finds it again; a voucher sheet is one link with as many uses as vouchers.
 */
export async function mintWithdraw(
  call: LnbitsCall,
  key: string,
  input: { sats: number; memo?: string; uses?: number },
): Promise<BackendWithdrawLink> {
  const json = {
    title: (input.memo ?? '').slice(0, 200),
    min_withdrawable: input.sats,
    max_withdrawable: input.sats,
    uses: input.uses ?? 1,
    wait_time: 1,
    is_unique: (input.uses ?? 1) > 1,
  }
  const l = await call({
    method: 'post',
    path: 'withdraw/api/v1/links',
    kind: 'create',
    schema: WithdrawLink,
    key,
    json,
  })
  return { lnurl: lnurlOf(l), ott: l.id }
}
