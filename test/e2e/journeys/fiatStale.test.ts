// A price source walking the price: the app has accepted 67,000 USD a BTC and, a refresh later,
// 34,170 (−49 %); the source now says 17,427 (−49 % again). That is more than 50 % from the
// day's price, so it is refused: Home keeps showing amounts at 34,170, marked stale beside every
// amount, and says why in a line that quotes no long number.

import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { totalBalanceMsat } from '@shared/balances'
import { satsToFiat } from '@shared/fiat'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Loopback, serve } from '../../electron/services/loopback'
import { type OpenedApp, openApp } from '../harness'
import { mainCall } from './support'

let o: OpenedApp
let rates: Loopback
let dir: string
beforeAll(async () => {
  rates = await serve((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ bitcoin: { usd: 17_427 } }))
  })
  dir = await mkdtemp(join(tmpdir(), 'lt-fiat-stale-'))
  const now = Date.now()
  // what the app kept from its last run: the day's first price and the last one accepted
  await writeFile(
    join(dir, 'rates.json'),
    JSON.stringify({
      version: 1,
      rates: { USD: { price: 34_170, fetchedAt: now - 6 * 60_000 } },
      day: { USD: [{ price: 67_000, fetchedAt: now - 11 * 60_000 }] },
    }),
  )
  o = await openApp({ seed: 'demo', rateSource: `${rates.url}/api/v3/simple/price`, userDataDir: dir })
})
afterAll(async () => {
  await o?.close()
  await rates?.close()
  await rm(dir, { recursive: true, force: true })
})

test('the refused price leaves the last good one, shown as stale, with the reason in short words', async () => {
  await expect.poll(() => rates.seen.length, { timeout: 15_000 }).toBe(1)
  const stale = o.page.getByTestId('rates-stale')
  await stale.waitFor({ timeout: 15_000 })
  const reason = (await stale.textContent()) ?? ''
  expect(reason).toContain('The USD price shown is stale.')
  expect(reason).toContain("more than 50 % away from the day's price (67,000)")
  const numbers = reason.match(/[-+]?\d[\d.,]*(e[-+]?\d+)?/gi) ?? []
  expect(Math.max(...numbers.map((n) => n.length))).toBeLessThanOrEqual(20)

  const r = await mainCall(o, 'wallets.list', {})
  if (!r.ok) throw new Error(r.error.message)
  const totalMsat = totalBalanceMsat((r.value as { wallets: Array<{ balanceMsat: number }> }).wallets)
  const total = o.page.getByTestId('total-fiat')
  const at34170 = `≈ ${satsToFiat(totalMsat, 34_170 / 1e8, 'USD', 'en-US')}`
  await expect.poll(() => total.textContent()).toMatch(/ · rate \d+ min old · stale$/)
  expect((await total.textContent())?.startsWith(`${at34170} · `)).toBe(true)
  expect(await total.getAttribute('title')).toContain('more than 50 % away')
  expect(await o.page.getByTestId('wallet-fiat').first().textContent()).toMatch(/ · stale$/)
})
