// Withdraw: a switch of account hides the link minted under the one before (main's watcher still
// tracks it), whether the switch came as an event or from Settings, and also when the link's answer
// comes after the switch.
import { beforeEach, describe, expect, test } from 'vitest'
import { subscribe } from '../../renderer/src/boot'
import { useAccounts } from '../../renderer/src/stores/accounts'
import { useWallets } from '../../renderer/src/stores/wallets'
import { useWithdraw } from '../../renderer/src/stores/withdraw'
import { installFakeWallet } from './fakeWallet'
import { account, withdrawLink } from './fixtures'

const initial = { accounts: useAccounts.getState(), withdraw: useWithdraw.getState(), wallets: useWallets.getState() }
let fake: ReturnType<typeof installFakeWallet>
beforeEach(() => {
  fake = installFakeWallet()
  useAccounts.setState(initial.accounts, true)
  useWithdraw.setState(initial.withdraw, true)
  useWallets.setState(initial.wallets, true)
})

describe('another account hides the link on screen', () => {
  async function showLink() {
    useAccounts.setState({ accounts: [account('a1'), account('a2')], activeId: 'a1', status: 'ready' })
    fake.ok('withdraw.create', withdrawLink)
    await useWithdraw.getState().create({ walletId: 'w1', amountSat: 5, memo: '' })
    expect(useWithdraw.getState().current).toBe('ott1')
  }

  test('accounts.updated with another active account clears it; the same account keeps it', async () => {
    const off = subscribe()
    try {
      await showLink()
      fake.emit('accounts.updated', { accounts: [account('a1'), account('a2'), account('a3')], activeId: 'a1' })
      expect(useWithdraw.getState().current).toBe('ott1')
      fake.ok('wallets.list', { wallets: [] })
      fake.emit('accounts.updated', { accounts: [account('a1'), account('a2')], activeId: 'a2' })
      expect(useWithdraw.getState().current).toBeNull()
      // the link itself is still known (main's watcher tracks it); only the screen lets go of it
      expect(useWithdraw.getState().links.ott1?.lnurl).toBe('LNURL1XYZ')
    } finally {
      off()
    }
  })

  test('switching from Settings clears it too, before main’s event comes', async () => {
    const off = subscribe()
    try {
      await showLink()
      fake.ok('accounts.switch', account('a2'))
      expect(await useAccounts.getState().switchTo('a2')).toBe(true)
      expect(useWithdraw.getState().current).toBeNull()
    } finally {
      off()
    }
  })

  test('a link whose answer comes after the switch is not shown as the new account’s', async () => {
    const off = subscribe()
    try {
      useAccounts.setState({ accounts: [account('a1'), account('a2')], activeId: 'a1', status: 'ready' })
      const release = fake.deferred('withdraw.create')
      const creating = useWithdraw.getState().create({ walletId: 'w1', amountSat: 5, memo: '' })
      fake.ok('wallets.list', { wallets: [] })
      fake.emit('accounts.updated', { accounts: [account('a1'), account('a2')], activeId: 'a2' })
      release({ ok: true, value: withdrawLink })
      await creating
      expect(useWithdraw.getState()).toMatchObject({ current: null, creating: false })
      expect(useWithdraw.getState().links.ott1?.status).toBe('waiting')
    } finally {
      off()
    }
  })
})
