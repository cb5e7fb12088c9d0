// `npm run mutate [group …]`: mutation testing of the code that decides money (README, "Mutation
// testing"), one group at a time, each group's files with the tests that exercise them. One run
// over everything with every test takes hours here: code that runs while an app is built in
// `beforeAll` counts as "static" for Stryker, and each such mutant runs every test of the run.
// Prints a score per file and writes reports/mutation/<group>.json. Not part of `npm test`.
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs'

const P = 'electron/main/services/payments'
const T = 'test/electron'
const S = 'electron/main/services'

/** Each group: the files mutated, and the tests that exercise them. */
export const GROUPS = {
  pay: {
    mutate: [`${P}/pay.ts`, `${P}/index.ts`],
    tests: [
      `${T}/payments/payInvoice.test.ts`,
      `${T}/payments/checkAgain.test.ts`,
      `${T}/ipc/moneyOnce.test.ts`,
      `${T}/ipc/moneyOps.test.ts`,
      `${T}/ipc/spending.test.ts`,
      `${T}/payments/successActionPay.test.ts`,
    ],
  },
  linksTransfer: {
    mutate: [`${P}/links.ts`, `${P}/transfer.ts`],
    tests: [`${T}/payments/mintTransfer.test.ts`, `${T}/ipc/transferInFlight.test.ts`, `${T}/ipc/moneyOnce.test.ts`],
  },
  createPayments: {
    mutate: [`${P}/createPayments.ts`],
    tests: [
      `${T}/payments/createPayments.test.ts`,
      `${T}/payments/payInvoice.test.ts`,
      `${T}/payments/checkAgain.test.ts`,
      `${T}/ipc/moneyOnce.test.ts`,
      `${T}/ipc/transferInFlight.test.ts`,
    ],
  },
  follow: {
    mutate: [`${P}/follow.ts`],
    tests: [`${T}/payments/follow.test.ts`, `${T}/payments/checkAgain.test.ts`],
  },
  sending: {
    mutate: [
      `${P}/journaled.ts`,
      `${P}/reconcile.ts`,
      `${P}/words.ts`,
      `${P}/invoice.ts`,
      'electron/main/services/rates/sanity.ts',
    ],
    // unit tests only: the app-level ones would make most of these mutants static and slow
    tests: ['follow', 'journaled', 'reconcile', 'words', 'readInvoice']
      .map((n) => `${T}/payments/${n}.test.ts`)
      .concat(`${T}/services/rates/*.test.ts`),
  },
  successAction: {
    mutate: [`${P}/successAction.ts`],
    tests: [
      `${T}/payments/successAction.test.ts`,
      `${T}/payments/successActionPay.test.ts`,
      `${T}/services/outsideText.test.ts`,
    ],
  },
  journal: {
    mutate: [`${P}/journal.ts`, `${P}/spends.ts`, `${P}/operations.ts`],
    tests: [`${T}/services/ledger/*.test.ts`],
  },
  outcomes: {
    mutate: ['electron/main/services/sync/outcomes.ts'],
    tests: [`${T}/sync/outcomes.test.ts`, `${T}/sync/state.test.ts`, `${T}/sync/plan.test.ts`],
  },
  parsing: {
    mutate: ['bitcoin', 'bolt11', 'fees', 'parse', 'route', 'text'].map((n) => `shared/payment/${n}.ts`),
    tests: [
      'test/shared/*.test.ts',
      'test/renderer/payInput.test.ts',
      `${T}/payments/readInvoice.test.ts`,
      `${T}/payments/reconcile.test.ts`,
    ],
  },
  // access and budgets: whether a connected app may spend, whether a person may, whether the lock opens
  nwcPay: {
    mutate: [`${S}/nwc/pay.ts`, `${S}/nwc/budget.ts`],
    tests: [`${T}/nwc/budgetPeriods.test.ts`, `${T}/nwc/payInvoice.test.ts`],
  },
  spending: {
    mutate: ['index', 'rules', 'passphrase', 'day'].map((n) => `${S}/spending/${n}.ts`),
    tests: [`${T}/services/spending/*.test.ts`, `${T}/services/spendingDay.test.ts`],
  },
  lock: {
    mutate: ['backoff', 'passphrase', 'index', 'loosening'].map((n) => `${S}/lock/${n}.ts`),
    tests: [`${T}/services/lock/*.test.ts`],
  },
}

const MIN_SCORE = 85

function score(report) {
  const rows = []
  for (const [file, f] of Object.entries(report.files)) {
    const n = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0 }
    for (const m of f.mutants) if (m.status in n) n[m.status]++
    const valid = n.Killed + n.Timeout + n.Survived + n.NoCoverage
    rows.push({ file, ...n, score: valid ? (100 * (n.Killed + n.Timeout)) / valid : 100 })
  }
  return rows
}

const asked = process.argv.slice(2)
const unknown = asked.filter((g) => !(g in GROUPS))
if (unknown.length) {
  console.error(`No such group: ${unknown.join(', ')}. Groups: ${Object.keys(GROUPS).join(', ')}`)
  process.exit(2)
}
mkdirSync('reports/mutation', { recursive: true })
const rows = []
for (const name of asked.length ? asked : Object.keys(GROUPS)) {
  const g = GROUPS[name]
  console.log(`\n== ${name}: ${g.mutate.length} file(s), ${g.tests.length} test file(s)`)
  const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.json', '--mutate', g.mutate.join(',')], {
    stdio: 'inherit',
    env: { ...process.env, MUT_TESTS: g.tests.join(',') },
  })
  if (run.status !== 0 || !existsSync('reports/mutation/mutation.json')) {
    console.error(`group ${name}: Stryker failed (exit ${run.status})`)
    process.exit(1)
  }
  copyFileSync('reports/mutation/mutation.json', `reports/mutation/${name}.json`)
  rows.push(...score(JSON.parse(readFileSync(`reports/mutation/${name}.json`, 'utf8'))))
}
console.log('\n| file | killed | timeout | survived | no coverage | score |\n|---|---|---|---|---|---|')
for (const r of rows)
  console.log(
    `| ${r.file} | ${r.Killed} | ${r.Timeout} | ${r.Survived} | ${r.NoCoverage} | ${r.score.toFixed(2)} %${r.score < MIN_SCORE ? ' (below 85)' : ''} |`,
  )
