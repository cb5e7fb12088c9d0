// The simulator in its own process for bench/nwc.ts, as a service is in life: its work (HTTP
// serving, its books, their garbage) is then not counted in the app's own part of a request.
// Makes one wallet with `argv[2]` sats and prints one JSON line: the URL, the API key, the wallet.
import { startSimulator } from '../../test/simulator/index'

const sim = await startSimulator({ seed: 'demo' })
const wallet = sim.control.createWallet('Apps', Number(process.argv[2] ?? 1_000_000))
console.log(JSON.stringify({ url: sim.url, apiKey: sim.keys.secret, walletId: wallet.id }))
