// Text from others is cleaned in main where it enters, so the renderer only ever gets clean text
// (docs/network.md, "Text from others"): LNURL-pay metadata, success actions, wallet labels,
// stored memos and comments, the service's own words. An LNURL-pay whose limits cannot both
// hold is refused in words; a wallet's permanent-QR link takes whole sats only.
import { encodeLnurl } from '@shared/lnurl'
import { describe, expect, it } from 'vitest'
import { errorFromStatus } from '../../../electron/main/services/backends/service/errors'
import { ProbeResult, type Wallet } from '../../../electron/main/services/backends/service/schemas'
import { type TxRow, toLedgerTx } from '../../../electron/main/services/ledger/view'
import { successActionView } from '../../../electron/main/services/payments/successAction'
import { isWholeSatLink, recipientView, walletView } from '../../../electron/main/services/views'

const RLO = '\u202E'
const ZWSP = '\u200B'
const probe = (o: Partial<{ minSendable: number; maxSendable: number; metadata: unknown }> = {}) =>
  ProbeResult.parse({
    minSendable: 1_000,
    maxSendable: 1_000_000,
    metadata: JSON.stringify([
      ['text/plain', `Tips${ZWSP} for ${RLO}ecilA`],
      ['text/long-desc', `line one\nline\u0000 two${RLO}`],
    ]),
    ...o,
  })

describe('recipientView', () => {
  it('cleans text/plain and text/long-desc', () => {
    const r = recipientView('alice@sim.example', probe())
    expect(r.description).toBe('Tips for ecilA')
    expect(r.longDescription).toBe('line one line two')
  })

  it('refuses limits that cannot both hold, in words', () => {
    const refused = () => recipientView('alice@sim.example', probe({ minSendable: 5_000_000, maxSendable: 1_000 }))
    expect(refused).toThrow(/at least 5,000 sats and at most 1 sat, which no amount can be/)
    try {
      refused()
    } catch (err) {
      expect(err).toMatchObject({ code: 'lnurl_error', retryable: false })
    }
  })

  const staticLink = encodeLnurl('http://127.0.0.1:4100/v1/wallet/waklp_abc/lnurlp/lnurlp_xyz')
  it("a wallet's permanent-QR link: whole sats, its limits rounded inwards", () => {
    expect(isWholeSatLink(staticLink)).toBe(true)
    expect(isWholeSatLink(`lightning:${staticLink.toLowerCase()}`)).toBe(true)
    expect(isWholeSatLink(encodeLnurl('https://pay.example/.well-known/lnurlp/bob'))).toBe(false)
    expect(isWholeSatLink('alice@sim.example')).toBe(false)
    const r = recipientView(staticLink, probe({ minSendable: 1_500, maxSendable: 9_999 }))
    expect(r).toMatchObject({ wholeSats: true, minSendableMsat: 2_000, maxSendableMsat: 9_000 })
    expect(recipientView('alice@sim.example', probe({ minSendable: 1_500 }))).toMatchObject({
      wholeSats: false,
      minSendableMsat: 1_500,
    })
    // limits with no whole sat between them
    expect(() => recipientView(staticLink, probe({ minSendable: 1_200, maxSendable: 1_800 }))).toThrow(
      /less than one whole sat/,
    )
  })
})

describe('other texts from others', () => {
  it("success actions: the message, the description and an aes action's description", () => {
    expect(successActionView({ tag: 'message', message: `we will give${ZWSP} ${RLO}000,01` }, null)).toEqual({
      kind: 'message',
      message: 'we will give 000,01',
    })
    expect(
      successActionView({ tag: 'url', description: `open${RLO} me\u001B`, url: 'https://x.example/' }, null),
    ).toMatchObject({ description: 'open me' })
    expect(
      successActionView({ tag: 'aes', description: `se${ZWSP}cret`, ciphertext: 'AAAA', iv: 'A'.repeat(24) }, null),
    ).toMatchObject({ description: 'secret', text: null })
  })

  it("a wallet's label from the service", () => {
    const w = { id: 'wal_1', created_at: 1, user_label: `Sav${ZWSP}ings${RLO}`, balance: 0 } as Wallet
    expect(walletView(w).label).toBe('Savings')
    expect(walletView({ ...w, user_label: `${ZWSP}${RLO}` }).label).toBe('wal_1')
  })

  it("a stored row's memo, payer's comment, payee and wallet labels", () => {
    const row = {
      id: 1,
      account_id: 'a',
      wallet_id: 'w',
      tx_id: 'wtx_1',
      type: 'ln_lnurl_pay_inbound',
      amount_msat: 1000,
      fee_msat: 0,
      memo: `thanks${RLO}!`,
      comment: `from${ZWSP} a\u0000 friend`,
      payee: null,
      counterparty_wallet_id: null,
      lntx_id: null,
      payment_hash: null,
      preimage: null,
      request_id: null,
      created_at: 1,
      announced: 1,
      label: null,
      wallet_label: `Spend${ZWSP}ing`,
      counterparty_label: null,
    } satisfies TxRow
    expect(toLedgerTx(row)).toMatchObject({
      memo: 'thanks!',
      comment: 'from a friend',
      walletLabel: 'Spending',
      label: null,
    })
  })

  it("the service's own words in an error", () => {
    const body = JSON.stringify({ name: 'x', message: `no ${RLO}route\u001B[2J`, code: 0, status: 400 })
    expect(errorFromStatus(400, body, 'read', 'sak_secret').message).toBe('The service refused this: no route[2J')
    // a key split by a zero-width character is still cut out
    const leak = JSON.stringify({ name: 'x', message: `key sak_se${ZWSP}cret`, code: 0, status: 400 })
    expect(errorFromStatus(400, leak, 'read', 'sak_secret').message).not.toContain('secret')
  })
})
