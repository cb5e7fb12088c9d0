// `npm run sim -- --port 4100 --seed demo [--data state.json] [--no-legacy-invoice-route]`;
// `--seed huge --tx 1000000`: a shop's year of that many transactions (made in bulk, not saved).
// Starts the simulator and prints the base URL, the keys to paste into the app, and the outside
// parties (vouchers to claim, requests to pay).
import { parseArgs } from 'node:util'
import { type SeedName, startSimulator } from './index'
import { SEED_NAMES } from './seed'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4100' },
    host: { type: 'string', default: '127.0.0.1' },
    seed: { type: 'string', default: 'demo' },
    tx: { type: 'string' },
    data: { type: 'string' },
    'legacy-invoice-route': { type: 'boolean', default: true },
    'invoice-cap': { type: 'string' },
    'send-cap': { type: 'string' },
    log: { type: 'boolean', default: false },
    flavor: { type: 'string', default: 'service' },
  },
  allowNegative: true,
})

const seed = values.seed as SeedName
if (!SEED_NAMES.includes(seed)) {
  console.error(`--seed must be ${SEED_NAMES.join(', ')} (got ${values.seed})`)
  process.exit(2)
}
const tx = values.tx === undefined ? undefined : Number(values.tx)
if (tx !== undefined && (seed !== 'huge' || !Number.isInteger(tx) || tx < 10)) {
  console.error('--tx goes with --seed huge: a number of transactions, 10 or more')
  process.exit(2)
}
if (seed === 'huge' && values.data) {
  console.error('--seed huge is not saved to a data file')
  process.exit(2)
}
if (values.flavor !== 'service' && values.flavor !== 'lnbits') {
  console.error(`--flavor must be service or lnbits (got ${values.flavor})`)
  process.exit(2)
}
const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number (got ${values.port})`)
  process.exit(2)
}

const sim = await startSimulator({
  port,
  host: values.host,
  seed,
  tx,
  dataFile: values.data,
  logger: values.log,
  legacyInvoiceRoute: values['legacy-invoice-route'],
  invoiceCapSat: values['invoice-cap'] ? Number(values['invoice-cap']) : null,
  sendCapSat: values['send-cap'] ? Number(values['send-cap']) : null,
  flavor: values.flavor,
})

const lines = values.flavor === 'lnbits' ? lnbitsLines() : serviceLines()
console.log(lines.join('\n'))

// The LNbits flavor: its base URL and each wallet's id and keys, one line a wallet.
function lnbitsLines(): string[] {
  const lines = [`LNbits: ${sim.url}`]
  for (const w of sim.lnbits) lines.push(`wallet=${w.id} name="${w.name}" adminkey=${w.adminkey} inkey=${w.inkey}`)
  lines.push(...outsideLines(), `Controls: ${sim.url}/_sim/state (loopback only, no API key)`)
  return lines
}

function serviceLines(): string[] {
  const lines = [
    `Lightning wallet service simulator (seed: ${seed}${values.data ? `, data: ${values.data}` : ''})`,
    `Base URL:    ${sim.url}`,
    `Secret key:  ${sim.keys.secret}`,
    `Public key:  ${sim.keys.public}`,
  ]
  for (const w of sim.keys.wallets) {
    lines.push(`Wallet ${w.id} "${w.label}"`)
    for (const [role, key] of Object.entries(w.keys)) lines.push(`  ${role.padEnd(8)} ${key}`)
  }
  lines.push(...outsideLines(), `Controls:    ${sim.url}/_sim/state (loopback only, no API key)`)
  return lines
}

function outsideLines(): string[] {
  const lines: string[] = []
  lines.push(
    `Addresses:   ${sim.control
      .recipients()
      .map((r) => r.address)
      .join(', ')} (resolved by the simulator)`,
  )
  const vouchers = sim.control.outside.vouchers()
  if (vouchers.length > 0) {
    lines.push("Vouchers:    another service's LNURL-withdraw links, to claim from the app")
    for (const v of vouchers) lines.push(`  ${v.description}: ${v.lnurl}`)
  }
  const payees = sim.control.outside.payees()
  if (payees.length > 0) {
    lines.push('To pay:      BOLT 11 requests of outside payees')
    for (const p of payees) lines.push(`  ${p.memo}: ${p.payment_request}`)
  }
  return lines
}

let closing = false
const stop = async () => {
  if (closing) return
  closing = true
  await sim.close()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
