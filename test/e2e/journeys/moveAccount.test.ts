/// <reference lib="dom" />
// "Move everything to another account" through the app's own page in Chromium (docs/move.md):
// from Settings' account entry, per wallet what moves and the fee reserve, the target chosen, a
// backup saved first (on the move's own screen, the one backup form, its file opened again with the
// passphrase), one confirmation pressed twice, and the
// summary; the simulator's books then show each wallet paid once into the target, each source left
// with only its fee reserve, and the account still there. The target is an NWC account (@getalby/
// sdk's wallet service on a loopback relay) whose wallet lives in a second account of the same
// simulator, so its invoices are paid inside the simulator. Run under scripts/with-keyring.sh.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AccountView } from '@shared/contract'
import { sendAllMsat } from '@shared/payment/fees'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { open as openBackup } from '../../../electron/main/services/backup/format'
import { startRelay, type TestRelay } from '../../support/nostrRelay'
import { type NwcTestWallet, startNwcWallet } from '../../support/nwcWallet'
import { type OpenedApp, openApp } from '../harness'
import { axeViolations, mainCall, navTo, overflowing, waitVisible } from './support'

const PASS = 'a passphrase for the move backup'
let o: OpenedApp
let relay: TestRelay
let nwc: NwcTestWallet
let hubId: string
let saveDir: string
let service: AccountView

beforeAll(async () => {
  saveDir = await mkdtemp(join(tmpdir(), 'lt-e2e-move-'))
  relay = await startRelay()
  o = await openApp({
    ...{ seed: 'demo', secretStore: 'keychain', saveDir, backupCost: { logN: 14, r: 8, p: 1 } },
    // the tray popover's size: the plan's table must fit it
    viewport: { width: 360, height: 600 },
  })
  const other = o.sim.control.ledger.createAccount()
  hubId = o.sim.control.ledger.createWallet(other.id, 'Hub').id
  nwc = await startNwcWallet({ relayUrl: relay.url, simUrl: o.sim.url, apiKey: other.secretKey, walletId: hubId })
  const list = await mainCall(o, 'accounts.list', {})
  service = (list as { value: { accounts: AccountView[] } }).value.accounts[0] as AccountView
  expect((await mainCall(o, 'accounts.connect', { kind: 'nwc', uri: nwc.uri, storage: 'keychain' })).ok).toBe(true)
  expect((await mainCall(o, 'accounts.switch', { id: service.id })).ok).toBe(true)
}, 60_000)
afterAll(async () => {
  nwc?.close()
  await o?.close()
  await relay?.close()
  await rm(saveDir, { recursive: true, force: true })
})

/** the service account's wallets at the simulator, with what they hold now */
const sourceWallets = () => [...o.sim.control.ledger.wallets.values()].filter((w) => w.id !== hubId)
const paidOut = (walletId: string) =>
  o.sim.control.ledger.wtx.filter((t) => t.walletId === walletId && t.amountMsat < 0 && t.passThru.requestId)

test('from Settings through the summary: a backup first, each wallet paid once, only fee reserves left', async () => {
  const page = o.page
  const before = new Map(sourceWallets().map((w) => [w.id, w.balanceMsat]))
  const funded = sourceWallets().filter((w) => sendAllMsat(w.balanceMsat) > 0)
  expect(funded.length).toBeGreaterThan(1)
  const sum = funded.reduce((s, w) => s + sendAllMsat(w.balanceMsat), 0)

  await navTo(page, 'Settings')
  await page.getByRole('button', { name: `Move everything to another account, from ${service.label}` }).click()
  const flow = page.getByRole('region', { name: `Move everything off ${service.label}` })
  await flow.getByRole('table').waitFor({ timeout: 20_000 })
  // the target: the NWC account, the only other one
  expect(await flow.getByLabel('Move to').locator('option:checked').textContent()).toBe('Hub wallet')
  // per wallet: what moves and what is kept for the fee, by the app's fee-limit rule
  const first = funded[0]!
  const row = flow.getByRole('row').filter({ hasText: first.label ?? first.id })
  const amount = sendAllMsat(first.balanceMsat) / 1000
  const reserve = (first.balanceMsat - sendAllMsat(first.balanceMsat)) / 1000
  expect(await row.getByRole('cell').allTextContents()).toEqual([
    first.label,
    `${amount.toLocaleString('en')} sats`,
    `${reserve.toLocaleString('en')} sats`,
  ])
  expect(await overflowing(page)).toEqual([])
  expect(await axeViolations(page, 'the move plan')).toEqual([])
  await flow.getByRole('button', { name: 'Continue', exact: true }).click()

  // the backup first, made here: Continue stays shut until the move's own form saved one
  const next = flow.getByRole('button', { name: 'Continue', exact: true })
  expect(await next.isDisabled()).toBe(true)
  expect(await flow.getByRole('button', { name: 'I already have a backup: continue without a new one' }).count()).toBe(
    1,
  )
  await flow.getByLabel('Backup passphrase').fill(PASS)
  await flow.getByLabel('The same passphrase again').fill(PASS)
  // the one click that encrypts and saves, on the move's own screen
  await flow.getByRole('button', { name: 'Save backup…' }).click()
  await flow.getByText(/Backup saved as lightning-tray-.*\.ltbackup/).waitFor({ timeout: 20_000 })
  expect(o.booted.savedFiles).toHaveLength(1)
  // the file written opens with that passphrase and holds the account being moved off
  const opened = await openBackup(await readFile(o.booted.savedFiles[0] as string), PASS)
  const held = JSON.parse(opened.toString('utf8')) as { kind: string; accounts: { id: string }[] }
  expect(held.kind).toBe('lightning-tray-backup')
  expect(held.accounts.map((a) => a.id)).toContain(service.id)
  expect(await next.isDisabled()).toBe(false)
  await next.click()

  // one confirmation; pressed twice, it moves once
  const confirm = flow.getByRole('button', { name: /^Move .* sats to Hub wallet$/ })
  expect(await confirm.textContent()).toBe(`Move ${(sum / 1000).toLocaleString('en')} sats to Hub wallet`)
  await confirm.dblclick()
  await flow.getByRole('heading', { name: 'Summary' }).waitFor({ timeout: 60_000 })
  await waitVisible(page, `Moved to Hub wallet: ${(sum / 1000).toLocaleString('en')} sats.`)
  const steps = await flow.locator('.move-steps li').allTextContents()
  for (const w of funded)
    expect(steps).toContain(
      `${w.label}: moved ${(sendAllMsat(before.get(w.id) as number) / 1000).toLocaleString('en')} sats.`,
    )
  expect(await flow.getByText(`${service.label} stays in Settings until you remove it.`).count()).toBe(1)
  expect(await overflowing(page)).toEqual([])
  expect(await axeViolations(page, 'the move summary')).toEqual([])

  // the simulator's books: each paid once, only the fee reserve left, the target holds the sum
  for (const w of sourceWallets()) {
    const was = before.get(w.id) as number
    expect(w.balanceMsat).toBe(was - sendAllMsat(was))
    expect(paidOut(w.id)).toHaveLength(sendAllMsat(was) > 0 ? 1 : 0)
  }
  expect(o.sim.control.balanceMsat(hubId)).toBe(sum)
  // the account moved off stays until the person removes it
  const list = (await mainCall(o, 'accounts.list', {})) as { value: { accounts: AccountView[] } }
  expect(list.value.accounts.map((a) => a.id)).toContain(service.id)
  expect(o.pageErrors).toEqual([])
}, 180_000)
