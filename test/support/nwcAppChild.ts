// @getalby/sdk's NWC client in a process of its own, as a connected app is: the flood tests
// measure the app's main process, whose event loop must not be charged with the client's own
// signing and sealing. Asked by floodRelay.ts (startAppChild) to read the balance, one at a time.
import { NWCClient } from '@getalby/sdk/nwc'

const client = new NWCClient({ nostrWalletConnectUrl: process.argv[2] as string })
process.on('message', async (m: { ref: number }) => {
  try {
    const { balance } = await client.getBalance()
    process.send?.({ ref: m.ref, value: { balance } })
  } catch (err) {
    process.send?.({ ref: m.ref, value: { error: String(err) } })
  }
})
process.on('disconnect', () => {
  client.close()
  process.exit(0)
})
process.send?.({ ref: 0, value: 'ready' })
