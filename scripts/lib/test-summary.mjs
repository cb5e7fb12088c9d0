// Adds up vitest's JSON reports into one plain closing line ("tests: N passed, N failed, N skipped"),
// the form CI reads whatever the runner. A missing or unreadable report counts as a failure.
import { readFileSync } from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
for (const file of process.argv.slice(2)) {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'))
    passed += r.numPassedTests
    failed += r.numFailedTests
    skipped += r.numPendingTests + r.numTodoTests
    if (!r.success && r.numFailedTests === 0) failed += 1 // a suite that failed outside a test
  } catch {
    console.error(`no test report at ${file}`)
    failed += 1
  }
}
if (process.argv.length <= 2) failed += 1
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed ? 1 : 0)
