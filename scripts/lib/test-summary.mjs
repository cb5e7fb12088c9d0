// Adds up vitest's JSON reports into one plain closing line ("tests: N passed, N failed, N skipped"),
// the form CI reads whatever the runner. A missing or unreadable report counts as a failure.
// Failed tests are named just above that line, because CI keeps only the end of a run's output.
import { readFileSync } from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
const names = []
for (const file of process.argv.slice(2)) {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'))
    passed += r.numPassedTests
    failed += r.numFailedTests
    skipped += r.numPendingTests + r.numTodoTests
    if (!r.success && r.numFailedTests === 0) failed += 1 // a suite that failed outside a test
    for (const suite of r.testResults ?? []) {
      const where = suite.name.replace(`${process.cwd()}/`, '')
      const bad = (suite.assertionResults ?? []).filter((t) => t.status === 'failed')
      for (const t of bad) {
        const why = String(t.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 200)
        names.push(`FAILED ${where} > ${t.fullName}: ${why}`)
      }
      if (!bad.length && suite.status === 'failed') {
        names.push(
          `FAILED ${where}: ${String(suite.message ?? '')
            .split('\n')[0]
            .slice(0, 200)}`,
        )
      }
    }
  } catch {
    console.error(`no test report at ${file}`)
    failed += 1
  }
}
if (process.argv.length <= 2) failed += 1
for (const line of names) console.log(line)
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed ? 1 : 0)
