// Journey: a voucher sheet of 3 from the Withdraw screen. The confirmation states the total, a
// double click on it makes one sheet, the 3 vouchers join the list of withdraw links, the saved
// PDF reads back to exactly those links, and a claim by an outside LUD-03 client turns one of
// them "Claimed".

import { readFile } from 'node:fs/promises'
import { formatMsat } from '@shared/units'
import { voucherShortId } from '@shared/vouchers'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { cardBox } from '../../../electron/main/services/vouchers'
import { claimWithdraw } from '../../support/lud03Client'
import { rasterise, readQrIn } from '../../support/pdfQr'
import { type OpenedApp, openApp } from '../harness'
import { fastPolling, mainCall, navTo, waitVisible } from './support'

let o: OpenedApp
beforeAll(async () => {
  o = await openApp({ seed: 'demo' })
  await fastPolling(o)
})
afterAll(() => o?.close())

const MINT = /^\/v1\/wallet\/[^/]+\/lnurl\/withdraw$/
const mints = () => o.sim.control.requests({ method: 'GET' }).filter((r) => MINT.test(r.path)).length

test('a sheet of 3: the total confirmed, a double click makes one sheet, 3 links in the list', async () => {
  const w = o.sim.keys.wallets[0]!
  const page = o.page
  await navTo(page, 'Withdraw')
  await page.getByRole('button', { name: 'Voucher sheet' }).click()
  await page.getByLabel('Wallet').selectOption(w.id)
  const label = (await page.getByLabel('Wallet').locator('option:checked').textContent())!.split(' — ')[0]!
  await page.getByLabel(/^Number of vouchers/).fill('3')
  await page.getByLabel(/^Amount of each voucher/).fill('1,000')
  await page.getByLabel(/^Note on each voucher/).fill('Meetup <b>thanks</b>')
  await page.getByRole('button', { name: 'Review voucher sheet' }).click()

  // nothing is minted before the confirmation, which says what it will cost
  await waitVisible(page, `3 vouchers × 1,000 sats = 3,000 sats from ${label}`)
  const before = mints()
  await page.getByRole('button', { name: 'Make 3 vouchers' }).dblclick()
  await waitVisible(page, '3 vouchers made')
  await waitVisible(page, /^The sheet of 3 was saved as vouchers-3x1000-sats-\d{4}-\d\d-\d\d\.pdf\.$/)
  expect(mints() - before).toBe(3)
  expect(o.booted.savedFiles).toHaveLength(1)

  // the list of withdraw links shows the three, waiting, with the note as typed
  const r = await mainCall(o, 'withdraw.list', {})
  if (!r.ok) throw new Error(r.error.message)
  const links = (r.value as { links: Array<{ lnurl: string; ott: string; memo: string }> }).links.filter(
    (l) => l.memo === 'Meetup <b>thanks</b>',
  )
  expect(links).toHaveLength(3)
  const rows = page.locator('.withdraw-links li')
  for (const l of links) {
    const row = rows.filter({ hasText: voucherShortId(l.ott) })
    await expect
      .poll(() => row.textContent())
      .toMatch(/^Show withdraw link [A-Z0-9]+: 1,000 sats · Meetup <b>thanks<\/b>.*Waiting$/)
  }

  // the saved PDF reads back, card by card, to exactly these links
  const [sheet] = await rasterise(await readFile(o.booted.savedFiles[0]!))
  const qrs = [0, 1, 2].map((i) => readQrIn(sheet!, cardBox(i))?.data)
  expect(new Set(qrs)).toEqual(new Set(links.map((l) => l.lnurl)))

  // claimed by an outside wallet (LUD-03), one voucher turns Claimed; the others keep waiting
  const [claimed, ...others] = links as [(typeof links)[number], ...typeof links]
  const balance = o.sim.control.balanceMsat(w.id)
  const answer = await claimWithdraw(claimed.lnurl, (msat) => o.sim.control.outsideInvoice(msat / 1000))
  expect(answer.status).toBe('OK')
  // what left the wallet: the voucher and the routing fee on top, both said on its row with the time
  const feeMsat = balance - o.sim.control.balanceMsat(w.id) - 1_000_000
  expect(feeMsat).toBeGreaterThan(0)
  const claimedRow = rows.filter({ hasText: voucherShortId(claimed.ott) })
  await expect
    .poll(() => claimedRow.textContent(), { timeout: 30_000 })
    .toMatch(new RegExp(`Claimed on \\d+/\\d+/\\d+, .+: 1,000 sats \\+ ${formatMsat(feeMsat)} fee$`))
  for (const l of others)
    expect(await rows.filter({ hasText: voucherShortId(l.ott) }).textContent()).toMatch(/Waiting$/)
  expect(o.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
})
