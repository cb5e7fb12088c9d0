// Run as a child process by insert.test.ts: records a payment in the journal and stores two new
// rows, then dies at once (SIGKILL: no close, no exit handlers), as a crash would.
import { openLedger } from '../../../../electron/main/services/ledger'
import { openJournal } from '../../../../electron/main/services/payments/journal'
import { row } from './helpers'

const dir = process.env.LT_DIR as string
const journal = openJournal({ dir })
journal.add({
  requestId: 'req_crash_0001',
  accountId: 'acc_1',
  walletId: 'wal_a',
  kind: 'invoice',
  amountMsat: 5000,
  feeLimitMsat: 250,
  target: 'lnbcrt50n1…',
})
const ledger = openLedger({ dir })
ledger.insertBatch('acc_1', [
  row({ txId: 'wtx_crash_1', createdAt: 1_700_000_001 }),
  row({ txId: 'wtx_crash_2', createdAt: 1_700_000_002 }),
])
process.kill(process.pid, 'SIGKILL')
