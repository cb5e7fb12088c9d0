// The one reader of payment input: a table of real inputs (BOLT 11's own examples, requests signed
// here for every network, LNURLs, BIP 21's examples) and hostile ones, then properties.
import { encodeLnurl, LNURL_LIMIT } from '@shared/lnurl'
import { BOLT11_LIMIT, INPUT_LIMIT, lightningTargetOf, parsePaymentInput } from '@shared/payment/parse'
import bolt11 from 'bolt11'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { encodeInvoice, type InvoiceFields, nodeKeyFrom, sha256Hex } from '../simulator/bolt11'
import { BOLT11_SPEC as SPEC } from './fixtures/bolt11Spec'
import { english, saysEnglish } from './fixtures/englishWords'

const key = nodeKeyFrom('payment-parse-test')
const hex = (s: string) => Buffer.from(s, 'utf8').toString('hex')
const PAYMENT_HASH = sha256Hex('00'.repeat(32))
const LONG_DESC_HASH = sha256Hex(hex('One piece of chocolate cake and one slice of watermelon'))
function sign(f: Partial<InvoiceFields>, opts: { prefix?: string; withPayee?: boolean } = {}): string {
  const fields = { amountMsat: null, timestamp: 1_700_000_000, paymentHash: PAYMENT_HASH, expiry: 3600, ...f }
  return encodeInvoice({ paymentSecret: '22'.repeat(32), ...fields }, key, opts)
}

// Requests signed with the simulator's signer (the same code that makes the simulated node's
// invoices), one per network; `prefix` with an amount in it makes the absurd ones.
const INV = {
  regtest: sign({ amountMsat: 150_000, description: 'Coffee ☕', expiry: 600 }),
  mainnetAny: sign({ description: 'Donation' }, { prefix: 'lnbc', withPayee: true }),
  mainnet1000: sign({ amountMsat: 1_000_000, description: 'Lunch' }, { prefix: 'lnbc' }),
  testnetHash: sign({ amountMsat: 10_000, descriptionHash: LONG_DESC_HASH }, { prefix: 'lntb' }),
  signet: sign({ amountMsat: 1_500, description: 'Signet test' }, { prefix: 'lntbs' }),
  simnet: sign({ amountMsat: 2_000_000, description: 'simnet' }, { prefix: 'lnsb' }),
  bidi: sign({ amountMsat: 1_000, description: 'Pay \u202Eevil\u202C now\nplease\u0007' }, { prefix: 'lnbc' }),
  // 100,000 BTC: more msat than a JavaScript number holds exactly
  unsafeAmount: sign({ description: 'x' }, { prefix: 'lnbc100000' }),
  // 30 million BTC: more than will ever exist
  beyondSupply: sign({ description: 'x' }, { prefix: 'lnbc30000000' }),
  zero: sign({ description: 'x' }, { prefix: 'lnbc0n' }),
  endlessExpiry: sign({ amountMsat: 1_000, description: 'x', expiry: Number.MAX_SAFE_INTEGER }, { prefix: 'lnbc' }),
  litecoin: sign({ amountMsat: 1_000, description: 'x' }, { prefix: 'lnltc' }),
}

// LUD-01's own example
const LUD01_URL = 'https://service.com/api?q=3fc3645b439ce8e7f2553a69e5267081d96dcd340693afabe04be7b0ccd178df'
const LUD01_LNURL =
  'LNURL1DP68GURN8GHJ7UM9WFMXJCM99E3K7MF0V9CXJ0M385EKVCENXC6R2C35XVUKXEFCV5MKVV34X5EKZD3EV56NYD3HXQURZEPEXEJXXEPNXSCRVWFNV9NXZCN9XQ6XYEFHVGCXXCMYXYMNSERXFQ5FNS'
const WITHDRAW_URL = 'http://127.0.0.1:4100/v1/wallet/waklw_x/lnurl-process?ott=abc&tag=withdraw'
const PAY_URL = 'https://sim.example/.well-known/lnurlp/alice'
const LOGIN_URL = `https://site.example/auth?tag=login&k1=${'e2'.repeat(32)}&action=login`
const LN = {
  withdraw: encodeLnurl(WITHDRAW_URL),
  pay: encodeLnurl(PAY_URL),
  login: encodeLnurl(LOGIN_URL),
  onion: encodeLnurl('http://abcdefghijklmnop.onion/lnurlp/x'),
  plainHttp: encodeLnurl('http://evil.example/pay'),
  javascript: encodeLnurl('javascript:alert(document.cookie)'),
  credentials: encodeLnurl('https://pay.example@evil.example/lnurlp/x'),
}

// BIP 21's examples; BIP 173's and BIP 350's example addresses
const BIP21 = 'bitcoin:175tWpb8K1S7NmH4Zx6rewF9WQrcZv245W'
const P2WPKH = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
const P2TR = 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'
const TESTNET_P2WPKH = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'

const text = (re: RegExp) => saysEnglish(re)
const TOO_LONG = { kind: 'invalid', reason: text(/too long/) }

type Row = [name: string, input: string, expected: Record<string, unknown>]

const rows: Row[] = [
  // ---- BOLT 11, real: the spec's examples
  [
    'BOLT 11 spec: donation, any amount',
    SPEC.donationAnyAmount,
    {
      kind: 'bolt11',
      network: 'mainnet',
      amountMsat: null,
      description: 'Please consider supporting this project',
      paymentHash: '0001020304050607080900010203040506070809000102030405060708090102',
      timestamp: 1496314658,
      expirySec: 3600,
      expiresAt: 1496314658 + 3600,
    },
  ],
  [
    'BOLT 11 spec: 2500u, one minute',
    SPEC.coffee60s,
    { kind: 'bolt11', amountMsat: 250_000_000, description: '1 cup coffee', expirySec: 60 },
  ],
  ['BOLT 11 spec: UTF-8 description', SPEC.nonsenseJapanese, { kind: 'bolt11', description: 'ナンセンス 1杯' }],
  [
    'BOLT 11 spec: testnet, hashed description',
    SPEC.testnetFallback,
    {
      kind: 'bolt11',
      network: 'testnet',
      amountMsat: 2_000_000_000,
      description: null,
      descriptionHash: '3925b6f67e2c340036ed12093dd44e0368df1b6ea26c53dbe4811f58fd5db8c1',
    },
  ],
  [
    'BOLT 11 spec: pico-BTC amount, one week',
    SPEC.picoAmount,
    { kind: 'bolt11', amountMsat: 967_878_534, expirySec: 604_800, timestamp: 1572468703 },
  ],
  [
    'BOLT 11 spec: all upper case (QR form), normalised',
    SPEC.upperCase,
    { kind: 'bolt11', invoice: SPEC.upperCase.toLowerCase(), amountMsat: 2_500_000_000, description: 'coffee beans' },
  ],
  // ---- BOLT 11, signed here for every network
  [
    'regtest (the simulator’s network)',
    INV.regtest,
    {
      kind: 'bolt11',
      invoice: INV.regtest,
      network: 'regtest',
      amountMsat: 150_000,
      description: 'Coffee ☕',
      descriptionHash: null,
      paymentHash: PAYMENT_HASH,
      payee: null,
      timestamp: 1_700_000_000,
      expirySec: 600,
      expiresAt: 1_700_000_600,
    },
  ],
  [
    'mainnet, any amount, payee in an n field',
    INV.mainnetAny,
    { kind: 'bolt11', network: 'mainnet', amountMsat: null, payee: key.pubkeyHex, description: 'Donation' },
  ],
  [
    'testnet, description hash',
    INV.testnetHash,
    { kind: 'bolt11', network: 'testnet', descriptionHash: LONG_DESC_HASH },
  ],
  ['signet, 1.5 sats', INV.signet, { kind: 'bolt11', network: 'signet', amountMsat: 1_500 }],
  ['simnet', INV.simnet, { kind: 'bolt11', network: 'simnet', amountMsat: 2_000_000 }],
  [
    'LIGHTNING: prefix, upper case, newline around',
    `\n  LIGHTNING:${INV.mainnet1000.toUpperCase()}\r\n`,
    { kind: 'bolt11', invoice: INV.mainnet1000, amountMsat: 1_000_000 },
  ],
  ['lightning:// (a link maker’s mistake)', `lightning://${INV.regtest}`, { kind: 'bolt11', invoice: INV.regtest }],
  [
    'description with bidi override and control characters is cleaned for display',
    INV.bidi,
    { kind: 'bolt11', description: 'Pay evil now please' },
  ],
  // ---- BOLT 11, hostile or broken
  ['BOLT 11 spec: bad checksum', SPEC.badChecksum, { kind: 'invalid', form: 'bolt11', reason: text(/damaged/) }],
  ['BOLT 11 spec: mixed case', SPEC.mixedCase, { kind: 'invalid', form: 'bolt11', reason: text(/upper and lower/) }],
  ['BOLT 11 spec: too short', SPEC.tooShort, { kind: 'invalid', form: 'bolt11', reason: text(/damaged/) }],
  ['BOLT 11 spec: invalid multiplier', SPEC.badMultiplier, { kind: 'invalid', form: 'bolt11', reason: text(/amount/) }],
  ['BOLT 11 spec: sub-msat amount', SPEC.subMillisat, { kind: 'invalid', form: 'bolt11', reason: text(/impossible/) }],
  ['amount past 2^53 msat', INV.unsafeAmount, { kind: 'invalid', form: 'bolt11', reason: text(/impossible amount/) }],
  ['amount past 21 million BTC', INV.beyondSupply, { kind: 'invalid', form: 'bolt11', reason: text(/impossible/) }],
  ['amount of zero', INV.zero, { kind: 'invalid', form: 'bolt11', reason: text(/zero/) }],
  ['expiry past any date', INV.endlessExpiry, { kind: 'invalid', form: 'bolt11', reason: text(/expiry/) }],
  ['another coin’s invoice', INV.litecoin, { kind: 'invalid', form: 'bolt11', reason: text(/network or currency/) }],
  ['fake invoice (old test’s LNBCRT10U1PXYZ)', 'LNBCRT10U1PXYZ', { kind: 'invalid', form: 'bolt11' }],
  ['request over the BOLT 11 cap', `lnbc1${'q'.repeat(BOLT11_LIMIT)}`, { ...TOO_LONG, form: 'bolt11' }],
  [
    'Cyrillic с inside an invoice',
    INV.mainnet1000.replace('lnbc', 'lnbс'),
    { kind: 'invalid', form: null, reason: text(/Look-alike/) },
  ],
  [
    'BOLT 12 offer',
    'lno1qgsqvgnwgcg35z6ee2h3yczraddm72xrfua9uve2rlrm9deu7xyfzrc',
    { kind: 'unknown', reason: text(/BOLT 12/) },
  ],
  // ---- lightning addresses (LUD-16)
  [
    'address, mixed case and spaces around',
    '  Alice@Sim.Example ',
    {
      kind: 'lightning-address',
      user: 'alice',
      domain: 'sim.example',
      address: 'alice@sim.example',
      url: 'https://sim.example/.well-known/lnurlp/alice',
    },
  ],
  ['address in an upper-case QR link', 'LIGHTNING:ALICE@SIM.EXAMPLE', { address: 'alice@sim.example' }],
  ['address on loopback (simulator)', 'bob@127.0.0.1:4100', { url: 'http://127.0.0.1:4100/.well-known/lnurlp/bob' }],
  ['Cyrillic а in an address', 'аlice@sim.example', { kind: 'invalid', reason: text(/Look-alike/) }],
  ['Kelvin sign (lower-cases to k)', '\u212Aate@sim.example', { kind: 'invalid', reason: text(/Look-alike/) }],
  ['zero-width space in an address', 'ali\u200Bce@sim.example', { kind: 'invalid', reason: text(/hidden/) }],
  ['right-to-left override', '\u202Eelpmaxe.mis@ecila', { kind: 'invalid', reason: text(/hidden/) }],
  ['plus in the name', 'a+b@x.com', { kind: 'invalid', form: 'lightning-address' }],
  ['no domain dot', 'a@b', { kind: 'invalid', form: 'lightning-address' }],
  [
    'address too long',
    `${'a'.repeat(400)}@x.com`,
    { kind: 'invalid', form: 'lightning-address', reason: text(/too long/) },
  ],
  ['space inside an address', 'alice @sim.example', { kind: 'unknown', reason: text(/not a lightning address/) }],
  // ---- LNURL, bech32 (LUD-01) and LUD-17
  ['LUD-01 example', LUD01_LNURL, { kind: 'lnurl', lnurl: LUD01_LNURL, url: LUD01_URL, tag: 'unknown' }],
  ['LUD-01 example, lower case', LUD01_LNURL.toLowerCase(), { kind: 'lnurl', lnurl: LUD01_LNURL, url: LUD01_URL }],
  ['this service’s withdraw link', `lightning:${LN.withdraw}`, { kind: 'lnurl', url: WITHDRAW_URL, tag: 'withdraw' }],
  ['LUD-16 well-known path is pay', LN.pay, { kind: 'lnurl', url: PAY_URL, tag: 'pay' }],
  ['LUD-04 login', LN.login, { kind: 'lnurl', tag: 'login' }],
  ['http to an onion host', LN.onion, { kind: 'lnurl', url: 'http://abcdefghijklmnop.onion/lnurlp/x' }],
  ['http to a public host', LN.plainHttp, { kind: 'invalid', form: 'lnurl', reason: text(/not safe/) }],
  ['LNURL hiding javascript:', LN.javascript, { kind: 'invalid', form: 'lnurl', reason: text(/not safe/) }],
  ['LNURL hiding user@host', LN.credentials, { kind: 'invalid', form: 'lnurl' }],
  ['damaged LNURL', 'LNURL1QQQQ', { kind: 'invalid', form: 'lnurl', reason: text(/damaged/) }],
  ['LNURL over 1023 characters', `LNURL1${'Q'.repeat(LNURL_LIMIT)}`, { ...TOO_LONG, form: 'lnurl' }],
  [
    'lnurlp:// (LUD-17)',
    'lnurlp://pay.example/p?x=1',
    { kind: 'lnurl', url: 'https://pay.example/p?x=1', tag: 'pay', lnurl: encodeLnurl('https://pay.example/p?x=1') },
  ],
  [
    'LNURLW:// upper-case scheme',
    'LNURLW://pay.example/w',
    { kind: 'lnurl', url: 'https://pay.example/w', tag: 'withdraw' },
  ],
  ['keyauth://', 'keyauth://site.example/auth?k1=ab', { kind: 'lnurl', tag: 'login' }],
  ['lnurlp:// to an onion host stays http', 'lnurlp://abc.onion/p', { url: 'http://abc.onion/p' }],
  ['lnurlp:// with user@host', 'lnurlp://pay.example@evil.example/p', { kind: 'invalid', form: 'lnurl' }],
  [
    'LUD-01 fallback web link',
    `https://site.example/giftcard/redeem?id=123&lightning=${LUD01_LNURL}`,
    { kind: 'lnurl', url: LUD01_URL },
  ],
  [
    'fallback link with two lightning params',
    `https://site.example/?lightning=${LN.pay}&lightning=${LN.withdraw}`,
    { kind: 'invalid', form: 'link', reason: text(/two/) },
  ],
  ['plain web address', 'https://example.com/', { kind: 'unknown', reason: text(/web address/) }],
  // ---- BIP 21
  [
    'BIP 21: just the address',
    BIP21,
    { kind: 'onchain', address: '175tWpb8K1S7NmH4Zx6rewF9WQrcZv245W', network: 'mainnet', reason: text(/on-chain/) },
  ],
  [
    'BIP 21: 20.30 BTC to Luke-Jr',
    `${BIP21}?amount=20.3&label=Luke-Jr`,
    { kind: 'onchain', amountSat: 2_030_000_000, label: 'Luke-Jr' },
  ],
  [
    'BIP 21: 50 BTC with a message',
    `${BIP21}?amount=50&label=Luke-Jr&message=Donation%20for%20project%20xyz`,
    { kind: 'onchain', amountSat: 5_000_000_000, message: 'Donation for project xyz' },
  ],
  [
    'BIP 21: unknown req- keys void it',
    `${BIP21}?req-somethingyoudontunderstand=50&req-somethingelseyoudontget=999`,
    { kind: 'invalid', form: 'bip21', reason: text(/requires/) },
  ],
  [
    'BIP 21: unknown keys are ignored',
    `${BIP21}?somethingyoudontunderstand=50&somethingelseyoudontget=999`,
    { kind: 'onchain' },
  ],
  [
    'unified QR: address, amount and invoice',
    `bitcoin:${P2WPKH}?amount=0.00001&label=Lunch&lightning=${INV.mainnet1000}`,
    {
      kind: 'bip21',
      address: P2WPKH,
      bitcoinNetwork: 'mainnet',
      amountSat: 1_000,
      label: 'Lunch',
      lightning: { kind: 'bolt11', invoice: INV.mainnet1000, amountMsat: 1_000_000 },
    },
  ],
  [
    'unified QR, all upper case',
    `BITCOIN:${P2WPKH.toUpperCase()}?AMOUNT=0.00001&LIGHTNING=${INV.mainnet1000.toUpperCase()}`,
    { kind: 'bip21', address: P2WPKH, lightning: { kind: 'bolt11', invoice: INV.mainnet1000 } },
  ],
  [
    'bitcoin: with only an LNURL',
    `bitcoin:?lightning=${LN.pay}`,
    { kind: 'bip21', address: null, lightning: { kind: 'lnurl', tag: 'pay' } },
  ],
  [
    'bitcoin: with two lightning params',
    `bitcoin:${P2WPKH}?lightning=${INV.mainnet1000}&lightning=${INV.mainnetAny}`,
    { kind: 'invalid', form: 'bip21', reason: text(/two Lightning/) },
  ],
  [
    'bitcoin: whose amounts disagree',
    `bitcoin:${P2WPKH}?amount=0.001&lightning=${INV.mainnet1000}`,
    { kind: 'invalid', form: 'bip21', reason: text(/disagree/) },
  ],
  [
    'bitcoin: with a damaged invoice',
    `bitcoin:${P2WPKH}?lightning=${SPEC.badChecksum}`,
    { kind: 'invalid', form: 'bip21', reason: text(/Lightning request .* damaged/) },
  ],
  [
    'bitcoin: with a %-encoded zero-width space before the invoice',
    `bitcoin:${P2WPKH}?lightning=%E2%80%8B${INV.mainnet1000}`,
    { kind: 'invalid', form: 'bip21', reason: text(/hidden/) },
  ],
  ['bitcoin: damaged address (old test)', 'bitcoin:bc1qxyz', { kind: 'invalid', reason: text(/on-chain/) }],
  [
    'bitcoin: amount past 21 million BTC',
    `${BIP21}?amount=21000000.00000001`,
    { kind: 'invalid', reason: text(/ever exist/) },
  ],
  [
    'bitcoin: amount of 10^20 BTC',
    `${BIP21}?amount=${'9'.repeat(20)}`,
    { kind: 'invalid', reason: text(/ever exist/) },
  ],
  ['bitcoin: amount finer than a sat', `${BIP21}?amount=0.000000001`, { kind: 'invalid', reason: text(/finer/) }],
  ['bitcoin: amount in exponent form', `${BIP21}?amount=1e3`, { kind: 'invalid', reason: text(/not a number/) }],
  ['bitcoin: negative amount', `${BIP21}?amount=-1`, { kind: 'invalid', reason: text(/not a number/) }],
  ['bitcoin: amount given twice', `${BIP21}?amount=1&amount=2`, { kind: 'invalid', reason: text(/twice/) }],
  ['bitcoin: broken %-escape', `${BIP21}?label=%E0%A4%A`, { kind: 'invalid', reason: text(/damaged/) }],
  // ---- bare on-chain addresses
  ['P2WPKH address', P2WPKH, { kind: 'onchain', address: P2WPKH, network: 'mainnet', reason: text(/Lightning only/) }],
  ['P2WPKH, upper case', P2WPKH.toUpperCase(), { kind: 'onchain', address: P2WPKH }],
  ['taproot address (bech32m)', P2TR, { kind: 'onchain', network: 'mainnet' }],
  ['testnet address', TESTNET_P2WPKH, { kind: 'onchain', network: 'testnet' }],
  ['segwit address, one character changed', `${P2WPKH.slice(0, -1)}5`, { kind: 'unknown' }],
  // ---- links and text that are not payments
  ['javascript: link', 'javascript:alert(1)', { kind: 'invalid', form: 'link', reason: text(/javascript: link/) }],
  ['JavaScript: in mixed case', 'JaVaScRiPt:alert(1)', { kind: 'invalid', form: 'link', reason: text(/javascript:/) }],
  ['data: link', 'data:text/html,<script>alert(1)</script>', { kind: 'invalid', form: 'link', reason: text(/data:/) }],
  ['file: link', 'file:///etc/passwd', { kind: 'invalid', form: 'link', reason: text(/file:/) }],
  ['empty lightning: link', 'lightning:', { kind: 'invalid', form: 'link' }],
  ['words', 'hello, world', { kind: 'unknown', reason: { id: 'parse.notRecognised' } }],
  ['markup', '<script>alert(1)</script>', { kind: 'unknown' }],
  [
    'invoice broken over two lines',
    `${INV.regtest.slice(0, 60)}\n${INV.regtest.slice(60)}`,
    { kind: 'invalid', reason: text(/line breaks/) },
  ],
  ['NUL before an address', '\u0000alice@sim.example', { kind: 'invalid', reason: text(/control/) }],
  ['terminal escape', '\u001b[2Jalice@sim.example', { kind: 'invalid', reason: text(/control/) }],
  ['nothing', '', { kind: 'unknown', reason: text(/Nothing/) }],
  ['only whitespace', ' \n\t ', { kind: 'unknown', reason: text(/Nothing/) }],
  ['over the input cap', 'a'.repeat(INPUT_LIMIT + 1), { ...TOO_LONG, form: null }],
]

describe('parsePaymentInput: a table of real and hostile inputs', () => {
  it('has at least 40 rows, each named once', () => {
    expect(rows.length).toBeGreaterThanOrEqual(40)
    expect(new Set(rows.map((r) => r[0])).size).toBe(rows.length)
  })

  it.each(rows)('%s', (_name, input, expected) => {
    expect(parsePaymentInput(input)).toMatchObject(expected)
  })
})

describe('the requests signed for the table are real', () => {
  // `bolt11` checks the signature (light-bolt11-decoder, which the app uses, does not)
  const net = (bech32: string) => ({ bech32, pubKeyHash: 0x6f, scriptHash: 0xc4, validWitnessVersions: [0, 1] })
  it.each([
    ['regtest', INV.regtest, net('bcrt')],
    ['mainnet', INV.mainnetAny, undefined],
    ['testnet', INV.testnetHash, net('tb')],
    ['signet', INV.signet, net('tbs')],
    ['simnet', INV.simnet, net('sb')],
  ] as const)('%s', (_n, pr, network) => {
    const d = bolt11.decode(pr, network as never)
    expect(d.complete).toBe(true)
    expect(d.payeeNodeKey).toBe(key.pubkeyHex) // recovered from the signature
    const mine = parsePaymentInput(pr)
    expect(mine).toMatchObject({ kind: 'bolt11', timestamp: d.timestamp, paymentHash: d.tagsObject.payment_hash })
    expect(mine.kind === 'bolt11' && mine.amountMsat).toBe(d.millisatoshis ? Number(d.millisatoshis) : null)
  })
})

describe('what is paid', () => {
  it('a bitcoin: URI’s lightning= request wins over its address; on-chain alone pays nothing', () => {
    const unified = parsePaymentInput(`bitcoin:${P2WPKH}?lightning=${LN.pay}`)
    expect(lightningTargetOf(unified)).toMatchObject({ kind: 'lnurl', url: PAY_URL })
    expect(lightningTargetOf(parsePaymentInput(P2WPKH))).toBeNull()
    expect(lightningTargetOf(parsePaymentInput('hello'))).toBeNull()
    const inv = parsePaymentInput(INV.regtest)
    expect(lightningTargetOf(inv)).toBe(inv)
  })

  it('the spec’s “fields which must be ignored” example is refused, not crashed on (known gap)', () => {
    // light-bolt11-decoder 3.2 throws on `p` fields of the wrong length instead of skipping them
    expect(parsePaymentInput(SPEC.ignoredFields)).toMatchObject({ kind: 'invalid', form: 'bolt11' })
  })
})

const REAL = [
  INV.regtest,
  INV.mainnetAny,
  SPEC.upperCase,
  LUD01_LNURL,
  LN.withdraw,
  'alice@sim.example',
  `bitcoin:${P2WPKH}?amount=0.00001&lightning=${INV.mainnet1000}`,
  'lnurlp://pay.example/p',
  P2TR,
]
const KINDS = ['bolt11', 'lnurl', 'lightning-address', 'bip21', 'onchain', 'invalid', 'unknown']

/** A real input with a few characters inserted, removed or replaced somewhere. */
const mutated = fc
  .tuple(fc.constantFrom(...REAL), fc.nat(), fc.nat({ max: 3 }), fc.string({ unit: 'binary', maxLength: 3 }))
  .map(([s, at, drop, insert]) => {
    const i = at % (s.length + 1)
    return s.slice(0, i) + insert + s.slice(i + drop)
  })

describe('properties', () => {
  it('never throws and always says what it found, for any text', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), mutated),
        (s) => {
          const r = parsePaymentInput(s)
          expect(KINDS).toContain(r.kind)
          if ('reason' in r) expect(english(r.reason).length).toBeGreaterThan(15)
        },
      ),
      { numRuns: 3000 },
    )
  })

  it('reads a real input the same with any whitespace around it and any case of lightning:', () => {
    const lightningReal = REAL.filter((s) => lightningTargetOf(parsePaymentInput(s)) && !s.includes(':'))
    fc.assert(
      fc.property(
        fc.constantFrom(...lightningReal),
        fc.constantFrom('', 'lightning:', 'LIGHTNING:', 'Lightning:', 'lightning://'),
        fc.stringMatching(/^[ \t\r\n]{0,5}$/),
        fc.stringMatching(/^[ \t\r\n]{0,5}$/),
        (s, prefix, before, after) => {
          expect(parsePaymentInput(`${before}${prefix}${s}${after}`)).toEqual(parsePaymentInput(s))
        },
      ),
    )
  })

  it('takes no more than INPUT_LIMIT characters into account', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...REAL), fc.string()), fc.string(), fc.string(), (start, tailA, tailB) => {
        // whatever comes after the cap changes nothing: the answer is decided by the first INPUT_LIMIT + 1
        const head = (start + ' '.repeat(INPUT_LIMIT + 1)).slice(0, INPUT_LIMIT + 1)
        const a = parsePaymentInput(head + tailA)
        expect(a).toEqual(parsePaymentInput(head + tailB))
        expect(a).toEqual({ kind: 'invalid', form: null, reason: saysEnglish(/too long/) })
      }),
      { numRuns: 200 },
    )
  })

  it('still reads a request padded with whitespace up to exactly the cap', () => {
    const padded = `${INV.regtest}${' '.repeat(INPUT_LIMIT - INV.regtest.length)}`
    expect(padded.length).toBe(INPUT_LIMIT)
    expect(parsePaymentInput(padded)).toMatchObject({ kind: 'bolt11', invoice: INV.regtest })
    expect(parsePaymentInput(`${padded} `)).toMatchObject(TOO_LONG)
  })

  it('refuses a 10 MB paste without reading it', () => {
    expect(parsePaymentInput(`${INV.regtest}${'x'.repeat(10_000_000)}`)).toMatchObject(TOO_LONG)
  })
})

describe('limits, exactly at the edge', () => {
  it('a lightning address of 320 characters is read; one of 321 is too long to be real', () => {
    const at = `${'a'.repeat(320 - '@x.com'.length)}@x.com`
    expect(at).toHaveLength(320)
    expect(parsePaymentInput(at)).not.toMatchObject(TOO_LONG)
    expect(parsePaymentInput(`a${at}`)).toEqual({
      kind: 'invalid',
      form: 'lightning-address',
      reason: text(/too long/),
    })
  })

  it('an LNURL of exactly the limit is read (here: found damaged); one more character is too long', () => {
    const at = `LNURL1${'Q'.repeat(LNURL_LIMIT - 'LNURL1'.length)}`
    expect(at).toHaveLength(LNURL_LIMIT)
    expect(parsePaymentInput(at)).toEqual({ kind: 'invalid', form: 'lnurl', reason: text(/damaged/) })
    expect(parsePaymentInput(`${at}Q`)).toEqual({ kind: 'invalid', form: 'lnurl', reason: text(/too long/) })
  })

  it('a bitcoin: link one sat away from its invoice disagrees; the same amount does not', () => {
    const link = (btc: string) => `bitcoin:${P2WPKH}?amount=${btc}&lightning=${INV.mainnet1000}`
    expect(parsePaymentInput(link('0.00001001'))).toEqual({ kind: 'invalid', form: 'bip21', reason: text(/disagree/) })
    expect(parsePaymentInput(link('0.00000999'))).toEqual({ kind: 'invalid', form: 'bip21', reason: text(/disagree/) })
    expect(parsePaymentInput(link('0.00001'))).toMatchObject({ kind: 'bip21', amountSat: 1_000 })
  })

  it('a bitcoin: link has nothing to disagree with when one side names no amount', () => {
    // an amount in the link, an invoice for any amount
    expect(parsePaymentInput(`bitcoin:${P2WPKH}?amount=0.00002&lightning=${INV.mainnetAny}`)).toMatchObject({
      kind: 'bip21',
      amountSat: 2_000,
      lightning: { kind: 'bolt11', amountMsat: null },
    })
    // no amount in the link, an invoice for 1,000 sats
    expect(parsePaymentInput(`bitcoin:${P2WPKH}?lightning=${INV.mainnet1000}`)).toMatchObject({
      kind: 'bip21',
      amountSat: null,
      lightning: { kind: 'bolt11', amountMsat: 1_000_000 },
    })
    // an LNURL in the link: no invoice amount to compare
    expect(parsePaymentInput(`bitcoin:${P2WPKH}?amount=0.00002&lightning=${LN.pay}`)).toMatchObject({
      kind: 'bip21',
      amountSat: 2_000,
      lightning: { kind: 'lnurl' },
    })
  })
})
