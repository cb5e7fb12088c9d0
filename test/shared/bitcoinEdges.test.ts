// On-chain addresses and bitcoin: links at their edges (docs/payment-input.md): each segwit rule
// of BIP 173/350 on an address built for it, base58 shapes and networks, BIP 21 amounts at their
// limits, and the query reader. The reasons' words are checked elsewhere (paymentParse.test.ts);
// here what is read, refused or named.
import { parseBip21, parseOnchainAddress, splitQuery } from '@shared/payment/bitcoin'
import { bech32, bech32m } from 'bech32'
import { describe, expect, it } from 'vitest'

/** A segwit address with this witness version and program length, in the codec given (the right one by default). */
function segwit(hrp: string, version: number, length: number, codec = version === 0 ? bech32 : bech32m): string {
  const program = Array.from({ length }, (_, i) => (i * 7 + 3) & 0xff)
  return codec.encode(hrp, [version, ...codec.toWords(program)], 200)
}

describe('parseOnchainAddress: segwit', () => {
  it('reads each network, and names it', () => {
    expect(parseOnchainAddress(segwit('bc', 0, 20))?.network).toBe('mainnet')
    expect(parseOnchainAddress(segwit('tb', 1, 32))?.network).toBe('testnet')
    expect(parseOnchainAddress(segwit('bcrt', 0, 32))?.network).toBe('regtest')
  })

  it('reads an address in upper case (as QR codes carry it), never one of mixed case', () => {
    const a = segwit('bc', 0, 20)
    expect(parseOnchainAddress(a.toUpperCase())).toEqual({ address: a, network: 'mainnet' })
    const mixed = `${a.slice(0, 10).toUpperCase()}${a.slice(10)}`
    expect(parseOnchainAddress(mixed)).toBeNull()
  })

  it('holds version 0 to bech32 and versions 1 to 16 to bech32m', () => {
    expect(parseOnchainAddress(segwit('bc', 1, 32, bech32))).toBeNull()
    expect(parseOnchainAddress(segwit('bc', 0, 20, bech32m))).toBeNull()
    expect(parseOnchainAddress(segwit('bc', 16, 2))).not.toBeNull()
    expect(parseOnchainAddress(segwit('bc', 17, 32))).toBeNull()
  })

  it('refuses a program shorter than 2 or longer than 40 bytes, and version 0 but 20 or 32', () => {
    expect(parseOnchainAddress(segwit('bc', 1, 1))).toBeNull()
    expect(parseOnchainAddress(segwit('bc', 1, 2))).not.toBeNull()
    expect(parseOnchainAddress(segwit('bc', 1, 40))).not.toBeNull()
    expect(parseOnchainAddress(segwit('bc', 1, 41))).toBeNull()
    expect(parseOnchainAddress(segwit('bc', 0, 32))).not.toBeNull()
    expect(parseOnchainAddress(segwit('bc', 0, 16))).toBeNull()
    expect(parseOnchainAddress(segwit('bc', 0, 21))).toBeNull()
  })

  it('refuses an address with no data, and one whose prefix only starts like a network', () => {
    expect(parseOnchainAddress(bech32.encode('bc', []))).toBeNull()
    // bech32's prefix runs to the last "1": this one's is "bc1x", no network
    expect(parseOnchainAddress(segwit('bc1x', 0, 20))).toBeNull()
  })
})

describe('parseOnchainAddress: base58', () => {
  const P2PKH = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'
  const TESTNET = 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn'

  it('names mainnet by its first character, and testnet otherwise', () => {
    expect(parseOnchainAddress(P2PKH)).toEqual({ address: P2PKH, network: 'mainnet' })
    expect(parseOnchainAddress('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')?.network).toBe('mainnet')
    // a testnet address with a "1" and a "3" inside is still testnet
    expect(parseOnchainAddress(TESTNET)).toEqual({ address: TESTNET, network: 'testnet' })
    expect(parseOnchainAddress('2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc')?.network).toBe('testnet')
  })

  it('refuses anything before or after the address, and letters base58 leaves out', () => {
    expect(parseOnchainAddress(`x${P2PKH}`)).toBeNull()
    expect(parseOnchainAddress(`${P2PKH}0`)).toBeNull()
    expect(parseOnchainAddress(`${P2PKH.slice(0, -1)}O`)).toBeNull()
  })
})

describe('parseBip21: amounts', () => {
  const A = segwit('bc', 0, 20)
  const amount = (a: string) => {
    const r = parseBip21(`bitcoin:${A}?amount=${a}`)
    return 'kind' in r ? r.kind : r.amountSat
  }

  it('reads whole and fractional bitcoin down to the sat', () => {
    expect(amount('1')).toBe(100_000_000)
    expect(amount('0.00000001')).toBe(1)
    expect(amount('.5')).toBe(50_000_000)
    // leading zeros are not more digits
    expect(amount('000000012')).toBe(1_200_000_000)
    // digits past the eighth may be zeros, and are not read as more
    expect(amount('0.000000010')).toBe(1)
    expect(amount('0.100000000')).toBe(10_000_000)
  })

  it('takes 21 million bitcoin and 8 whole digits, and nothing larger', () => {
    expect(amount('21000000')).toBe(2_100_000_000_000_000)
    expect(amount('20000000.5')).toBe(2_000_000_050_000_000)
    expect(amount('21000000.00000001')).toBe('invalid')
    expect(amount('100000000')).toBe('invalid')
  })

  it('refuses zero and a part of a sat', () => {
    expect(amount('0')).toBe('invalid')
    expect(amount('0.0')).toBe('invalid')
    expect(amount('0.000000001')).toBe('invalid')
    expect(amount('0.000000011')).toBe('invalid')
  })
})

describe('parseBip21: the rest', () => {
  const A = segwit('bc', 0, 20)

  it('drops the fragment, whatever its length', () => {
    expect(parseBip21(`bitcoin:${A}?amount=1#section-2`)).toMatchObject({ amountSat: 100_000_000 })
    expect(parseBip21(`bitcoin:${A}#x`)).toMatchObject({ address: { address: A } })
  })

  it('calls a damaged address an on-chain one, and a link with neither address nor invoice a bip21 one', () => {
    expect(parseBip21('bitcoin:bc1qdamaged')).toMatchObject({ kind: 'invalid', form: 'onchain' })
    expect(parseBip21('bitcoin:?amount=1')).toMatchObject({ kind: 'invalid', form: 'bip21' })
    expect(parseBip21('bitcoin:')).toMatchObject({ kind: 'invalid', form: 'bip21' })
  })

  it('keeps the label and message cleaned, and the lightning value as given', () => {
    expect(parseBip21(`bitcoin:${A}?label=Caf%C3%A9&MESSAGE=Hi%E2%80%8Bthere&lightning=lnbc1x`)).toEqual({
      address: { address: A, network: 'mainnet' },
      amountSat: null,
      label: 'Café',
      message: 'Hithere',
      lightning: 'lnbc1x',
    })
  })
})

describe('splitQuery', () => {
  it('splits on "&", lower-cases keys, decodes both sides and skips empty parts', () => {
    expect(splitQuery('')).toEqual([])
    expect(splitQuery('a=1&&B=%41&flag')).toEqual([
      ['a', '1'],
      ['b', 'A'],
      ['flag', ''],
    ])
    expect(splitQuery('=x&y=')).toEqual([
      ['', 'x'],
      ['y', ''],
    ])
    expect(splitQuery('a=%E0%A4%A')).toBeNull()
  })
})
